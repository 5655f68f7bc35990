import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "@server/db/client";
import { caseStudies, teamMembers, testimonials, user } from "@server/db/schema";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { areaOf, mayEnter, PUBLIC_ADMIN_ROUTES, ROUTE_AREAS } from "~/entities/staff/access";
import type { StaffRole } from "~/lib/values";
import routes from "~/routes";
import {
  snapshotAdminData,
  TEST_ADMIN,
  TEST_CONTRIBUTOR,
  TEST_EDITOR,
  TEST_VIEWER,
} from "../support/admin-data";
import {
  type AdminServer,
  hasBuild,
  ROOT,
  signInCookie,
  startAdminServer,
} from "../support/admin-server";

/**
 * The access-control sweep (issues #6 and #29, "Must show"): every back-office route in the route
 * table the production build serves, called as an anonymous visitor, as a signed-in user without a
 * role and as an editor, with GET and POST, as a document and as a client data request (.data).
 * Where the policy table (app/entities/staff/access.ts) refuses, none may answer with data; where
 * it lets an editor in, the page opens; afterwards the database must be exactly as before. A route
 * that no rule of the policy covers fails the sweep.
 */

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasLoader: boolean;
  hasAction: boolean;
  hasDefaultExport: boolean;
}

function builtRoutes(): ManifestRoute[] {
  const dir = path.join(ROOT, "build/client/assets");
  const file = readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("no route manifest in the build");
  const source = readFileSync(path.join(dir, file), "utf8");
  const json = source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "");
  return Object.values((JSON.parse(json) as { routes: Record<string, ManifestRoute> }).routes);
}

interface ConfigEntry {
  file: string;
  /** Set when one module serves several routes (the case-study editor). */
  id?: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}
/** Route modules of app/routes.ts whose URL is under /admin. */
function configuredAdminFiles(entries: ConfigEntry[], parentPath = ""): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path ?? parentPath;
    const own = full === "admin" || full.startsWith("admin/") ? [entry.id ?? entry.file] : [];
    return [...own, ...configuredAdminFiles(entry.children ?? [], full)];
  });
}

/** The backup archive the sweep puts into BACKUP_DIR (admin/backup-files/:name). */
const ARCHIVE_NAME = "backup-20260101T000000Z-a1b2c3.tar.gz";

/** The pattern React Router matches for a route of the manifest (its path is the full path). */
const patternOf = (route: ManifestRoute) => `/${route.path}`;
const isPublic = (route: ManifestRoute) => PUBLIC_ADMIN_ROUTES.includes(patternOf(route));

// What an admin sees and nobody else may: fixture names, e-mails, resume bytes, seeded content.
const SECRETS = [
  "Ada &amp; Grace",
  "Ada & Grace",
  "client7@example.test",
  "Brief With Files",
  "Applicant 01",
  "applicant3@example.test",
  "%PDF",
  "Sunset ceremony",
];

describe.runIf(hasBuild())("admin access sweep over the built route table", () => {
  let server: AdminServer;
  let before: string;
  let ids: Record<"inquiry" | "application" | "caseStudy" | "testimonial" | "team", string>;
  /** An account the staff screen's posts name (its own intents are posted to every route). */
  let staffId: string;
  const adminRoutes = builtRoutes().filter(
    (r) => r.path === "admin" || r.path?.startsWith("admin/"),
  );

  beforeAll(async () => {
    server = await startAdminServer({ seed: true, submissions: true });
    await server.stop();
    const database = await openDatabase({
      driver: "pglite",
      directory: path.join(server.dataDir, "pgdata"),
    });
    const first = async (table: typeof caseStudies | typeof testimonials | typeof teamMembers) =>
      (await database.db.select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(1))[0]
        ?.id ?? "";
    ids = {
      inquiry: server.fixtures?.weddingInquiry.id ?? "",
      application: server.fixtures?.applicationWithResume.id ?? "",
      caseStudy: await first(caseStudies),
      testimonial: await first(testimonials),
      team: await first(teamMembers),
    };
    staffId =
      (
        await database.db
          .select({ id: user.id })
          .from(user)
          .where(eq(user.email, TEST_VIEWER.email))
      )[0]?.id ?? "";
    await database.close();
    // A backup archive in BACKUP_DIR, holding admin data: only its signed link may open it.
    mkdirSync(path.join(server.dataDir, "backups"), { recursive: true });
    writeFileSync(path.join(server.dataDir, "backups", ARCHIVE_NAME), "Ada & Grace");
    before = await snapshotAdminData({ dataDir: server.dataDir });
    // The same DATA_DIR again, now with the snapshot taken.
    server = await restart(server);
  }, 300_000);

  afterAll(async () => {
    await server?.dispose();
  });

  it("covers every back-office route of app/routes.ts, and the build serves exactly those", () => {
    const built = adminRoutes.map((r) => r.id).sort();
    const configured = configuredAdminFiles(routes as ConfigEntry[])
      .map((file) => file.replace(/\.(tsx?|jsx?)$/, ""))
      .filter((id) => built.includes(id) || !id.endsWith("layout"))
      .sort();
    expect(built.length).toBeGreaterThanOrEqual(12);
    expect(built).toEqual(expect.arrayContaining(configured));
    expect(configured).toEqual(expect.arrayContaining(built));
  });

  it("has an access rule for every back-office route, and no rule for a route that is gone", () => {
    const uncovered = adminRoutes
      .map(patternOf)
      .filter((pattern) => areaOf(pattern) === undefined && !PUBLIC_ADMIN_ROUTES.includes(pattern));
    expect(uncovered).toEqual([]);
    const served = new Set(adminRoutes.map(patternOf));
    const stale = [...Object.keys(ROUTE_AREAS), ...PUBLIC_ADMIN_ROUTES].filter(
      (pattern) => !served.has(pattern),
    );
    expect(stale).toEqual([]);
  });

  it("lets nobody read or change anything the policy does not allow them", async () => {
    const viewer = await signInCookie(server.baseURL, TEST_VIEWER);
    const editor = await signInCookie(server.baseURL, TEST_EDITOR);
    const contributor = await signInCookie(server.baseURL, TEST_CONTRIBUTOR);
    const identities: Identity[] = [
      { name: "anonymous", cookie: "", role: null },
      { name: "signed-in without a role", cookie: viewer, role: null },
      { name: "editor", cookie: editor, role: "editor" },
      { name: "contributor", cookie: contributor, role: "contributor" },
    ];
    // Sign-out ends the viewer's session: run it last.
    const ordered = [...adminRoutes].sort(
      (a, b) => Number(a.id.endsWith("logout")) - Number(b.id.endsWith("logout")),
    );
    const bodies = postBodies(ids, staffId);
    const failures: string[] = [];
    type Call = {
      identity: Identity;
      route: ManifestRoute;
      admitted: boolean;
      method: "GET" | "POST";
      url: string;
      body?: URLSearchParams;
    };
    const calls: Call[] = [];

    for (const identity of identities) {
      for (const route of ordered) {
        // An editor's own routes are opened, never posted to: the sweep changes nothing.
        const admitted = mayEnter(identity.role, areaOf(patternOf(route)));
        if (isPublic(route) && identity.role) continue;
        for (const url of concreteUrls(route, ids)) {
          const dataUrl = route.index ? `${url}.data?index` : `${url}.data`;
          const postUrl = route.index ? `${url}?index` : url;
          const call = { identity, route, admitted };
          calls.push({ ...call, method: "GET", url }, { ...call, method: "GET", url: dataUrl });
          for (const body of admitted ? [] : bodies) {
            calls.push({ ...call, method: "POST", url: postUrl, body });
            calls.push({ ...call, method: "POST", url: dataUrl, body });
          }
        }
      }
    }

    const send = async ({ identity, route, admitted, ...request }: Call) => {
      const response = await fetch(`${server.baseURL}${request.url}`, {
        method: request.method,
        body: request.body,
        redirect: "manual",
        headers: {
          // A same-origin browser request, so nothing but the access rules can refuse it.
          Origin: server.baseURL,
          ...(identity.cookie ? { Cookie: identity.cookie } : {}),
        },
      });
      const text = await response.text();
      const problem = admitted
        ? judgeAdmitted(request, response)
        : judge(route, identity, request, response, text);
      if (problem) failures.push(`${identity.name} ${request.method} ${request.url}: ${problem}`);
    };
    // Four requests in flight (the server and this client share the cores), the sign-outs last.
    const last = calls.filter((call) => call.route.id.endsWith("logout"));
    const queue = calls.filter((call) => !call.route.id.endsWith("logout"));
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let call = queue.shift(); call; call = queue.shift()) await send(call);
      }),
    );
    for (const call of last) await send(call);
    expect(failures).toEqual([]);
    expect(calls.length).toBeGreaterThan(600);
    // A budget, not a speed check: thousands of requests, four identities, on a busy machine.
  }, 900_000);

  it("serves an admin the same routes with their data (the sweep's markers are real)", async () => {
    const admin = await signInCookie(server.baseURL, TEST_ADMIN);
    const page = await fetch(`${server.baseURL}/admin`, { headers: { Cookie: admin } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Ada &amp; Grace");
    const csv = await fetch(`${server.baseURL}/admin/inquiries.csv`, {
      headers: { Cookie: admin },
    });
    expect(await csv.text()).toContain("client7@example.test");
  });

  it("left the database exactly as it was", async () => {
    await server.stop();
    expect(await snapshotAdminData({ dataDir: server.dataDir })).toEqual(before);
  });
});

async function restart(previous: AdminServer): Promise<AdminServer> {
  return startAdminServer({ reuseDataDir: previous.dataDir });
}

function postBodies(ids: Record<string, string>, staffId: string): URLSearchParams[] {
  const forms: Record<string, string>[] = [
    {},
    // The staff screen's invitation intents (issue #47) and a step-up one.
    { intent: "resend", id: staffId },
    { intent: "revoke", id: staffId },
    { intent: "require-two-factor" },
    { intent: "status", id: ids.inquiry as string, status: "closed" },
    { intent: "status", id: ids.application as string, status: "hired" },
    { email: "nobody@admin-tests.test", password: "wrong-password-1" },
  ];
  for (const id of [ids.caseStudy, ids.testimonial]) {
    forms.push({ intent: "feature", id: id as string, value: "true" });
    forms.push({ intent: "feature", id: id as string, value: "false" });
  }
  forms.push({ intent: "activate", id: ids.team as string, value: "true" });
  forms.push({ intent: "activate", id: ids.team as string, value: "false" });
  return forms.map((form) => new URLSearchParams(form));
}

/** Every URL a route pattern stands for, with real ids; an unknown parameter fails loudly. */
function concreteUrls(route: ManifestRoute, ids: Record<string, string>): string[] {
  let urls = [`/${route.path}`];
  for (const param of route.path?.match(/:[A-Za-z]+/g) ?? []) {
    const values =
      param === ":section"
        ? ["case-studies", "testimonials", "team"]
        : param === ":id"
          ? Object.values(ids)
          : param === ":name"
            ? [ARCHIVE_NAME]
            : param === ":index"
              ? ["0"]
              : // A version of no project: the access rule answers before the lookup does.
                param === ":versionId"
                ? ["00000000-0000-4000-8000-000000000000"]
                : null;
    if (!values) throw new Error(`the sweep has no sample value for ${param} in ${route.path}`);
    urls = urls.flatMap((url) => values.map((value) => url.replace(param, value)));
  }
  return urls;
}

interface Identity {
  name: string;
  cookie: string;
  role: StaffRole | null;
}

/** Why a response to a refused request breaks the rules, or null when it keeps them. */
function judge(
  route: ManifestRoute,
  identity: Identity,
  request: { method: string; url: string },
  response: Response,
  text: string,
): string | null {
  const leaked = SECRETS.find((secret) => text.includes(secret));
  if (leaked) return `answered with admin data (${leaked})`;
  if (response.headers.get("cache-control") !== "private, no-store") {
    return `Cache-Control was ${response.headers.get("cache-control")}`;
  }
  const isData = request.url.includes(".data");
  const location = response.headers.get("location") ?? "";
  const status = response.status;

  if (isPublic(route)) {
    // Public, but still no data: the login page and sign-in errors, or a redirect to sign-in.
    return status >= 500 ? `status ${status}` : null;
  }
  if (identity.role) {
    // A member of staff outside their role: refused as such (403), never sent to sign in again.
    if (status !== 403) return `status ${status} ${location}, not 403`.trim();
    const page = !isData && route.hasDefaultExport;
    return page && !text.includes("You don&#x27;t have access to this page.")
      ? "the 403 page does not say why"
      : null;
  }
  if ([401, 403].includes(status)) return null;
  // A route without an action (the signed archive link) refuses every post as such.
  if (status === 405 && request.method === "POST" && !route.hasAction) return null;
  if ([302, 303].includes(status) && location.startsWith("/admin/login")) return null;
  // A client data request learns about the redirect inside a 202 turbo-stream body.
  if (isData && status === 202 && text.includes("/admin/login")) return null;
  return `status ${status} ${location}`.trim();
}

/** Why a response to a request the policy admits is not the page it asked for. */
function judgeAdmitted(request: { url: string }, response: Response): string | null {
  if (response.headers.get("cache-control") !== "private, no-store") {
    return `Cache-Control was ${response.headers.get("cache-control")}`;
  }
  const location = response.headers.get("location") ?? "";
  if ([401, 403].includes(response.status) || location.startsWith("/admin/login")) {
    return `refused: status ${response.status} ${location}`.trim();
  }
  // A sample id of another kind is a 404 or a redirect to its list: not a refusal.
  return response.status >= 500 ? `status ${response.status} at ${request.url}` : null;
}
