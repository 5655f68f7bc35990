import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "@server/config";
import { type Database, openDatabase } from "@server/db/client";
import {
  blogPosts,
  caseStudies,
  contactSubmissions,
  jobApplications,
  portfolioItems,
  teamMembers,
  testimonials,
  uploads,
  user,
} from "@server/db/schema";
import { seedDemoContent } from "@server/db/seed";
import { deriveKeys } from "@server/keys";
import { loadOrCreateSecret } from "@server/secret";
import { type Auth, createAuth, ensureUser } from "@server/staff/auth";
import { LocalStorage } from "@server/storage";

/**
 * Test data for the back-office, written into a DATA_DIR (or a PostgreSQL database) before a server
 * starts on it: the demo content, an admin and a signed-up non-admin, and visitor submissions
 * (issue #5 stores them; here they are inserted directly), with real files in local storage.
 */

export const TEST_ADMIN = { email: "admin@admin-tests.test", password: "admin-tests-password" };
export const TEST_VIEWER = { email: "viewer@admin-tests.test", password: "viewer-tests-password" };
/** A member of staff with the editor role: content only (app/entities/staff/access.ts). */
export const TEST_EDITOR = { email: "editor@admin-tests.test", password: "editor-tests-password" };
/** A contributor: drafts of blog posts and case studies, sent for review (decision 0333). */
export const TEST_CONTRIBUTOR = {
  email: "contributor@admin-tests.test",
  password: "contributor-tests-password",
};

export const INQUIRY_COUNT = 60;
export const APPLICATION_COUNT = 30;
export const POSITIONS = ["Video Editor", "Producer", "Motion Designer", "Full-Stack Developer"];
/** A PDF small enough to read in a test, real enough to open. */
export const RESUME_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export interface AdminFixtures {
  /** Newest first, as the list shows them. */
  inquiryNames: string[];
  weddingInquiry: { id: string; name: string };
  /** Its one attachment's storage key (in the private contact-uploads bucket). */
  attachmentInquiry: { id: string; name: string; key: string };
  formulaInquiry: { id: string; name: string };
  applicationWithResume: { id: string; name: string };
  applicationMissingFile: { id: string; name: string };
  applicationNames: string[];
}

export interface PrepareOptions {
  dataDir: string;
  /** Use this PostgreSQL database instead of the embedded one in dataDir. */
  databaseUrl?: string;
  /** Seed the demo content (case studies, testimonials, team, portfolio, blog). */
  seed?: boolean;
  /** Insert inquiries and job applications. */
  submissions?: boolean;
  /** Insert rows of the spec's own (after the demo content, if seeded). */
  content?: (db: Database) => Promise<void>;
}

/**
 * The four staff accounts above, with their roles: named as a DATA_DIR of prepareAdminData has them
 * ("Test Admin"), or unnamed as a TestRuntime has them (admin-runtime.ts). Four password hashes.
 */
export async function ensureTestStaff(auth: Auth, options: { named: boolean }): Promise<void> {
  const name = (value: string) => (options.named ? { name: value } : {});
  await ensureUser(auth, { ...TEST_ADMIN, role: "admin", ...name("Test Admin") });
  await ensureUser(auth, { ...TEST_VIEWER, role: null, ...name("Test Viewer") });
  await ensureUser(auth, { ...TEST_EDITOR, role: "editor", ...name("Test Editor") });
  await ensureUser(auth, { ...TEST_CONTRIBUTOR, role: "contributor", ...name("Test Contributor") });
}

/**
 * Set by vitest's and Playwright's global setups (pglite-template.ts, e2e-global-setup.ts): a
 * folder with the embedded databases a DATA_DIR starts from, already migrated with the named staff
 * (server-staff.tar) and the demo content too (server-staff-demo.tar). Unset (a script of its own),
 * a DATA_DIR is built from nothing.
 */
export const ADMIN_DATA_TEMPLATES_ENV = "STUDIO_TEST_ADMIN_DATA_TEMPLATES";

const HOUR = 60 * 60 * 1000;
const SERVICES = ["video-production", "post-production", "web-app-development", null] as const;
const STATUSES = ["new", "contacted", "qualified", "closed"] as const;

export async function prepareAdminData(options: PrepareOptions): Promise<AdminFixtures | null> {
  const templates = options.databaseUrl ? undefined : process.env[ADMIN_DATA_TEMPLATES_ENV];
  const template = templates
    ? path.join(templates, options.seed ? "server-staff-demo.tar" : "server-staff.tar")
    : undefined;
  const database = options.databaseUrl
    ? await openDatabase({ driver: "postgres", url: options.databaseUrl, poolSize: 2 })
    : await openDatabase({
        driver: "pglite",
        directory: path.join(options.dataDir, "pgdata"),
        loadDataDir: template ? new Blob([await readFile(template)]) : undefined,
      });
  try {
    await database.migrate();
    const db = database.db;
    const keys = deriveKeys(await loadOrCreateSecret(options.dataDir));
    // From a template, the staff (and the demo content when asked) are there already.
    if (!template) {
      const auth = createAuth({
        db,
        siteUrl: "http://127.0.0.1",
        secret: keys.sessions,
        sessionIdleHours: loadConfig({}).SESSION_IDLE_HOURS,
      });
      await ensureTestStaff(auth, { named: true });
      if (options.seed) await seedDemoContent(db);
    }
    await options.content?.(db);
    if (!options.submissions) return null;
    const storage = new LocalStorage({
      directory: path.join(options.dataDir, "storage"),
      secret: keys.storageLinks,
    });
    return await insertSubmissions(db, storage);
  } finally {
    await database.close();
  }
}

async function insertSubmissions(db: Database, storage: LocalStorage): Promise<AdminFixtures> {
  const now = Date.now();
  const at = (index: number) => new Date(now - (index + 1) * HOUR);

  const attachmentKey = `inquiries/${now}_a1b2c3.pdf`;
  await storage.put("contact-uploads", attachmentKey, RESUME_BYTES, {
    contentType: "application/pdf",
  });
  await db.insert(uploads).values({
    bucket: "contact-uploads",
    key: attachmentKey,
    originalName: "Campaign brief <final>.pdf",
    contentType: "application/pdf",
    size: RESUME_BYTES.length,
    ownerTable: "contact_submissions",
  });

  const rows: (typeof contactSubmissions.$inferInsert)[] = [];
  for (let i = 0; i < INQUIRY_COUNT; i++) {
    rows.push({
      name: `Client ${String(i + 1).padStart(2, "0")}`,
      email: `client${i + 1}@example.test`,
      service: SERVICES[i % SERVICES.length],
      budget: i % 2 ? "50k-100k" : null,
      timeline: i % 3 ? "1-month" : null,
      description: `Project brief number ${i + 1}.`,
      status: i < 4 ? "new" : STATUSES[i % STATUSES.length],
      createdAt: at(i),
    });
  }
  // Recognisable rows near the top (indexes 1 to 3 are newest after Client 01).
  Object.assign(rows[1] as object, {
    kind: "wedding",
    name: "Ada & Grace",
    email: "ada.grace@example.test",
    service: null,
    budget: null,
    timeline: null,
    description: "Sunset ceremony on the bluffs",
    weddingDate: "2027-06-12",
    weddingLocation: "Malibu, CA",
    weddingBudget: "7500-12000",
  });
  Object.assign(rows[2] as object, {
    name: "Brief With Files",
    email: "files@example.test",
    description: "A 100% organic_growth campaign, see the attached brief.",
    fileAttachments: [attachmentKey],
  });
  Object.assign(rows[3] as object, {
    name: '=HYPERLINK("http://evil.test","click")',
    email: "formula@example.test",
    description: '+1 "quoted", with a comma\nand a second line',
  });
  const inserted = await db
    .insert(contactSubmissions)
    .values(rows)
    .returning({ id: contactSubmissions.id, name: contactSubmissions.name });
  const idOf = (name: string) => inserted.find((r) => r.name === name)?.id ?? "";

  const resumeKey = `resumes/${now}_r4nd0m.pdf`;
  await storage.put("job-applications", resumeKey, RESUME_BYTES, {
    contentType: "application/pdf",
  });
  const applications: (typeof jobApplications.$inferInsert)[] = [];
  for (let i = 0; i < APPLICATION_COUNT; i++) {
    applications.push({
      name: `Applicant ${String(i + 1).padStart(2, "0")}`,
      email: `applicant${i + 1}@example.test`,
      phone: i % 2 ? "+1 310 555 0100" : null,
      positionTitle: POSITIONS[i % POSITIONS.length] as string,
      resumeUrl: i === 0 ? resumeKey : i === 1 ? `resumes/${now}_missing.pdf` : null,
      coverLetter: i === 0 ? "I cut trailers for a living." : null,
      portfolioUrl: i === 0 ? "https://portfolio.example.test/applicant-1" : null,
      experienceYears: i % 12,
      remotePreference: "flexible",
      status: "new",
      createdAt: at(i),
    });
  }
  const insertedApplications = await db
    .insert(jobApplications)
    .values(applications)
    .returning({ id: jobApplications.id, name: jobApplications.name });
  await db.insert(uploads).values({
    bucket: "job-applications",
    key: resumeKey,
    originalName: "resume.pdf",
    contentType: "application/pdf",
    size: RESUME_BYTES.length,
    ownerTable: "job_applications",
    ownerId: insertedApplications[0]?.id,
  });
  const application = (i: number) => ({
    id: insertedApplications[i]?.id ?? "",
    name: insertedApplications[i]?.name ?? "",
  });

  return {
    inquiryNames: rows.map((r) => r.name),
    weddingInquiry: { id: idOf("Ada & Grace"), name: "Ada & Grace" },
    attachmentInquiry: {
      id: idOf("Brief With Files"),
      name: "Brief With Files",
      key: attachmentKey,
    },
    formulaInquiry: {
      id: idOf('=HYPERLINK("http://evil.test","click")'),
      name: '=HYPERLINK("http://evil.test","click")',
    },
    applicationWithResume: application(0),
    applicationMissingFile: application(1),
    applicationNames: applications.map((a) => a.name),
  };
}

/** Everything an admin could change, as one comparable value (the sweep's "nothing changed"). */
export async function snapshotAdminData(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<string> {
  const database = options.databaseUrl
    ? await openDatabase({ driver: "postgres", url: options.databaseUrl, poolSize: 2 })
    : await openDatabase({ driver: "pglite", directory: path.join(options.dataDir, "pgdata") });
  try {
    const db = database.db;
    const tables = {
      contactSubmissions: await db.select().from(contactSubmissions).orderBy(contactSubmissions.id),
      jobApplications: await db.select().from(jobApplications).orderBy(jobApplications.id),
      caseStudies: await db.select().from(caseStudies).orderBy(caseStudies.id),
      testimonials: await db.select().from(testimonials).orderBy(testimonials.id),
      teamMembers: await db.select().from(teamMembers).orderBy(teamMembers.id),
      uploads: await db.select().from(uploads).orderBy(uploads.id),
      portfolioItems: await db.select().from(portfolioItems).orderBy(portfolioItems.id),
      blogPosts: await db.select().from(blogPosts).orderBy(blogPosts.id),
      users: await db
        .select({ id: user.id, email: user.email, role: user.role, banned: user.banned })
        .from(user)
        .orderBy(user.id),
    };
    return JSON.stringify(tables);
  } finally {
    await database.close();
  }
}
