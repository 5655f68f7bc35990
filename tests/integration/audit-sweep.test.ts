import { listTables, qualified, rowsOf } from "@server/backup/archive/catalog";
import type { Database } from "@server/db/client";
import {
  auditEvents,
  blogCategories,
  blogPosts,
  caseStudies,
  contactSubmissions,
  contentRevisions,
  deliverables,
  deliverableVersions,
  jobApplications,
  mediaItems,
  portfolioItems,
  projects,
  redirectDomains,
  redirects,
  replyTemplates,
  reviewComments,
  shareLinks,
  teamMembers,
  testimonials,
  user,
} from "@server/db/schema";
import { asc, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { areaOf, mayEnter, PUBLIC_ADMIN_ROUTES } from "~/entities/staff/access";
import routes from "~/routes";
import { action as registerAction } from "~/routes/admin/passkey-register";
import { TEST_ADMIN, TEST_EDITOR, TEST_VIEWER } from "../support/admin-data";
import {
  callRoute,
  formOf,
  type RouteHandler,
  routePatternOf,
  SITE,
  seededRuntime,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { settle, statusOf } from "../support/route-answers";
import { SoftAuthenticator } from "../support/soft-authenticator";

/**
 * The audit sweep (issue #29, "Must show"): every back-office route of app/routes.ts whose module
 * has an action is posted to as an admin with writes that succeed, and each write that changes a
 * table must add an audit row. A route with an action and no sample write here fails the sweep, so
 * a new screen cannot write unaudited by being forgotten.
 */

interface ConfigEntry {
  file: string;
  path?: string;
  children?: ConfigEntry[];
}

/** Each routed module under /admin, with its URL pattern (as the policy table keys it). */
function adminModules(entries: ConfigEntry[], parent = ""): { file: string; pattern: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.path ?? parent;
    const own =
      full === "admin" || full.startsWith("admin/")
        ? [{ file: entry.file, pattern: `/${full}` }]
        : [];
    return [...own, ...adminModules(entry.children ?? [], full)];
  });
}

// Found by the route table at run time: each is called with the params its own pattern names.
const modules = import.meta.glob<{
  action?: RouteHandler<Record<string, string>, Promise<unknown>>;
  loader?: RouteHandler<Record<string, string>, Promise<unknown>>;
}>("../../app/routes/admin/*.{ts,tsx}");

/**
 * Writes that are not records, with the reason: an image upload is unowned until the save that
 * uses it claims it (that save is audited), and the unclaimed ones are swept.
 */
const NOT_RECORD_WRITES: Record<string, string> = {
  "/admin/uploads/image": "an unclaimed upload: its claim is part of an audited save",
  "/admin/confirm": "the step-up restarts its session's clock (sessions.verified_at): no record",
  "/admin/confirm/passkey": "the step-up with a passkey: the same clock, no record",
  "/admin/privacy/export": "a download of a person's data: it writes its own audit row, no record",
  // Issue #49: Retry and Cancel audit in the same transaction (tests/integration/jobs-screen.test.ts).
  "/admin/jobs": "a job's state: pg-boss's own tables (schema pgboss), not a record table",
  // Issue #44: an upload's bytes (tus PATCH; a POST there is refused). Making the upload is
  // audited (the sample below); its end fills in what ffprobe read of the master.
  "/admin/media/uploads/:id": "an upload's bytes: the item was audited when the upload was made",
};

/**
 * Tables whose rows are not the studio's records: sessions, limits, the log itself, schedules.
 * `verifications` is not among them: it holds the mailed links, and an invitation resent or
 * revoked must be audited (issue #47).
 */
const NOT_RECORDS = new Set([
  "audit_events",
  "sessions",
  "rate_limits",
  // An account's second-factor secrets; turning two-factor on or off is the user's flag (audited).
  "two_factors",
  "uploads",
  "notifications",
]);

/** The opposite of each sample row's flag, so that each toggle really changes it. */
type Flips = Record<"caseStudy" | "testimonial" | "portfolio" | "team", string>;

type Ids = Record<
  | "inquiry"
  | "application"
  | "caseStudy"
  | "testimonial"
  | "team"
  | "portfolio"
  | "post"
  | "category"
  | "adminUser"
  | "editorUser"
  | "viewerUser"
  | "template"
  | "project"
  | "markersProject"
  | "markersVersion",
  string
>;

interface SampleWrite {
  url: string;
  params?: Record<string, string>;
  body: () => Promise<FormData | URLSearchParams> | FormData | URLSearchParams;
  /** Cookies the write needs besides the admin's session (read after `body`). */
  cookie?: () => string;
  /** Headers a protocol needs (tus's Upload-Length). */
  headers?: Record<string, string>;
}

/** At least one write that succeeds for every back-office route with an action. */
function sampleWrites(
  ids: Ids,
  flips: Flips,
  db: () => Database,
  revisionsOf: (id: string) => Promise<{ id: string }[]>,
  passkeySample: () => SampleWrite,
): Record<string, SampleWrite[]> {
  const form = (fields: Record<string, string>) => () => new URLSearchParams(fields);
  const sweepComment = async () =>
    (
      await db()
        .select({ id: reviewComments.id })
        .from(reviewComments)
        .where(eq(reviewComments.body, "Sweep staff note"))
    )[0]?.id ?? "";
  return {
    "/admin": [
      { url: "/admin?index", body: form({ intent: "status", id: ids.inquiry, status: "closed" }) },
    ],
    "/admin/inquiries/:id": [
      ...(<Record<string, string>[]>[
        { intent: "status", status: "contacted" },
        // An owner must be able to open the record (issue #47 item 16): an admin.
        { intent: "owner", owner: ids.adminUser },
        { intent: "follow_up", followUp: "2030-01-15" },
        { intent: "note", note: "Audited note." },
        { intent: "reply", subject: "Re: Audited", message: "Thanks." },
      ]).map((fields) => ({
        url: `/admin/inquiries/${ids.inquiry}`,
        params: { id: ids.inquiry },
        body: form(fields),
      })),
    ],
    "/admin/templates": [
      {
        url: "/admin/templates",
        body: async () =>
          form({
            id: ids.template,
            name: "Acknowledge",
            subject: "Audited subject",
            body: "Audited text.",
          })(),
      },
    ],
    "/admin/job-applications/:id": [
      ...(<Record<string, string>[]>[
        { intent: "status", status: "interview" },
        // An owner must be able to open the record (issue #47 item 16): an admin.
        { intent: "owner", owner: ids.adminUser },
        { intent: "follow_up", followUp: "2030-01-16" },
        { intent: "note", note: "Audited note." },
        { intent: "reply", subject: "Re: Audited", message: "Thanks." },
        { intent: "rating", rating: "4" },
      ]).map((fields) => ({
        url: `/admin/job-applications/${ids.application}`,
        params: { id: ids.application },
        body: form(fields),
      })),
    ],
    "/admin/job-applications": [
      {
        url: "/admin/job-applications",
        body: form({ intent: "status", id: ids.application, status: "hired" }),
      },
    ],
    "/admin/case-studies": [
      {
        url: "/admin/case-studies",
        body: form({ intent: "feature", id: ids.caseStudy, value: flips.caseStudy }),
      },
    ],
    "/admin/testimonials": [
      {
        url: "/admin/testimonials",
        body: form({ intent: "feature", id: ids.testimonial, value: flips.testimonial }),
      },
    ],
    "/admin/team": [
      { url: "/admin/team", body: form({ intent: "activate", id: ids.team, value: flips.team }) },
    ],
    "/admin/portfolio": [
      {
        url: "/admin/portfolio",
        body: () => formOf({ intent: "save", title: "Audited Reel", serviceType: "consulting" }),
      },
      {
        url: "/admin/portfolio",
        body: form({ intent: "feature", id: ids.portfolio, value: flips.portfolio }),
      },
    ],
    "/admin/case-studies/new": [
      {
        url: "/admin/case-studies/new",
        body: () =>
          formOf({
            intent: "save",
            title: "Audited Study",
            status: "draft",
            clientName: "Audit Co",
            galleryLayout: "grid",
          }),
      },
    ],
    "/admin/case-studies/:id/edit": [
      {
        url: `/admin/case-studies/${ids.caseStudy}/edit`,
        params: { id: ids.caseStudy },
        body: () =>
          formOf({
            intent: "save",
            title: "Audited Study, edited",
            status: "draft",
            galleryLayout: "grid",
          }),
      },
    ],
    "/admin/testimonials/new": [
      {
        url: "/admin/testimonials/new",
        body: () => formOf({ quote: "Audited.", author: "Ada Audit", rating: "5" }),
      },
    ],
    "/admin/testimonials/:id/edit": [
      {
        url: `/admin/testimonials/${ids.testimonial}/edit`,
        params: { id: ids.testimonial },
        body: () => formOf({ quote: "Audited, edited.", author: "Ada Audit", rating: "4" }),
      },
    ],
    "/admin/team/new": [
      {
        url: "/admin/team/new",
        body: () => formOf({ name: "Ines Audit", role: "Colorist", displayOrder: "0" }),
      },
    ],
    "/admin/team/:id/edit": [
      {
        url: `/admin/team/${ids.team}/edit`,
        params: { id: ids.team },
        body: () => formOf({ name: "Ines Audit, edited", role: "Colorist", displayOrder: "1" }),
      },
    ],
    "/admin/blog/new": [
      { url: "/admin/blog/new", body: () => formOf({ title: "Audited Post", status: "draft" }) },
    ],
    "/admin/blog/edit/:id": [
      {
        url: `/admin/blog/edit/${ids.post}`,
        params: { id: ids.post },
        body: () =>
          formOf({ title: "Audited Post, edited", slug: "audited-post-edited", status: "draft" }),
      },
      // Publishing (issue #31): publish, then unpublish.
      {
        url: `/admin/blog/edit/${ids.post}`,
        params: { id: ids.post },
        body: () =>
          formOf({ title: "Audited Post, live", slug: "audited-post-live", workflow: "publish" }),
      },
      {
        url: `/admin/blog/edit/${ids.post}`,
        params: { id: ids.post },
        body: () => formOf({ workflow: "unpublish" }),
      },
    ],
    "/admin/history/:section/:id": [
      {
        url: `/admin/history/blog/${ids.post}`,
        params: { section: "blog", id: ids.post },
        body: async () => {
          const [revision] = await revisionsOf(ids.post);
          return new URLSearchParams({ revision: revision?.id ?? "" });
        },
      },
    ],
    "/admin/blog/categories": [
      {
        url: "/admin/blog/categories",
        body: form({ intent: "create", name: "Audited", color: "#ff0000" }),
      },
      {
        url: "/admin/blog/categories",
        body: form({ intent: "toggle", id: ids.category, value: "false" }),
      },
    ],
    "/admin/blog/:id/delete": [
      { url: `/admin/blog/${ids.post}/delete`, params: { id: ids.post }, body: form({}) },
    ],
    "/admin/:section/:id/delete": [
      {
        url: `/admin/testimonials/${ids.testimonial}/delete`,
        params: { section: "testimonials", id: ids.testimonial },
        body: form({}),
      },
    ],
    // Deactivation is confirmed on a page of its own (issue #47): before the staff screen's
    // reactivation below.
    "/admin/staff/:id/deactivate": [
      {
        url: `/admin/staff/${ids.viewerUser}/deactivate`,
        params: { id: ids.viewerUser },
        body: form({}),
      },
    ],
    "/admin/staff": [
      {
        url: "/admin/staff",
        body: form({ intent: "invite", email: "invitee@audit.test", role: "editor" }),
      },
      // An admin's invitation (behind the step-up; the admin's session is fresh).
      {
        url: "/admin/staff",
        body: form({ intent: "invite", email: "admin-invitee@audit.test", role: "admin" }),
      },
      // The invitation sent again (a new link), then revoked (issue #47).
      ...(["resend", "revoke"] as const).map((intent) => ({
        url: "/admin/staff",
        body: async () =>
          new URLSearchParams({
            intent,
            id:
              (
                await db()
                  .select({ id: user.id })
                  .from(user)
                  .where(eq(user.email, "invitee@audit.test"))
              )[0]?.id ?? "",
          }),
      })),
      { url: "/admin/staff", body: form({ intent: "role", id: ids.editorUser, role: "admin" }) },
      { url: "/admin/staff", body: form({ intent: "reactivate", id: ids.viewerUser }) },
      // Requiring two-factor is refused to an admin without it: this one has it on.
      {
        url: "/admin/staff",
        body: async () => {
          await db()
            .update(user)
            .set({ twoFactorEnabled: true })
            .where(eq(user.email, TEST_ADMIN.email));
          return new URLSearchParams({ intent: "require-two-factor", required: "on" });
        },
      },
      { url: "/admin/staff", body: form({ intent: "require-two-factor" }) },
    ],
    // There and back: the other samples sign in with nothing (they use the session).
    "/admin/account": [
      {
        url: "/admin/account",
        body: form({
          intent: "password",
          currentPassword: TEST_ADMIN.password,
          newPassword: "a swept passphrase of the admin",
        }),
      },
      {
        url: "/admin/account",
        body: form({
          intent: "password",
          currentPassword: "a swept passphrase of the admin",
          newPassword: TEST_ADMIN.password,
        }),
      },
    ],
    // "Add a passkey": the body runs the options step (its challenge cookie rides along) and a
    // software authenticator answers it.
    "/admin/account/passkeys": [passkeySample()],
    "/admin/staff/:id/remove": [
      {
        url: `/admin/staff/${ids.viewerUser}/remove`,
        params: { id: ids.viewerUser },
        body: form({}),
      },
    ],
    "/admin/privacy": [
      {
        url: "/admin/privacy",
        body: form({
          intent: "retention",
          inquiry_months: "18",
          application_months: "6",
          review_months: "12",
        }),
      },
      {
        url: "/admin/privacy",
        body: form({ intent: "erase", email: "visitor@audit.test", confirm: "yes" }),
      },
    ],
    "/admin/backups": [{ url: "/admin/backups", body: form({}) }],
    // Issue #44: an upload made (tus), a failed video retried, then deleted.
    "/admin/media/uploads": [
      {
        url: "/admin/media/uploads",
        body: () => new URLSearchParams(),
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Length": "1000",
          "Upload-Metadata": `filename ${Buffer.from("sweep.mp4").toString("base64")}`,
        },
      },
    ],
    "/admin/media": [
      {
        url: "/admin/media",
        body: async () => {
          const [row] = await db()
            .insert(mediaItems)
            .values({
              title: "Sweep video",
              originalName: "sweep-video.mp4",
              state: "failed",
              size: 10,
              masterKey: "sweep/master.mp4",
            })
            .returning({ id: mediaItems.id });
          return new URLSearchParams({ intent: "retry", id: row?.id ?? "" });
        },
      },
      {
        url: "/admin/media",
        body: async () => {
          const [row] = await db()
            .select({ id: mediaItems.id })
            .from(mediaItems)
            .where(eq(mediaItems.title, "Sweep video"));
          return new URLSearchParams({ intent: "delete", id: row?.id ?? "" });
        },
      },
      // Captions on a Ready video (decision 0499): added, then removed.
      {
        url: "/admin/media",
        body: async () => {
          const [row] = await db()
            .insert(mediaItems)
            .values({
              title: "Sweep captions",
              originalName: "sweep-captions.mp4",
              state: "ready",
              size: 10,
              durationSeconds: 2,
              masterKey: "sweep-captions/master.mp4",
              outputs: {
                master: "master.m3u8",
                renditions: [
                  {
                    width: 640,
                    height: 360,
                    bandwidth: 800000,
                    codecs: "avc1.64001e",
                    playlist: "360p/index.m3u8",
                  },
                ],
                poster: { jpeg: "poster.jpg", webp: "poster.webp", avif: "poster.avif" },
                storyboard: { image: "storyboard.jpg", vtt: "storyboard.vtt" },
              },
            })
            .returning({ id: mediaItems.id });
          const srt = "1\n00:00:00,000 --> 00:00:01,000\nSwept.\n";
          return formOf({
            intent: "add-captions",
            id: row?.id ?? "",
            language: "en",
            file: new File([srt], "sweep.srt"),
          });
        },
      },
      {
        url: "/admin/media",
        body: async () => {
          const [row] = await db()
            .select({ id: mediaItems.id })
            .from(mediaItems)
            .where(eq(mediaItems.title, "Sweep captions"));
          return new URLSearchParams({
            intent: "remove-captions",
            id: row?.id ?? "",
            language: "en",
          });
        },
      },
    ],
    // Issue #45: a project made directly and one started from an inquiry; then on a project,
    // its status, a deliverable, a version, a share link made and revoked.
    "/admin/projects": [
      {
        url: "/admin/projects",
        body: form({
          title: "Sweep project",
          clientName: "Sweep Client",
          clientEmail: "",
          clientCompany: "",
        }),
      },
      {
        url: "/admin/projects",
        // An inquiry of its own: the privacy sample erases the sweep's visitor.
        body: async () => {
          const [inquiry] = await db()
            .insert(contactSubmissions)
            .values({ name: "Sweep Starter", email: "starter@audit.test" })
            .returning({ id: contactSubmissions.id });
          return new URLSearchParams({ intent: "start", inquiryId: inquiry?.id ?? "" });
        },
      },
    ],
    "/admin/projects/:id": [
      ...(<Array<() => Promise<Record<string, string>>>>[
        async () => ({ intent: "status", status: "delivered" }),
        async () => ({ intent: "deliverable", title: "Sweep cut :30" }),
        async () => {
          const [video] = await db()
            .insert(mediaItems)
            .values({
              title: "Sweep version",
              originalName: "sweep-version.mp4",
              state: "ready",
              size: 10,
              sha256: "c".repeat(64),
            })
            .returning({ id: mediaItems.id });
          const [deliverable] = await db()
            .select({ id: deliverables.id })
            .from(deliverables)
            .where(eq(deliverables.projectId, ids.project));
          return {
            intent: "version",
            deliverableId: deliverable?.id ?? "",
            mediaItemId: video?.id ?? "",
          };
        },
        async () => ({ intent: "link", deliverableId: "", password: "", expiresOn: "" }),
        async () => {
          const [link] = await db()
            .select({ id: shareLinks.id })
            .from(shareLinks)
            .where(eq(shareLinks.projectId, ids.project));
          return { intent: "revoke", linkId: link?.id ?? "" };
        },
      ]).map((fields) => ({
        url: `/admin/projects/${ids.project}`,
        params: { id: ids.project },
        body: async () => new URLSearchParams(await fields()),
      })),
    ],
    // Issue #45 item 6: staff comment on a version's page, reply, resolve and reopen (the
    // sweep's markers version: the latest of its deliverable, with a duration).
    "/admin/projects/:id/versions/:versionId": [
      ...(<Array<() => Promise<Record<string, string>>>>[
        async () => ({
          intent: "comment",
          versionId: ids.markersVersion,
          atSeconds: "1",
          endSeconds: "",
          body: "Sweep staff note",
          drawing: "",
        }),
        async () => ({ intent: "reply", commentId: await sweepComment(), body: "Sweep reply" }),
        async () => ({ intent: "resolve", commentId: await sweepComment() }),
        async () => ({ intent: "reopen", commentId: await sweepComment() }),
      ]).map((fields) => ({
        url: `/admin/projects/${ids.markersProject}/versions/${ids.markersVersion}`,
        params: { id: ids.markersProject, versionId: ids.markersVersion },
        body: async () => new URLSearchParams(await fields()),
      })),
    ],
    "/admin/redirects": [
      { url: "/admin/redirects", body: form({ intent: "add", from: "/sweep-old", to: "/about" }) },
      {
        url: "/admin/redirects",
        body: async () =>
          new URLSearchParams({
            intent: "remove",
            id:
              (
                await db()
                  .select({ id: redirects.id })
                  .from(redirects)
                  .where(eq(redirects.fromPath, "/sweep-old"))
              )[0]?.id ?? "",
          }),
      },
    ],
    // A post of its own (the sweep deletes the demo ones): see PREVIEW_POST.
    "/admin/preview-links/:section/:id": [
      {
        url: `/admin/preview-links/blog/${PREVIEW_POST}`,
        params: { section: "blog", id: PREVIEW_POST },
        body: form({}),
      },
    ],
    "/admin/redirects/domains": [
      { url: "/admin/redirects/domains", body: form({ intent: "add-domain", host: "sweep.test" }) },
      {
        url: "/admin/redirects/domains",
        body: async () =>
          new URLSearchParams({
            intent: "remove-domain",
            id:
              (
                await db()
                  .select({ id: redirectDomains.id })
                  .from(redirectDomains)
                  .where(eq(redirectDomains.host, "sweep.test"))
              )[0]?.id ?? "",
          }),
      },
    ],
  };
}

/** A post whose preview links the sweep revokes (issue #47 item 14); last by id, not `first`. */
const PREVIEW_POST = "ffffffff-ffff-4fff-bfff-00000000e471";

describe.each(testDrivers)("audit sweep over the route table on %s", (driver) => {
  const t = seededRuntime(driver);
  let ids: Ids;
  let flips: Flips;
  const db = () => t.database.db;

  /** A fingerprint of every record table: what changed, whatever the route wrote to. */
  async function fingerprint(): Promise<Record<string, string>> {
    const tables = (await listTables(db())).filter((table) => !NOT_RECORDS.has(table));
    const entries = await Promise.all(
      tables.map(async (table) => {
        const [row] = await rowsOf<{ digest: string | null }>(
          db(),
          // updated_at moves on a write that changes nothing else: not a change (nor for the log).
          sql`select md5(string_agg((to_jsonb(t) - 'updated_at')::text, '|' order by (to_jsonb(t) - 'updated_at')::text)) as digest from ${qualified(table)} t`,
        );
        return [table, row?.digest ?? ""] as const;
      }),
    );
    return Object.fromEntries(entries);
  }
  const auditRows = async () => (await db().select({ n: count() }).from(auditEvents))[0]?.n ?? 0;

  beforeAll(async () => {
    const first = async (table: typeof caseStudies) =>
      (await db().select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(1))[0]?.id ??
      "";
    const userId = async (email: string) =>
      (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id ?? "";
    await db()
      .insert(blogPosts)
      .values({ id: PREVIEW_POST, title: "Sweep Preview", slug: "sweep-preview", status: "draft" });
    const [inquiry] = await db()
      .insert(contactSubmissions)
      .values({ name: "Audit Visitor", email: "visitor@audit.test" })
      .returning({ id: contactSubmissions.id });
    const [application] = await db()
      .insert(jobApplications)
      .values({ name: "Audit Applicant", email: "applicant@audit.test", positionTitle: "Producer" })
      .returning({ id: jobApplications.id });
    ids = {
      inquiry: inquiry?.id ?? "",
      application: application?.id ?? "",
      // A study of its own (the demo ones differ in what a minimal edit would keep).
      caseStudy:
        (
          await db()
            .insert(caseStudies)
            .values({ title: "Sweep Study", slug: "sweep-study", status: "draft" })
            .returning({ id: caseStudies.id })
        )[0]?.id ?? "",
      testimonial: await first(testimonials as unknown as typeof caseStudies),
      team: await first(teamMembers as unknown as typeof caseStudies),
      portfolio: await first(portfolioItems as unknown as typeof caseStudies),
      post: await first(blogPosts as unknown as typeof caseStudies),
      category: await first(blogCategories as unknown as typeof caseStudies),
      adminUser: await userId(TEST_ADMIN.email),
      editorUser: await userId(TEST_EDITOR.email),
      viewerUser: await userId(TEST_VIEWER.email),
      template:
        (await db().select({ id: replyTemplates.id }).from(replyTemplates).limit(1))[0]?.id ?? "",
      project:
        (
          await db()
            .insert(projects)
            .values({ title: "Sweep review", clientName: "Sweep Reviewer" })
            .returning({ id: projects.id })
        )[0]?.id ?? "",
      // Below: a version whose comments the markers exports read.
      markersProject: "",
      markersVersion: "",
    };
    // A version of its own project with a frame rate: its comments export as markers (issue #45).
    const [markersProject] = await db()
      .insert(projects)
      .values({ title: "Sweep markers", clientName: "Sweep Marker" })
      .returning({ id: projects.id });
    const [markersDeliverable] = await db()
      .insert(deliverables)
      .values({ projectId: markersProject?.id ?? "", title: "Sweep markers :30" })
      .returning({ id: deliverables.id });
    const [markersMedia] = await db()
      .insert(mediaItems)
      .values({
        title: "Sweep markers video",
        originalName: "markers.mov",
        state: "ready",
        size: 10,
        sha256: "f".repeat(64),
        frameRateNum: 25,
        frameRateDen: 1,
        durationSeconds: 10,
      })
      .returning({ id: mediaItems.id });
    const [markersVersion] = await db()
      .insert(deliverableVersions)
      .values({
        deliverableId: markersDeliverable?.id ?? "",
        number: 1,
        mediaItemId: markersMedia?.id ?? "",
        sha256: "f".repeat(64),
      })
      .returning({ id: deliverableVersions.id });
    ids.markersProject = markersProject?.id ?? "";
    ids.markersVersion = markersVersion?.id ?? "";
    const featured = async (table: typeof caseStudies, id: string) =>
      String(
        !(await db().select({ on: table.isFeatured }).from(table).where(eq(table.id, id)))[0]?.on,
      );
    flips = {
      caseStudy: await featured(caseStudies, ids.caseStudy),
      testimonial: await featured(testimonials as unknown as typeof caseStudies, ids.testimonial),
      portfolio: await featured(portfolioItems as unknown as typeof caseStudies, ids.portfolio),
      team: String(
        !(
          await db()
            .select({ on: teamMembers.isActive })
            .from(teamMembers)
            .where(eq(teamMembers.id, ids.team))
        )[0]?.on,
      ),
    };
  });

  /** How many audit rows of one action there are. */
  const auditRowsOf = async (action: "csv_export" | "access_denied") =>
    (await db().select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, action)))[0]
      ?.n ?? 0;

  /** A concrete URL of a pattern and its params (the guard runs before anything reads them). */
  function concrete(pattern: string): { url: string; params: Record<string, string> } {
    const params: Record<string, string> = {};
    const url = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value =
        name === "section" ? "testimonials" : name === "name" ? "backup-x.tar.gz" : ids.inquiry;
      params[name] = value;
      return value;
    });
    return { url, params };
  }

  it("every CSV export leaves a csv_export row, and every refusal (403) of a signed-in person an access_denied row", async () => {
    const all = adminModules(routes as ConfigEntry[]);
    const problems: string[] = [];

    // Every CSV route of the route table, downloaded by an admin (issue #47 item 12).
    const csvs = all.filter(({ pattern }) => pattern.endsWith(".csv"));
    expect(csvs.map(({ pattern }) => pattern).sort()).toEqual(
      expect.arrayContaining([
        "/admin/analytics.csv",
        "/admin/audit.csv",
        "/admin/inquiries.csv",
        "/admin/job-applications.csv",
      ]),
    );
    for (const { file, pattern } of csvs) {
      const loader = (await modules[`../../app/${file}`]?.())?.loader;
      if (!loader) {
        problems.push(`${pattern}: no loader`);
        continue;
      }
      const before = await auditRowsOf("csv_export");
      // A version's markers (the only CSV of one record): the sweep's own version.
      const params = { id: ids.markersProject, versionId: ids.markersVersion };
      const url = pattern.replace(":id", params.id).replace(":versionId", params.versionId);
      const answer = await settle(
        callRoute(loader, t.runtime, url, { cookie: t.cookies.admin, params }),
      );
      if (answer instanceof Response) await answer.text();
      if (statusOf(answer) !== 200) problems.push(`${pattern}: status ${statusOf(answer)}`);
      else if ((await auditRowsOf("csv_export")) !== before + 1) {
        problems.push(`${pattern}: exported without a csv_export row`);
      }
    }

    // Every route an editor's role may not open (GET) or write to (POST): 403 and one row each.
    let refusals = 0;
    for (const { file, pattern } of all) {
      if (PUBLIC_ADMIN_ROUTES.includes(pattern)) continue;
      const module = await modules[`../../app/${file}`]?.();
      for (const [method, handler] of [
        ["GET", module?.loader],
        ["POST", module?.action],
      ] as const) {
        if (!handler || mayEnter("editor", areaOf(pattern, method))) continue;
        // The export's GET answers 405 to everyone ("use the Export button"): not a refusal.
        if (pattern === "/admin/privacy/export" && method === "GET") continue;
        const { url, params } = concrete(pattern);
        const before = await auditRowsOf("access_denied");
        const answer = await settle(
          callRoute(handler, t.runtime, url, {
            method,
            cookie: t.cookies.editor,
            params,
            ...(method === "POST" ? { body: new URLSearchParams({ intent: "x" }) } : {}),
          }),
        );
        if (statusOf(answer) !== 403) {
          problems.push(`${method} ${pattern}: status ${statusOf(answer)}, not 403`);
          continue;
        }
        refusals++;
        if ((await auditRowsOf("access_denied")) !== before + 1) {
          problems.push(`${method} ${pattern}: refused without one access_denied row`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(refusals).toBeGreaterThan(20);
  });

  it("every back-office action that writes a record leaves an audit row", async () => {
    const samples = sampleWrites(
      ids,
      flips,
      db,
      (id) =>
        db()
          .select({ id: contentRevisions.id })
          .from(contentRevisions)
          .where(eq(contentRevisions.entityId, id))
          .orderBy(asc(contentRevisions.at)),
      () => {
        let challenge = "";
        return {
          url: "/admin/account/passkeys",
          body: async () => {
            const answer = (await callRoute(registerAction, t.runtime, "/admin/account/passkeys", {
              method: "POST",
              cookie: t.cookies.admin,
              body: new URLSearchParams({ step: "options" }),
            })) as Response;
            challenge = answer.headers
              .getSetCookie()
              .map((c) => c.split(";")[0])
              .join("; ");
            const { options } = (await answer.json()) as { options: never };
            const response = new SoftAuthenticator(SITE).create(options);
            return new URLSearchParams({ step: "verify", response: JSON.stringify(response) });
          },
          cookie: () => challenge,
        };
      },
    );
    const withActions: string[] = [];
    for (const { file, pattern } of adminModules(routes as ConfigEntry[])) {
      const load = modules[`../../app/${file}`];
      if (!load) throw new Error(`no module for ${file}`);
      if (!(await load()).action) continue;
      withActions.push(pattern);
    }
    const uncovered = withActions.filter(
      (pattern) =>
        !PUBLIC_ADMIN_ROUTES.includes(pattern) &&
        !Object.hasOwn(NOT_RECORD_WRITES, pattern) &&
        !Object.hasOwn(samples, pattern),
    );
    expect(uncovered, "back-office actions without a sample write in this sweep").toEqual([]);

    const unaudited: string[] = [];
    let writes = 0;
    // Backups last: the run it starts goes on writing after the action has answered.
    const ordered = Object.entries(samples).sort(
      ([a], [b]) => Number(a === "/admin/backups") - Number(b === "/admin/backups"),
    );
    for (const [pattern, list] of ordered) {
      const file = adminModules(routes as ConfigEntry[]).find((m) => m.pattern === pattern)?.file;
      const action = file ? (await modules[`../../app/${file}`]?.())?.action : undefined;
      if (!action) throw new Error(`${pattern} has no action`);
      for (const sample of list) {
        const before = await fingerprint();
        const audited = await auditRows();
        const body = await sample.body();
        const extra = sample.cookie?.() ?? "";
        expect(routePatternOf(new URL(sample.url, "http://x").pathname)).toBe(pattern.slice(1));
        const answer = await callRoute(action, t.runtime, sample.url, {
          method: "POST",
          cookie: extra ? `${t.cookies.admin}; ${extra}` : t.cookies.admin,
          body,
          params: sample.params,
          headers: sample.headers,
        });
        if (process.env.AUDIT_SWEEP_DEBUG) console.log(pattern, answer);
        const after = await fingerprint();
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length === 0) {
          unaudited.push(`${pattern} ${sample.url}: the sample wrote nothing (fix the sample)`);
          continue;
        }
        writes++;
        if ((await auditRows()) <= audited) {
          unaudited.push(
            `${pattern} ${sample.url}: changed ${changed.join(", ")} without an audit row`,
          );
        }
      }
    }
    expect(unaudited).toEqual([]);
    expect(writes).toBeGreaterThanOrEqual(withActions.length - 5);
  });
});
