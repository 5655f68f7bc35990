import { listCaseStudies } from "@server/content/case-studies/editor";
import {
  findPublishedCaseStudy,
  listPublishedCaseStudies,
} from "@server/content/case-studies/read";
import { listTeamMembers } from "@server/content/team/editor";
import { listActiveTeamMembers } from "@server/content/team/read";
import { listTestimonials } from "@server/content/testimonials/editor";
import { listPublishedTestimonials } from "@server/content/testimonials/read";
import { caseStudies, uploads } from "@server/db/schema";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as blogLoader } from "~/routes/admin/blog";
import {
  action as caseStudiesAction,
  loader as caseStudiesLoader,
} from "~/routes/admin/case-studies";
import { action as confirmAction, loader as confirmLoader } from "~/routes/admin/confirm-delete";
import { loader as inquiriesLoader } from "~/routes/admin/inquiries";
import { loader as applicationsLoader } from "~/routes/admin/job-applications";
import { loader as portfolioLoader } from "~/routes/admin/portfolio";
import { action as teamAction, loader as teamLoader } from "~/routes/admin/team";
import {
  action as testimonialsAction,
  loader as testimonialsLoader,
} from "~/routes/admin/testimonials";
import {
  callRoute,
  createTestRuntime,
  postTo,
  type RouteHandler,
  seededRuntime,
  toastOf,
  type WithParams,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/** The first page of a list, unsearched (the demo content fits on it). */
const FIRST_PAGE = { q: "", page: 1 };

describe.each(testDrivers)("moderation (case studies, testimonials, team) on %s", (driver) => {
  const t = seededRuntime(driver);
  const { changes } = t;

  /** Posts a form as the admin; returns the redirect and the toast it carries. */
  async function post<P>(
    handler: RouteHandler<P, Promise<Response>>,
    path: string,
    form: Record<string, string>,
    ...options: WithParams<NoInfer<P>, object>
  ) {
    const response = await postTo(t, handler, path, new URLSearchParams(form), ...options);
    return { response, toast: await toastOf(t.runtime, response) };
  }

  it("lists every case study newest first, and featuring one changes the public site", async () => {
    const rows = (await listCaseStudies(t.database.db, FIRST_PAGE)).rows;
    const times = rows.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const target = rows.find((r) => r.status === "published" && !r.isFeatured);
    if (!target) throw new Error("the demo content has no unfeatured published case study");
    const isFeaturedPublicly = async () =>
      (await listPublishedCaseStudies(t.database.db, { featuredOnly: true })).some(
        (s) => s.id === target.id,
      );

    expect(await isFeaturedPublicly()).toBe(false);
    const on = await post(caseStudiesAction, "/admin/case-studies", {
      intent: "feature",
      id: target.id,
      value: "true",
    });
    expect(on.response.headers.get("location")).toBe("/admin/case-studies");
    expect(on.toast).toBe("Success: Case study featured");
    expect(await isFeaturedPublicly()).toBe(true);

    const off = await post(caseStudiesAction, "/admin/case-studies", {
      intent: "feature",
      id: target.id,
      value: "false",
    });
    expect(off.toast).toBe("Success: Case study unfeatured");
    expect(await isFeaturedPublicly()).toBe(false);
    expect(changes).toContainEqual({ entity: "case-studies", id: target.id, action: "updated" });
  });

  it("deletes a case study after confirmation; it leaves the public site and releases its files", async () => {
    const [target] = await listPublishedCaseStudies(t.database.db);
    if (!target) throw new Error("no published case study");
    await t.database.db.insert(uploads).values({
      bucket: "portfolio-images",
      key: "case/1_cover.png",
      originalName: "cover.png",
      contentType: "image/png",
      size: 1,
      ownerTable: "case_studies",
      ownerId: target.id,
    });
    const confirm = (await callRoute(
      confirmLoader,
      t.runtime,
      `/admin/case-studies/${target.id}/delete`,
      {
        cookie: t.cookies.admin,
        params: { section: "case-studies", id: target.id },
      },
    )) as { name: string; noun: string };
    expect(confirm).toMatchObject({ name: target.title, noun: "case study" });

    const deleted = await post(
      confirmAction,
      `/admin/case-studies/${target.id}/delete`,
      {},
      {
        params: {
          section: "case-studies",
          id: target.id,
        },
      },
    );
    expect(deleted.toast).toBe("Success: Case study deleted successfully");
    expect(await findPublishedCaseStudy(t.database.db, target.slug)).toBeNull();
    const [upload] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, "case/1_cover.png"));
    expect(upload?.ownerId).toBeNull();
    expect(changes).toContainEqual({ entity: "case-studies", id: target.id, action: "deleted" });

    // Deleting it again (a stale page) or toggling it fails with SPEC's messages.
    const again = await post(
      confirmAction,
      `/admin/case-studies/${target.id}/delete`,
      {},
      {
        params: {
          section: "case-studies",
          id: target.id,
        },
      },
    );
    expect(again.toast).toBe("Error: Failed to delete case study");
    const toggle = await post(caseStudiesAction, "/admin/case-studies", {
      intent: "feature",
      id: target.id,
      value: "true",
    });
    expect(toggle.toast).toBe("Error: Failed to update case study");
    // The confirmation step of a missing row goes back to the list with the failure.
    await expect(
      callRoute(confirmLoader, t.runtime, `/admin/case-studies/${target.id}/delete`, {
        cookie: t.cookies.admin,
        params: { section: "case-studies", id: target.id },
      }),
    ).rejects.toSatisfy((r: Response) => r.headers.get("location") === "/admin/case-studies");
  });

  it("features, unfeatures and deletes testimonials with SPEC's toasts", async () => {
    const [target] = (await listTestimonials(t.database.db, FIRST_PAGE)).rows;
    if (!target) throw new Error("no testimonial");
    const on = await post(testimonialsAction, "/admin/testimonials", {
      intent: "feature",
      id: target.id,
      value: "true",
    });
    expect(on.toast).toBe("Success: Testimonial featured");
    expect(
      (await listPublishedTestimonials(t.database.db, { featuredOnly: true })).map((x) => x.id),
    ).toContain(target.id);
    const off = await post(testimonialsAction, "/admin/testimonials", {
      intent: "feature",
      id: target.id,
      value: "false",
    });
    expect(off.toast).toBe("Success: Testimonial unfeatured");
    const gone = await post(
      confirmAction,
      `/admin/testimonials/${target.id}/delete`,
      {},
      { params: { section: "testimonials", id: target.id } },
    );
    expect(gone.toast).toBe("Success: Testimonial deleted successfully");
    expect((await listPublishedTestimonials(t.database.db)).map((x) => x.id)).not.toContain(
      target.id,
    );
    const stale = await post(testimonialsAction, "/admin/testimonials", {
      intent: "feature",
      id: target.id,
      value: "true",
    });
    expect(stale.toast).toBe("Error: Failed to update testimonial");
    const again = await post(
      confirmAction,
      `/admin/testimonials/${target.id}/delete`,
      {},
      { params: { section: "testimonials", id: target.id } },
    );
    expect(again.toast).toBe("Error: Failed to delete testimonial");
  });

  it("lists the team by display order; (de)activating and deleting change the About page's list", async () => {
    const rows = (await listTeamMembers(t.database.db, FIRST_PAGE)).rows;
    expect(rows.map((r) => r.displayOrder)).toEqual(
      [...rows.map((r) => r.displayOrder)].sort((a, b) => a - b),
    );
    const target = rows.find((r) => r.isActive);
    if (!target) throw new Error("no active team member");
    const off = await post(teamAction, "/admin/team", {
      intent: "activate",
      id: target.id,
      value: "false",
    });
    expect(off.toast).toBe("Success: Team member deactivated");
    expect((await listActiveTeamMembers(t.database.db)).map((m) => m.id)).not.toContain(target.id);
    const on = await post(teamAction, "/admin/team", {
      intent: "activate",
      id: target.id,
      value: "true",
    });
    expect(on.toast).toBe("Success: Team member activated");
    expect((await listActiveTeamMembers(t.database.db)).map((m) => m.id)).toContain(target.id);
    const gone = await post(
      confirmAction,
      `/admin/team/${target.id}/delete`,
      {},
      { params: { section: "team", id: target.id } },
    );
    expect(gone.toast).toBe("Success: Team member deleted successfully");
    expect((await listActiveTeamMembers(t.database.db)).map((m) => m.id)).not.toContain(target.id);
    const stale = await post(teamAction, "/admin/team", {
      intent: "activate",
      id: target.id,
      value: "true",
    });
    expect(stale.toast).toBe("Error: Failed to update team member");
    const again = await post(
      confirmAction,
      `/admin/team/${target.id}/delete`,
      {},
      { params: { section: "team", id: target.id } },
    );
    expect(again.toast).toBe("Error: Failed to delete team member");
  });

  it("answers malformed posts with a message (never a 500) and changes nothing", async () => {
    const before = await t.database.db.select().from(caseStudies);
    for (const form of <Record<string, string>[]>[
      {},
      { intent: "feature", id: "x", value: "true" },
      { intent: "feature", id: before[0]?.id ?? "", value: "maybe" },
      { intent: "delete", id: before[0]?.id ?? "" },
    ]) {
      const result = await post(caseStudiesAction, "/admin/case-studies", form);
      expect(result.response.status).toBe(302);
      expect(result.toast).toMatch(/^Error: /);
    }
    const badId = await post(
      confirmAction,
      "/admin/case-studies/x/delete",
      {},
      { params: { section: "case-studies", id: "x" } },
    );
    expect(badId.toast).toBe("Error: Failed to delete case study");
    await expect(
      callRoute(confirmAction, t.runtime, "/admin/users/x/delete", {
        method: "POST",
        cookie: t.cookies.admin,
        params: { section: "users", id: before[0]?.id ?? "" },
      }),
    ).rejects.toSatisfy((r: { init?: { status?: number } }) => r.init?.status === 404);
    expect(await t.database.db.select().from(caseStudies)).toEqual(before);
  });

  it("each action checks the role itself, even without the layout's middleware", async () => {
    const [target] = (await listCaseStudies(t.database.db, FIRST_PAGE)).rows;
    for (const cookie of ["", t.cookies.viewer]) {
      await expect(
        callRoute(caseStudiesAction, t.runtime, "/admin/case-studies", {
          method: "POST",
          cookie,
          body: new URLSearchParams({
            intent: "feature",
            id: target?.id ?? "",
            value: String(!target?.isFeatured),
          }),
        }),
      ).rejects.toSatisfy(
        (r: Response) => r.headers.get("location")?.startsWith("/admin/login") ?? false,
      );
      await expect(
        callRoute(confirmAction, t.runtime, `/admin/case-studies/${target?.id}/delete`, {
          method: "POST",
          cookie,
          params: { section: "case-studies", id: target?.id ?? "" },
        }),
      ).rejects.toSatisfy((r: Response) => r.status === 302);
    }
    expect((await listCaseStudies(t.database.db, FIRST_PAGE)).rows[0]).toEqual(target);
  });

  it("shows 'Failed to fetch ...' (and logs it) when a list cannot be read", async () => {
    const broken = await createTestRuntime(driver);
    const cookie = broken.cookies.admin;
    // Sessions still work; the content tables are gone, so every list query fails for real.
    await broken.database.db.execute(
      sql.raw(
        "drop table case_studies, testimonials, team_members, portfolio_items, blog_post_tags, blog_posts, contact_submissions, job_applications cascade",
      ),
    );
    const cases: [RouteHandler<Record<string, never>, Promise<unknown>>, string, string][] = [
      [caseStudiesLoader, "/admin/case-studies", "Failed to fetch case studies"],
      [testimonialsLoader, "/admin/testimonials", "Failed to fetch testimonials"],
      [teamLoader, "/admin/team", "Failed to fetch team members"],
      [portfolioLoader, "/admin/portfolio", "Failed to fetch portfolio items"],
      [blogLoader, "/admin/blog", "Failed to fetch blog posts"],
      [inquiriesLoader, "/admin", "Failed to fetch inquiries"],
      [applicationsLoader, "/admin/job-applications", "Failed to fetch job applications"],
    ];
    try {
      for (const [loader, path, message] of cases) {
        const data = (await callRoute(loader, broken.runtime, path, { cookie })) as {
          loadError: { title: string; description: string };
        };
        expect(data.loadError).toMatchObject({ title: "Error", description: message });
        expect(broken.logs.some((line) => line.level >= 50 && line.msg === message)).toBe(true);
      }
    } finally {
      await broken.close();
    }
  });
});
