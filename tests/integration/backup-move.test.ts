import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { contactSubmissions, jobApplications } from "@server/db/schema";
import { S3Storage } from "@server/storage";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESUME_BYTES, TEST_ADMIN } from "../support/admin-data";
import {
  type AdminServer,
  hasBuild,
  signInCookie,
  startAdminServer,
} from "../support/admin-server";
import { snapshotSite } from "../support/backup-site";
import { runScript } from "../support/cli";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { type S3Peer, startS3Peer } from "../support/s3rver";
import { waitFor } from "../support/wait";

/**
 * The move of issue #21, as the README tells it: a studio on the embedded default (demo content,
 * an upload, a resume) takes `npm run backup` while 20 visitors keep sending inquiries, then
 * `npm run restore` into a fresh PostgreSQL database and an S3 peer (s3rver), and starts an
 * instance there. The restored site has every row and file of the manifest, every inquiry
 * acknowledged before the backup began, the same public pages, and a resume link that opens.
 */

const AUTH_SECRET = "the-move-keeps-this-secret-of-32-chars-or-more";
const CLIENTS = 20;
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/services",
  "/portfolio",
  "/case-studies",
  "/blog",
  "/careers",
];

interface Manifest {
  tables: Record<string, { rows: number }>;
  files: { bucket: string; key: string; size: number; sha256: string }[];
  schema: { migrations: number };
}

async function readManifest(archive: string): Promise<Manifest> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "move-manifest-"));
  try {
    await tar.x({ file: archive, cwd: dir, filter: (entry) => entry === "manifest.json" });
    return JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A page's HTML with what differs by request or by host taken out: nonces and the site's origin. */
const comparable = (html: string, baseURL: string) =>
  html.replaceAll(baseURL, "SITE").replace(/nonce="[^"]*"/g, 'nonce=""');

describe.runIf(hasBuild() && process.env.TEST_DATABASE_URL)(
  "the move from the embedded database to PostgreSQL and S3",
  () => {
    let source: AdminServer;
    let target: AdminServer | undefined;
    let database: TestDatabase;
    let s3: S3Peer;
    let targetDataDir: string;
    let s3Env: Record<string, string>;

    /** Every inquiry a visitor got a success answer for, with the time the answer arrived. */
    const acknowledged: { email: string; at: number }[] = [];
    let backupStartedAt = 0;
    let archive = "";
    let manifest: Manifest;
    const sourcePages = new Map<string, string>();
    let oldSession = "";

    beforeAll(async () => {
      source = await startAdminServer({
        seed: true,
        submissions: true,
        env: { AUTH_SECRET, SUBMISSION_RATE_LIMIT: "1000", BACKUP_INTERVAL_HOURS: "0" },
      });
      database = await createTestDatabase("postgres", { migrate: false });
      s3 = await startS3Peer("move");
      s3Env = {
        STORAGE_DRIVER: "s3",
        ...s3.env,
        S3_BUCKET_PREFIX: "moved-",
      };
      targetDataDir = await mkdtemp(path.join(os.tmpdir(), "move-target-"));
    }, 300_000);

    afterAll(async () => {
      await Promise.all([source?.dispose(), target?.dispose()]);
      await s3?.close();
      await database?.destroy();
      if (targetDataDir) await rm(targetDataDir, { recursive: true, force: true });
    });

    it("backs up the embedded site while 20 visitors keep sending inquiries", async () => {
      // A session that exists when the backup is taken: the restore must end it.
      oldSession = await signInCookie(source.baseURL, TEST_ADMIN);
      for (const pathname of PUBLIC_PAGES) {
        const response = await fetch(`${source.baseURL}${pathname}`);
        expect(response.status).toBe(200);
        sourcePages.set(pathname, await response.text());
      }

      let sending = true;
      const visitor = async (n: number) => {
        for (let i = 0; sending; i++) {
          const email = `visitor${n}-${i}@move.test`;
          const form = new FormData();
          form.append("name", `Visitor ${n}`);
          form.append("email", email);
          form.append("description", `Inquiry ${i} from visitor ${n}.`);
          const response = await fetch(`${source.baseURL}/contact`, {
            method: "POST",
            body: form,
            headers: { origin: source.baseURL, "x-forwarded-for": `198.51.100.${n + 1}` },
            redirect: "manual",
          });
          await response.arrayBuffer();
          if (response.status === 200) acknowledged.push({ email, at: Date.now() });
        }
      };
      const visitors = Array.from({ length: CLIENTS }, (_, n) => visitor(n));
      try {
        await waitFor(
          async () => acknowledged.length >= 2 * CLIENTS,
          "the first inquiries",
          60_000,
        );
        backupStartedAt = Date.now();
        const run = await runScript("backup", [], {
          DATA_DIR: source.dataDir,
          AUTH_SECRET,
          DATABASE_URL: "",
        });
        expect(run.code, run.stderr).toBe(0);
        archive = run.lastLine;
        // The visitors were still being answered while the backup ran.
        expect(acknowledged.some((a) => a.at > backupStartedAt)).toBe(true);
      } finally {
        sending = false;
        await Promise.all(visitors);
      }
      expect(archive).toMatch(/\.tar\.gz$/);
      expect(path.dirname(archive)).toBe(path.join(source.dataDir, "backups"));
      manifest = await readManifest(archive);
      expect(manifest.tables.contact_submissions?.rows).toBeGreaterThanOrEqual(
        acknowledged.filter((a) => a.at < backupStartedAt).length,
      );
      await source.stop();
    }, 300_000);

    it("restores into a fresh PostgreSQL database and S3: every row, file and inquiry", async () => {
      const run = await runScript("restore", [archive], {
        DATA_DIR: targetDataDir,
        DATABASE_URL: database.url ?? "",
        AUTH_SECRET,
        ...s3Env,
      });
      expect(run.code, run.stderr).toBe(0);

      const storage = new S3Storage({ ...s3.connection, bucketPrefix: "moved-" });
      const restored = await snapshotSite({ database, storage });
      // Restoring ends every session, makes a new visit salt (the archive holds none, decision
      // 0441) and writes its own audit row; every other table holds what the manifest counted.
      const remade: Record<string, number> = { sessions: 0, visit_salts: 1 };
      const expectedRows = (name: string, rows: number) =>
        remade[name] ?? (name === "audit_events" ? rows + 1 : rows);
      expect(
        Object.fromEntries(Object.entries(restored.tables).map(([name, t]) => [name, t.rows])),
      ).toEqual(
        Object.fromEntries(
          Object.entries(manifest.tables).map(([name, t]) => [name, expectedRows(name, t.rows)]),
        ),
      );
      expect(
        Object.fromEntries(
          Object.entries(restored.files).map(([location, f]) => [location, [f.size, f.sha256]]),
        ),
      ).toEqual(
        Object.fromEntries(manifest.files.map((f) => [`${f.bucket}/${f.key}`, [f.size, f.sha256]])),
      );
      expect(manifest.files.length).toBeGreaterThanOrEqual(2);

      const emails = new Set(
        (
          await database.db.select({ email: contactSubmissions.email }).from(contactSubmissions)
        ).map((row) => row.email),
      );
      const before = acknowledged.filter((a) => a.at < backupStartedAt);
      expect(before.length).toBeGreaterThanOrEqual(2 * CLIENTS);
      expect(before.filter((a) => !emails.has(a.email))).toEqual([]);
    }, 300_000);

    it("serves the same pages, files and a freshly signed resume link from the new instance", async () => {
      target = await startAdminServer({
        databaseUrl: database.url,
        reuseDataDir: targetDataDir,
        env: { AUTH_SECRET, BACKUP_INTERVAL_HOURS: "0", ...s3Env },
      });
      for (const [pathname, html] of sourcePages) {
        const response = await fetch(`${target.baseURL}${pathname}`);
        expect(response.status).toBe(200);
        expect({ pathname, html: comparable(await response.text(), target.baseURL) }).toEqual({
          pathname,
          html: comparable(html, source.baseURL),
        });
      }

      // Every session ended: the cookie of before the backup opens nothing any more.
      const stale = await fetch(`${target.baseURL}/admin`, {
        headers: { cookie: oldSession },
        redirect: "manual",
      });
      expect(stale.status).toBe(302);

      const cookie = await signInCookie(target.baseURL, TEST_ADMIN);
      const [application] = await database.db
        .select({ id: jobApplications.id })
        .from(jobApplications)
        .where(
          sql`${jobApplications.resumeUrl} like 'resumes/%' and ${jobApplications.resumeUrl} not like '%missing%'`,
        );
      const signed = await fetch(
        `${target.baseURL}/admin/job-applications/${application?.id}/resume`,
        { headers: { cookie, accept: "application/json" } },
      );
      expect(signed.status).toBe(200);
      const { url } = (await signed.json()) as { url: string };
      const resume = await fetch(new URL(url, target.baseURL));
      expect(resume.status).toBe(200);
      expect(Buffer.from(await resume.arrayBuffer())).toEqual(RESUME_BYTES);

      // The visitor's upload, kept by its inquiry as a key, now comes out of S3 by a signed link.
      const [withFile] = await database.db
        .select({ id: contactSubmissions.id })
        .from(contactSubmissions)
        .where(sql`${contactSubmissions.fileAttachments} is not null`)
        .limit(1);
      const attachment = await fetch(
        `${target.baseURL}/admin/inquiries/${withFile?.id}/attachments/0`,
        { headers: { cookie, accept: "application/json" } },
      );
      expect(attachment.status).toBe(200);
      const served = await fetch(new URL(((await attachment.json()) as { url: string }).url));
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(RESUME_BYTES);
    }, 300_000);
  },
);
