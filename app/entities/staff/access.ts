import { matchPath } from "react-router";
import { WORKFLOW_INTENTS, type WorkflowIntent } from "~/lib/publishing";
import { STAFF_ROLES, type StaffRole } from "~/lib/values";

/**
 * Who may open what in the back-office: the one policy table (issue #29, decision 0290). The admin
 * layout's middleware and every loader, action and resource route check the route they serve
 * against it (`server/security/admin-access.ts`); the navigation shows what it allows; the access
 * test walks the route table and fails on an /admin route that no rule below covers. Browser-safe.
 */

/** Where staff sign in. */
export const LOGIN_PATH = "/admin/login";

/** What a role may do, one area of the back-office each. */
export const AREAS = [
  /** Case studies, portfolio, blog and categories, testimonials, team, their images. */
  "content",
  /**
   * Writing blog posts and case studies: their lists, editors and image uploads (decision 0333).
   * What a role may do there with the editor's buttons is `WORKFLOW_INTENTS_OF` below.
   */
  "writing",
  "inquiries",
  "applications",
  "backups",
  /** The background jobs' queues, schedules and failures (issue #49): admins only. */
  "jobs",
  "staff",
  "audit",
  /** A person's requests, retention, records of consent (issue #32). */
  "privacy",
  /** Cookieless visit counts and what they led to (issue #33): admins and editors. */
  "analytics",
  /** The Media library: videos uploaded, transcoded, used on the site (issue #44). */
  "media",
  /** The client review room (issue #45): projects, versions, share links. Admins and editors. */
  "projects",
  /** The person's own account page: every staff member. */
  "account",
  /**
   * The list of other sites redirects may lead to (issue #47 item 11): admins keep it, editors
   * pick from it on /admin/redirects.
   */
  "domains",
] as const;
export type Area = (typeof AREAS)[number];

export const ROLE_AREAS: Record<StaffRole, readonly Area[]> = {
  admin: AREAS,
  editor: ["content", "writing", "analytics", "media", "projects", "account"],
  /** Drafts of blog posts and case studies, sent for review (issue #31). */
  contributor: ["writing", "account"],
};

/**
 * Every back-office route, by the pattern React Router matches (the `pattern` of its loader and
 * action arguments), and the area it belongs to.
 */
export const ROUTE_AREAS: Record<string, Area> = {
  "/admin": "inquiries",
  "/admin/inquiries.csv": "inquiries",
  "/admin/inquiries/:id/attachments/:index": "inquiries",
  "/admin/inquiries/:id": "inquiries",
  "/admin/inquiries": "inquiries",
  // The reply templates of inquiries and applications: with the inquiries (admins only).
  "/admin/templates": "inquiries",
  "/admin/job-applications": "applications",
  "/admin/job-applications.csv": "applications",
  "/admin/job-applications/:id/resume": "applications",
  "/admin/job-applications/:id": "applications",
  "/admin/case-studies": "writing",
  "/admin/case-studies/new": "writing",
  "/admin/case-studies/:id/edit": "writing",
  "/admin/testimonials": "content",
  "/admin/testimonials/new": "content",
  "/admin/testimonials/:id/edit": "content",
  "/admin/team": "content",
  "/admin/team/new": "content",
  "/admin/team/:id/edit": "content",
  "/admin/portfolio": "content",
  "/admin/blog": "writing",
  "/admin/blog/new": "writing",
  "/admin/blog/edit/:id": "writing",
  "/admin/blog/categories": "content",
  "/admin/blog/:id/delete": "content",
  // The delete confirmations of the moderated lists: case studies, testimonials, team, portfolio.
  "/admin/:section/:id/delete": "content",
  "/admin/history/:section/:id": "content",
  "/admin/uploads/image": "writing",
  // "Revoke preview links" of a post's or study's editor (issue #47): with the editors.
  "/admin/preview-links/:section/:id": "writing",
  // Old addresses of moved pages (issue #31): content, as the pages themselves are.
  "/admin/redirects": "content",
  // Adding and removing the other sites redirects may lead to: admins only.
  "/admin/redirects/domains": "domains",
  "/admin/backups": "backups",
  "/admin/backups/:id/download": "backups",
  "/admin/jobs": "jobs",
  "/admin/media": "media",
  // The tus endpoint of the Media library's uploads: making one, and each upload's own address.
  "/admin/media/uploads": "media",
  "/admin/media/uploads/:id": "media",
  "/admin/projects": "projects",
  "/admin/projects/:id": "projects",
  // A version's page in the back-office: the review room's player and comments (decision 0532).
  "/admin/projects/:id/versions/:versionId": "projects",
  // A version's comments as markers (CSV, EDL, FCPXML): with the project.
  "/admin/projects/:id/versions/:versionId/markers.csv": "projects",
  "/admin/projects/:id/versions/:versionId/markers.edl": "projects",
  "/admin/projects/:id/versions/:versionId/markers.fcpxml": "projects",
  "/admin/audit": "audit",
  "/admin/audit.csv": "audit",
  "/admin/staff": "staff",
  "/admin/staff/:id/remove": "staff",
  "/admin/staff/:id/deactivate": "staff",
  "/admin/account": "account",
  // "Add a passkey" (WebAuthn, with JavaScript): the person's own account.
  "/admin/account/passkeys": "account",
  // The step-up: the password or a code again before a sensitive action.
  "/admin/confirm": "account",
  "/admin/confirm/passkey": "account",
  "/admin/privacy": "privacy",
  "/admin/privacy/export": "privacy",
  "/admin/privacy/consent.csv": "privacy",
  "/admin/analytics": "analytics",
  "/admin/analytics.csv": "analytics",
};

/**
 * Routes whose writes need another area than their page: the case-study list's feature toggle is
 * a change to the live site, so a contributor may open the list but not post to it. Checked by
 * the same guards for every method but GET and HEAD.
 */
export const ACTION_AREAS: Record<string, Area> = {
  "/admin/case-studies": "content",
};

/**
 * What each role may do with the editors' buttons (`workflow=…`): a contributor saves drafts and
 * submits them for review, but never publishes, schedules or takes an item off the site
 * (deleting is the "content" area's confirmation page). The editors' actions check it on the
 * server; the editors show only these buttons.
 */
export const WORKFLOW_INTENTS_OF: Record<StaffRole, readonly WorkflowIntent[]> = {
  admin: WORKFLOW_INTENTS,
  editor: WORKFLOW_INTENTS,
  contributor: ["save-draft", "submit"],
};

export function mayUseIntent(role: StaffRole, intent: WorkflowIntent): boolean {
  return WORKFLOW_INTENTS_OF[role].includes(intent);
}

/**
 * Back-office routes open to anyone, each guarded otherwise: signing in and out, the unlock link
 * of a locked account, asking for a password reset (rate limited, the same answer for every
 * address), choosing a password through an invitation's or a reset's single-use link, and a
 * backup archive's signed link (the link's token or signature is the authorisation).
 */
export const PUBLIC_ADMIN_ROUTES: readonly string[] = [
  "/admin/login",
  "/admin/logout",
  "/admin/unlock",
  "/admin/forgot-password",
  "/admin/set-password",
  // The code step of a sign-in: its key is better-auth's signed, 10-minute challenge cookie.
  "/admin/two-factor",
  // "Sign in with a passkey": its key is the plugin's signed challenge cookie and the signature.
  "/admin/login/passkey",
  "/admin/backup-files/:name",
];

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

/** A user's role as stored ("admin", "editor", "contributor"; anything else is no role). */
export function staffRoleOf(user: { role?: string | null } | null | undefined): StaffRole | null {
  // better-auth's admin plugin stores roles as a comma-separated list.
  const roles = (user?.role ?? "").split(",").map((role) => role.trim());
  return STAFF_ROLES.find((role) => roles.includes(role)) ?? null;
}

export function mayEnter(role: StaffRole | null, area: Area | undefined): boolean {
  return role !== null && area !== undefined && ROLE_AREAS[role].includes(area);
}

/**
 * The area of a route pattern; undefined for one no rule covers (refused: fail closed). React
 * Router's patterns have no leading slash (`admin/blog/edit/:id`); the table's keys do. With a
 * method other than GET or HEAD, a route of `ACTION_AREAS` answers its writes' area.
 */
export function areaOf(pattern: string, method = "GET"): Area | undefined {
  const key = `/${pattern.replace(/^\/+/, "")}`;
  if (method !== "GET" && method !== "HEAD" && Object.hasOwn(ACTION_AREAS, key)) {
    return ACTION_AREAS[key];
  }
  return Object.hasOwn(ROUTE_AREAS, key) ? ROUTE_AREAS[key] : undefined;
}

/** Where each role lands after signing in: admins on /admin/portfolio (SPEC), the others on the blog. */
export const HOME_PATHS: Record<StaffRole, string> = {
  admin: "/admin/portfolio",
  editor: "/admin/blog",
  contributor: "/admin/blog",
};

/** The area of a concrete back-office path (`/admin/blog/edit/42`), through the route patterns. */
export function areaOfPath(pathname: string): Area | undefined {
  const pattern = Object.keys(ROUTE_AREAS).find((candidate) => matchPath(candidate, pathname));
  return pattern ? ROUTE_AREAS[pattern] : undefined;
}
