import { listAppliedPositions, listJobApplications } from "@server/admin/job-applications";
import { FILE_LINK_SECONDS } from "@server/admin/stored-file-link";
import { jobApplications } from "@server/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applicationsAction } from "~/routes/admin/job-applications";
import { loader as csvLoader } from "~/routes/admin/job-applications-csv";
import { loader as resumeLoader } from "~/routes/admin/resume";
import { loader as filesLoader } from "~/routes/resources/files";
import { RESUME_BYTES } from "../support/admin-data";
import { createTestRuntime, routeArgs, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

describe.each(testDrivers)("job applications in the back-office on %s", (driver) => {
  let t: TestRuntime;
  let withResume: string;
  let withoutResume: string;
  let missingFile: string;
  const key = "resumes/1700000000000_abc123.pdf";

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    await t.runtime.storage.put("job-applications", key, RESUME_BYTES, {
      contentType: "application/pdf",
    });
    const rows = await t.database.db
      .insert(jobApplications)
      .values([
        {
          name: "Rae",
          email: "rae@x.test",
          positionTitle: "Producer",
          resumeUrl: key,
          createdAt: new Date(Date.UTC(2025, 1, 3)),
        },
        {
          name: "Sam",
          email: "sam@x.test",
          positionTitle: "Video Editor",
          createdAt: new Date(Date.UTC(2025, 1, 2)),
        },
        {
          name: "Kit",
          email: "kit@x.test",
          positionTitle: "Producer",
          resumeUrl: "resumes/1_gone.pdf",
          status: "interview",
          createdAt: new Date(Date.UTC(2025, 1, 1)),
        },
        ...Array.from({ length: 30 }, (_, i) => ({
          name: `Bulk ${i}`,
          email: `bulk${i}@x.test`,
          positionTitle: "Motion Designer",
          additionalInfo: i === 0 ? "@SUM(1+1)*cmd|' /C calc'!A0" : null,
          createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
        })),
      ])
      .returning({ id: jobApplications.id, name: jobApplications.name });
    const id = (name: string) => rows.find((r) => r.name === name)?.id ?? "";
    withResume = id("Rae");
    withoutResume = id("Sam");
    missingFile = id("Kit");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists newest first, 25 a page, filtered by status and position", async () => {
    const all = await listJobApplications(t.database.db, { status: "", position: "" }, 1);
    expect(all.total).toBe(33);
    expect(all.rows).toHaveLength(25);
    expect(all.rows.slice(0, 3).map((r) => r.name)).toEqual(["Rae", "Sam", "Kit"]);
    const producers = await listJobApplications(
      t.database.db,
      { status: "", position: "Producer" },
      1,
    );
    expect(producers.rows.map((r) => r.name)).toEqual(["Rae", "Kit"]);
    const interviews = await listJobApplications(
      t.database.db,
      { status: "interview", position: "Producer" },
      1,
    );
    expect(interviews.rows.map((r) => r.name)).toEqual(["Kit"]);
    expect(await listAppliedPositions(t.database.db)).toEqual([
      "Motion Designer",
      "Producer",
      "Video Editor",
    ]);
  });

  it("saves a status from the page action", async () => {
    const response = await applicationsAction(
      routeArgs(t.runtime, "/admin/job-applications?position=Producer", {
        method: "POST",
        cookie: t.cookies.admin,
        body: new URLSearchParams({ intent: "status", id: withoutResume, status: "reviewing" }),
      }) as never,
    );
    expect(response.headers.get("location")).toBe("/admin/job-applications?position=Producer");
    const [sam] = (
      await listJobApplications(t.database.db, { status: "reviewing", position: "" }, 1)
    ).rows;
    expect(sam?.name).toBe("Sam");
  });

  it("gives a signed resume link that works at once, still at 59 s, and is refused from 60 s", async () => {
    const response = await resumeLoader(
      routeArgs(t.runtime, `/admin/job-applications/${withResume}/resume`, {
        cookie: t.cookies.admin,
        params: { id: withResume },
      }) as never,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const link = response.headers.get("location") ?? "";
    expect(link).toMatch(
      /^\/files\/job-applications\/resumes\/1700000000000_abc123\.pdf\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(FILE_LINK_SECONDS).toBe(60);

    const open = async () => {
      const url = new URL(link, "http://localhost");
      const match = url.pathname.match(/^\/files\/([^/]+)\/(.+)$/);
      return filesLoader({
        params: { bucket: match?.[1], "*": match?.[2] },
        request: new Request(url),
        context: routeArgs(t.runtime, "/").context,
      });
    };
    const now = await open();
    expect(now.status).toBe(200);
    expect(Buffer.from(await now.arrayBuffer())).toEqual(RESUME_BYTES);
    t.advance(59_000);
    expect((await open()).status).toBe(200);
    t.advance(1_000);
    const expired = await open();
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe("This link has expired or is invalid.");
    // A tampered link is refused too.
    t.advance(-60_000);
    // Flip the first hex digit (a fixed replacement would be a no-op 1 time in 16).
    const tampered = link.replace(/signature=(.)/, (_, first: string) =>
      first === "0" ? "signature=1" : "signature=0",
    );
    const url = new URL(tampered, "http://localhost");
    const bad = await filesLoader({
      params: { bucket: "job-applications", "*": key },
      request: new Request(url),
      context: routeArgs(t.runtime, "/").context,
    });
    expect(bad.status).toBe(403);
  });

  it("answers JSON for the page's script, with a message when there is no resume", async () => {
    const json = (id: string) =>
      resumeLoader(
        routeArgs(t.runtime, `/admin/job-applications/${id}/resume`, {
          cookie: t.cookies.admin,
          params: { id },
          headers: { Accept: "application/json" },
        }) as never,
      );
    const ok = await json(withResume);
    expect((await ok.json()).url).toMatch(/^\/files\/job-applications\//);
    const none = await json(withoutResume);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: "This application has no resume" });
    const gone = await json(missingFile);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: "Failed to open the resume" });
    expect(t.logs.some((l) => l.msg.startsWith("Failed to open the resume"))).toBe(true);
    const bad = await json("not-a-uuid");
    expect(bad.status).toBe(404);
    // Without JSON, a failure goes back to the list with the message.
    const page = await resumeLoader(
      routeArgs(t.runtime, `/admin/job-applications/${missingFile}/resume`, {
        cookie: t.cookies.admin,
        params: { id: missingFile },
      }) as never,
    );
    expect(page.headers.get("location")).toBe("/admin/job-applications");
    expect(page.headers.get("set-cookie")).toMatch(/admin_flash=/);
  });

  it("refuses the resume link to anyone but an admin", async () => {
    for (const [cookie, status] of [
      ["", 401],
      [t.cookies.viewer, 403],
    ] as const) {
      await expect(
        resumeLoader(
          routeArgs(t.runtime, `/admin/job-applications/${withResume}/resume`, {
            cookie,
            params: { id: withResume },
          }) as never,
        ),
      ).rejects.toSatisfy((r: Response) => r.status === status);
    }
  });

  it("exports the filtered applications as CSV with formulas defused", async () => {
    const response = await csvLoader(
      routeArgs(t.runtime, "/admin/job-applications.csv?position=Motion%20Designer", {
        cookie: t.cookies.admin,
      }) as never,
    );
    expect(response.headers.get("content-disposition")).toMatch(
      /job-applications-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const lines = (await response.text()).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(31);
    expect(lines.join("\n")).toContain(`"'@SUM(1+1)*cmd|' /C calc'!A0"`);
    expect(lines.join("\n")).not.toContain("Rae");
  });
});
