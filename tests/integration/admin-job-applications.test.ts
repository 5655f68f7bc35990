import { jobApplications, uploads } from "@server/db/schema";
import { listAppliedPositions, listJobApplications } from "@server/job-applications/back-office";
import { FILE_LINK_SECONDS } from "@server/route-kit/stored-file";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as pageLoader } from "~/routes/admin/job-application";
import { action as applicationsAction } from "~/routes/admin/job-applications";
import { loader as csvLoader } from "~/routes/admin/job-applications-csv";
import { loader as resumeLoader } from "~/routes/admin/resume";
import { loader as filesLoader } from "~/routes/resources/files";
import { RESUME_BYTES } from "../support/admin-data";
import {
  callRoute,
  createTestRuntime,
  routeArgs,
  type TestRuntime,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";

describe.each(testDrivers)("job applications in the back-office on %s", (driver) => {
  let t: TestRuntime;
  let withResume: string;
  let withoutResume: string;
  let missingFile: string;
  let withWord: string;
  const key = "resumes/1700000000000_abc123.pdf";
  const wordKey = "resumes/1700000000000_def456.docx";
  const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    await t.runtime.storage.put("job-applications", key, RESUME_BYTES, {
      contentType: "application/pdf",
    });
    await t.runtime.storage.put("job-applications", wordKey, Buffer.from("PK word"), {
      contentType: DOCX,
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
        {
          name: "Wren",
          email: "wren@x.test",
          positionTitle: "Video Editor",
          resumeUrl: wordKey,
          createdAt: new Date(Date.UTC(2023, 0, 1)),
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
    withWord = id("Wren");
    // The visitors' own file names, as the upload recorded them.
    await t.database.db.insert(uploads).values([
      {
        bucket: "job-applications",
        key,
        originalName: "Rae Okafor CV.pdf",
        contentType: "application/pdf",
        size: RESUME_BYTES.length,
        ownerTable: "job_applications",
        ownerId: withResume,
      },
      {
        bucket: "job-applications",
        key: wordKey,
        originalName: "wren-resume.docx",
        contentType: DOCX,
        size: 7,
        ownerTable: "job_applications",
        ownerId: withWord,
      },
    ]);
  });

  /** Serves a link the app gave out through the real files route. */
  const openLink = (link: string) => {
    const url = new URL(link, "http://localhost");
    const match = url.pathname.match(/^\/files\/([^/]+)\/(.+)$/);
    return filesLoader({
      params: { bucket: match?.[1], "*": match?.[2] },
      request: new Request(url),
      context: routeArgs(t.runtime, "/").context,
    });
  };
  const openPage = (id: string, cookie = t.cookies.admin) =>
    callRoute(pageLoader, t.runtime, `/admin/job-applications/${id}`, { cookie, params: { id } });
  afterAll(async () => {
    await t?.close();
  });

  it("lists newest first, 25 a page, filtered by status and position", async () => {
    const all = await listJobApplications(t.database.db, { status: "", position: "" }, 1);
    expect(all.total).toBe(34);
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
    const response = await callRoute(
      applicationsAction,
      t.runtime,
      "/admin/job-applications?position=Producer",
      {
        method: "POST",
        cookie: t.cookies.admin,
        body: new URLSearchParams({ intent: "status", id: withoutResume, status: "reviewing" }),
      },
    );
    expect(response.headers.get("location")).toBe("/admin/job-applications?position=Producer");
    const [sam] = (
      await listJobApplications(t.database.db, { status: "reviewing", position: "" }, 1)
    ).rows;
    expect(sam?.name).toBe("Sam");
  });

  it("gives a signed resume link that works at once, still at 59 s, and is refused from 60 s", async () => {
    const response = await callRoute(
      resumeLoader,
      t.runtime,
      `/admin/job-applications/${withResume}/resume`,
      {
        cookie: t.cookies.admin,
        params: { id: withResume },
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const link = response.headers.get("location") ?? "";
    expect(link).toMatch(
      /^\/files\/job-applications\/resumes\/1700000000000_abc123\.pdf\?disposition=[^&]+&expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(FILE_LINK_SECONDS).toBe(60);

    const open = () => openLink(link);
    const now = await open();
    expect(now.status).toBe(200);
    // The browser shows the PDF, under the name the visitor gave it.
    expect(now.headers.get("content-type")).toBe("application/pdf");
    expect(now.headers.get("content-disposition")).toBe('inline; filename="Rae Okafor CV.pdf"');
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
      callRoute(resumeLoader, t.runtime, `/admin/job-applications/${id}/resume`, {
        cookie: t.cookies.admin,
        params: { id },
        headers: { Accept: "application/json" },
      });
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
    const page = await callRoute(
      resumeLoader,
      t.runtime,
      `/admin/job-applications/${missingFile}/resume`,
      {
        cookie: t.cookies.admin,
        params: { id: missingFile },
      },
    );
    expect(page.headers.get("location")).toBe("/admin/job-applications");
    expect(page.headers.get("set-cookie")).toMatch(/admin_flash=/);
  });

  it("shows a PDF resume in place through a link the page signs afresh at each render", async () => {
    const first = await openPage(withResume);
    expect(first.resume).toEqual({
      fileName: "Rae Okafor CV.pdf",
      frameUrl: expect.stringMatching(
        /^\/files\/job-applications\/resumes\/1700000000000_abc123\.pdf\?disposition=inline/,
      ),
    });
    const frameUrl = first.resume?.frameUrl ?? "";
    const expires = Number(new URL(frameUrl, "http://localhost").searchParams.get("expires"));
    expect(expires * 1000 - (Date.now() + 0)).toBeLessThanOrEqual(60_000 + 1_000);
    const served = await openLink(frameUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toBe('inline; filename="Rae Okafor CV.pdf"');
    expect(served.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(served.headers.get("content-security-policy")).toBe("frame-ancestors 'self'");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(RESUME_BYTES);

    // A minute later that link is refused, and the page, opened again, has a fresh one that works.
    t.advance(60_000);
    try {
      const stale = await openLink(frameUrl);
      expect(stale.status).toBe(403);
      await stale.arrayBuffer();
      const again = await openPage(withResume);
      const fresh = again.resume?.frameUrl ?? "";
      expect(fresh).not.toBe(frameUrl);
      expect(Number(new URL(fresh, "http://localhost").searchParams.get("expires"))).toBe(
        expires + 60,
      );
      const reopened = await openLink(fresh);
      expect(reopened.status).toBe(200);
      await reopened.arrayBuffer();
    } finally {
      t.advance(-60_000);
    }
  });

  it("gives a Word resume no frame, and serves it as a download under its name", async () => {
    const page = await openPage(withWord);
    expect(page.resume).toEqual({ fileName: "wren-resume.docx", frameUrl: null });
    const response = await callRoute(
      resumeLoader,
      t.runtime,
      `/admin/job-applications/${withWord}/resume`,
      {
        cookie: t.cookies.admin,
        params: { id: withWord },
      },
    );
    const file = await openLink(response.headers.get("location") ?? "");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe(DOCX);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="wren-resume.docx"');
    await file.arrayBuffer();
    // No resume: no section; a key without an upload row is taken at its extension.
    expect((await openPage(withoutResume)).resume).toBeNull();
    expect((await openPage(missingFile)).resume).toEqual({
      fileName: "1_gone.pdf",
      frameUrl: expect.stringMatching(/^\/files\/job-applications\/resumes\/1_gone\.pdf\?/),
    });
  });

  it("refuses the application page, so its frame, to anyone but an admin", async () => {
    const statusOf = (thrown: unknown) =>
      thrown instanceof Response ? thrown.status : (thrown as { init?: ResponseInit }).init?.status;
    // Signed out, or signed in without a back-office role: to the sign-in page; editors and
    // contributors: 403, and no link is ever signed for them.
    for (const [cookie, status] of [
      ["", 302],
      [t.cookies.viewer, 302],
      [t.cookies.editor, 403],
      [t.cookies.contributor, 403],
    ] as const) {
      await expect(openPage(withResume, cookie)).rejects.toSatisfy(
        (thrown: unknown) => statusOf(thrown) === status,
      );
    }
  });

  it("refuses the resume link to anyone but an admin", async () => {
    for (const [cookie, status] of [
      ["", 401],
      [t.cookies.viewer, 403],
      [t.cookies.editor, 403],
      [t.cookies.contributor, 403],
    ] as const) {
      await expect(
        callRoute(resumeLoader, t.runtime, `/admin/job-applications/${withResume}/resume`, {
          cookie,
          params: { id: withResume },
        }),
      ).rejects.toSatisfy((r: Response) => r.status === status);
    }
  });

  it("exports the filtered applications as CSV with formulas defused", async () => {
    const response = await callRoute(
      csvLoader,
      t.runtime,
      "/admin/job-applications.csv?position=Motion%20Designer",
      {
        cookie: t.cookies.admin,
      },
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
