import os from "node:os";
import { loadConfig } from "@server/config";
import {
  approvals,
  auditEvents,
  contactSubmissions,
  jobApplications,
  projects,
  reviewComments,
  reviewers,
  reviewReplies,
  uploads,
  user,
} from "@server/db/schema";
import { setInquiryStatus } from "@server/inquiries/back-office";
import { setJobApplicationStatus } from "@server/job-applications/back-office";
import { ANONYMISED_TABLE_NAMES } from "@server/privacy/anonymised";
import { PERSON_TABLES } from "@server/privacy/person";
import { RETENTION_OF_PERSONS, readRetention, runRetention } from "@server/privacy/retention";
import { setProjectStatus } from "@server/projects/projects";
import { createStorage, type StorageDriver } from "@server/storage";
import { storeUpload } from "@server/uploads/store";
import { desc, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as privacyAction } from "~/routes/admin/privacy";
import { loader as privacyPageLoader } from "~/routes/site/privacy";
import { TEST_ADMIN } from "../support/admin-data";
import {
  callRoute,
  createTestRuntime,
  postTo,
  type TestRuntime,
  toastOf,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { pdfBytes } from "../support/files";
import { insertReviewProject } from "../support/review-project";
import { statusOf } from "../support/route-answers";
import { type S3Peer, startS3Peer } from "../support/s3rver";

/**
 * Retention (issue #32 item 4): the periods set on /admin/privacy; the daily job deletes inquiries
 * closed longer ago than their period and applications with a final status longer ago than
 * theirs, rows and stored files together, on local storage and on S3, once a day however often
 * it is checked, with one audit row per run holding the counts. The review room's reviewers and
 * their comments go once their project was delivered or archived longer ago than its period;
 * approvals stay whole (issue #45 item 6, decision 0538).
 */

it("says how long every table that names a person is kept", () => {
  expect(Object.keys(RETENTION_OF_PERSONS).sort()).toEqual(
    [...Object.keys(PERSON_TABLES), ...ANONYMISED_TABLE_NAMES].sort(),
  );
});

const DAY = 24 * 60 * 60_000;
const monthsAgo = (now: Date, months: number) => new Date(now.getTime() - months * 31 * DAY);

const cases = testDrivers.flatMap((driver) =>
  (["local", "s3"] as const).map((storageKind) => ({ driver, storageKind })),
);

describe.each(cases)(
  "retention on $driver with $storageKind storage",
  ({ driver, storageKind }) => {
    let t: TestRuntime;
    let peer: S3Peer | undefined;
    let storage: StorageDriver;
    beforeAll(async () => {
      t = await createTestRuntime(driver);
      if (storageKind === "s3") {
        peer = await startS3Peer("retention");
        const s3 = createStorage(
          loadConfig({
            DATA_DIR: os.tmpdir(),
            STORAGE_DRIVER: "s3",
            ...peer.env,
            S3_BUCKET_PREFIX: "retention-",
          }),
          { secret: "a-retention-test-secret-of-32-characters" },
        );
        if (s3.kind !== "s3") throw new Error("expected the S3 driver");
        await s3.ensureBuckets();
        storage = s3;
      } else {
        storage = t.runtime.storage;
      }
    });
    afterAll(async () => {
      await peer?.close();
      await t?.close();
    });
    const db = () => t.runtime.database.db;
    const post = (fields: Record<string, string>) =>
      postTo(t, privacyAction, "/admin/privacy", new URLSearchParams(fields));

    it("keeps the defaults (24, 12 and 24 months) until an admin sets other periods", async () => {
      expect(await readRetention(db())).toEqual({
        inquiryMonths: 24,
        applicationMonths: 12,
        reviewMonths: 24,
      });
      const refused = await post({
        intent: "retention",
        inquiry_months: "0",
        application_months: "x",
        review_months: "121",
      });
      expect(statusOf(refused)).toBe(400);
      expect((refused as { data: { fieldErrors: unknown } }).data.fieldErrors).toEqual({
        inquiry_months: ["Enter a whole number of months from 1 to 120"],
        application_months: ["Enter a whole number of months from 1 to 120"],
        review_months: ["Enter a whole number of months from 1 to 120"],
      });
      const saved = (await post({
        intent: "retention",
        inquiry_months: "6",
        application_months: "3",
        review_months: "9",
      })) as Response;
      expect(await toastOf(t.runtime, saved)).toBe("Success: Retention periods saved");
      expect(await readRetention(db())).toEqual({
        inquiryMonths: 6,
        applicationMonths: 3,
        reviewMonths: 9,
      });
      const [row] = await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityType, "privacy_settings"));
      expect(row?.changes).toEqual({
        inquiryMonths: { before: 24, after: 6 },
        applicationMonths: { before: 12, after: 3 },
        reviewMonths: { before: 24, after: 9 },
      });

      // The public privacy page states the configured periods, the backups' and how to ask.
      const { page } = await callRoute(privacyPageLoader, t.runtime, "/privacy");
      const section = (heading: string) =>
        page.sections.find((s) => s.heading === heading)?.paragraphs.join(" ") ?? "";
      expect(section("How long we keep it")).toContain(
        "inquiries, with the files attached to them, are deleted 6 months after the inquiry is closed.",
      );
      expect(section("How long we keep it")).toContain(
        "Job applications and résumés are deleted 3 months after a decision",
      );
      expect(section("How long we keep it")).toContain(
        "the name and e-mail you gave and your comments are deleted 9 months after the project is delivered or archived",
      );
      expect(section("How long we keep it")).toContain("backup copies for up to 7 days");
      expect(section("Your rights")).toContain("To ask, write to privacy@northlight.studio");
    });

    it("records when an inquiry was closed and an application decided, and forgets it on reopening", async () => {
      const [inquiry] = await db()
        .insert(contactSubmissions)
        .values({ name: "Open", email: "open@retention.test" })
        .returning();
      const [application] = await db()
        .insert(jobApplications)
        .values({ name: "Applicant", email: "applicant@retention.test", positionTitle: "Producer" })
        .returning();
      if (!inquiry || !application) throw new Error("not written");
      const read = async () => ({
        closed: (
          await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, inquiry.id))
        )[0]?.closedAt,
        decided: (
          await db().select().from(jobApplications).where(eq(jobApplications.id, application.id))
        )[0]?.decidedAt,
      });
      await setInquiryStatus(db(), inquiry.id, "closed");
      await setJobApplicationStatus(db(), application.id, "rejected");
      const first = await read();
      expect(first.closed).toBeInstanceOf(Date);
      expect(first.decided).toBeInstanceOf(Date);
      // Setting it again keeps the day it was first set.
      await setInquiryStatus(db(), inquiry.id, "closed");
      await setJobApplicationStatus(db(), application.id, "hired");
      expect(await read()).toEqual(first);
      await setInquiryStatus(db(), inquiry.id, "contacted");
      await setJobApplicationStatus(db(), application.id, "interview");
      expect(await read()).toEqual({ closed: null, decided: null });
      await db().delete(contactSubmissions).where(eq(contactSubmissions.id, inquiry.id));
      await db().delete(jobApplications).where(eq(jobApplications.id, application.id));
    });

    it("deletes what outlived its period, rows and files together, with one audit row a run", async () => {
      const now = new Date();
      const store = { db: db(), storage };
      const file = () =>
        storeUpload(store, "contact-attachment", { name: "a.pdf", bytes: pdfBytes() });
      const resumeFile = () => storeUpload(store, "resume", { name: "cv.pdf", bytes: pdfBytes() });
      const inquiry = async (
        name: string,
        values: Partial<typeof contactSubmissions.$inferInsert>,
        withFile: boolean,
      ) => {
        const upload = withFile ? await file() : null;
        const [row] = await db()
          .insert(contactSubmissions)
          .values({
            name,
            email: `${name}@retention.test`,
            fileAttachments: upload ? [upload.key] : null,
            ...values,
          })
          .returning();
        if (upload && row) {
          await db()
            .update(uploads)
            .set({ ownerTable: "contact_submissions", ownerId: row.id })
            .where(eq(uploads.id, upload.id));
        }
        return { id: row?.id ?? "", key: upload?.key };
      };
      const application = async (
        name: string,
        values: Partial<typeof jobApplications.$inferInsert>,
      ) => {
        const upload = await resumeFile();
        const [row] = await db()
          .insert(jobApplications)
          .values({
            name,
            email: `${name}@retention.test`,
            positionTitle: "Producer",
            resumeUrl: upload.key,
            ...values,
          })
          .returning();
        await db()
          .update(uploads)
          .set({ ownerTable: "job_applications", ownerId: row?.id ?? "" })
          .where(eq(uploads.id, upload.id));
        return { id: row?.id ?? "", key: upload.key };
      };
      // Periods: inquiries 6 months, applications 3 (set by the first test).
      const expiredInquiry = await inquiry(
        "expired",
        { status: "closed", closedAt: monthsAgo(now, 7) },
        true,
      );
      const recentInquiry = await inquiry(
        "recent",
        { status: "closed", closedAt: monthsAgo(now, 5) },
        true,
      );
      const openInquiry = await inquiry("open", { createdAt: monthsAgo(now, 40) }, true);
      const rejected = await application("rejected", {
        status: "rejected",
        decidedAt: monthsAgo(now, 4),
      });
      const hired = await application("hired", { status: "hired", decidedAt: monthsAgo(now, 2) });
      const undecided = await application("undecided", {
        status: "interview",
        createdAt: monthsAgo(now, 40),
      });

      await runRetention(db(), storage, now);

      const inquiryIds = (await db().select({ id: contactSubmissions.id }).from(contactSubmissions))
        .map((row) => row.id)
        .sort();
      expect(inquiryIds).toEqual([recentInquiry.id, openInquiry.id].sort());
      const applicationIds = (await db().select({ id: jobApplications.id }).from(jobApplications))
        .map((row) => row.id)
        .sort();
      expect(applicationIds).toEqual([hired.id, undecided.id].sort());

      const gone = [expiredInquiry.key, rejected.key];
      const kept = [recentInquiry.key, openInquiry.key, hired.key, undecided.key];
      expect(
        await db()
          .select()
          .from(uploads)
          .where(inArray(uploads.key, gone as string[])),
      ).toEqual([]);
      expect(await storage.get("contact-uploads", expiredInquiry.key ?? "")).toBeNull();
      expect(await storage.get("job-applications", rejected.key)).toBeNull();
      for (const key of kept) {
        const bucket = key?.startsWith("resumes/") ? "job-applications" : "contact-uploads";
        const stored = await storage.get(bucket, key ?? "");
        expect(stored, key).not.toBeNull();
        stored?.stream.destroy();
      }

      const runs = await db().select().from(auditEvents).where(eq(auditEvents.action, "retention"));
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        actorId: null,
        actorEmail: null,
        entityType: "privacy_settings",
      });
      expect(runs[0]?.changes).toEqual({
        inquiries: { before: 1, after: 0 },
        applications: { before: 1, after: 0 },
        files: { before: 2, after: 0 },
        reviewers: { before: 0, after: 0 },
        comments: { before: 0, after: 0 },
      });
      // Run again (a retry, another instance): nothing more goes, nothing fails.
      expect(await runRetention(db(), storage, new Date(now.getTime() + 3_600_000))).toEqual({
        inquiries: 0,
        applications: 0,
        files: 0,
        reviewers: 0,
        comments: 0,
      });
    });

    it("records when a project was first delivered or archived, and forgets it when active again", async () => {
      const [admin] = await db().select().from(user).where(eq(user.email, TEST_ADMIN.email));
      const actor = { id: admin?.id ?? null, email: TEST_ADMIN.email, ip: null };
      const [project] = await db()
        .insert(projects)
        .values({ title: "Finishing", clientName: "Cora" })
        .returning();
      const id = project?.id ?? "";
      const finished = async () =>
        (await db().select().from(projects).where(eq(projects.id, id)))[0]?.finishedAt;
      expect(await finished()).toBeNull();
      await setProjectStatus(db(), actor, id, "delivered");
      const first = await finished();
      expect(first).toBeInstanceOf(Date);
      await setProjectStatus(db(), actor, id, "archived");
      expect(await finished()).toEqual(first);
      await setProjectStatus(db(), actor, id, "active");
      expect(await finished()).toBeNull();
      await db().delete(projects).where(eq(projects.id, id));
    });

    it("deletes reviewers and their comments of projects finished longer ago than the period, keeping approvals", async () => {
      const now = new Date();
      const [admin] = await db().select().from(user).where(eq(user.email, TEST_ADMIN.email));
      const staffId = admin?.id ?? "";
      // Period: 9 months (set by the first test).
      const project = async (
        title: string,
        values: { status: "active" | "delivered" | "archived"; finishedAt: Date | null },
      ) => {
        const made = await insertReviewProject(db(), { title, ...values });
        const versionId = made.versions[0] ?? "";
        const reviewerId = made.reviewer.id;
        const [theirs, ours] = await db()
          .insert(reviewComments)
          .values([
            { versionId, reviewerId, body: "Brighter here", atSeconds: 1 },
            { versionId, staffId, body: "Note to self: the grade", atSeconds: 2 },
          ])
          .returning();
        await db()
          .insert(reviewReplies)
          .values([
            { commentId: theirs?.id ?? "", staffId, body: "Done in v2" },
            { commentId: ours?.id ?? "", reviewerId, body: "Agreed" },
          ]);
        const [approval] = await db()
          .insert(approvals)
          .values({
            versionId,
            reviewerId,
            linkId: made.link.id,
            reviewerName: made.reviewer.name,
            reviewerEmail: made.reviewer.email,
            decision: "approve",
            sha256: made.sha256,
          })
          .returning();
        return { versionId, reviewerId, approval, sha256: made.sha256 };
      };
      const left = await project("left", { status: "delivered", finishedAt: monthsAgo(now, 10) });
      const recent = await project("recent", {
        status: "archived",
        finishedAt: monthsAgo(now, 8),
      });
      const active = await project("active", { status: "active", finishedAt: null });

      const counts = await runRetention(db(), storage, now);
      expect(counts).toMatchObject({ reviewers: 1, comments: 2 });

      const reviewerIds = (await db().select({ id: reviewers.id }).from(reviewers)).map(
        (row) => row.id,
      );
      expect(reviewerIds).not.toContain(left.reviewerId);
      expect(reviewerIds).toEqual(expect.arrayContaining([recent.reviewerId, active.reviewerId]));
      const notesOf = async (versionId: string) => {
        const comments = await db()
          .select({ id: reviewComments.id, body: reviewComments.body })
          .from(reviewComments)
          .where(eq(reviewComments.versionId, versionId));
        const replies = await db()
          .select({ body: reviewReplies.body })
          .from(reviewReplies)
          .where(
            inArray(
              reviewReplies.commentId,
              comments.map((row) => row.id),
            ),
          );
        return [...comments, ...replies].map((row) => row.body).sort();
      };
      // The reviewer's comment went with the staff's reply to it, and their reply; the staff's own
      // note stays.
      expect(await notesOf(left.versionId)).toEqual(["Note to self: the grade"]);
      const all = ["Agreed", "Brighter here", "Done in v2", "Note to self: the grade"];
      expect(await notesOf(recent.versionId)).toEqual(all);
      expect(await notesOf(active.versionId)).toEqual(all);

      // The approval is the studio's record: who approved which file (its hash), when, by which link.
      const [kept] = await db()
        .select()
        .from(approvals)
        .where(eq(approvals.id, left.approval?.id ?? ""));
      expect(kept).toEqual({ ...left.approval, reviewerId: null });
      expect(kept?.sha256).toBe(left.sha256);
      expect(
        await db().select({ id: approvals.id }).from(approvals).where(isNull(approvals.reviewerId)),
      ).toEqual([{ id: left.approval?.id }]);

      const [run] = await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, "retention"))
        .orderBy(desc(auditEvents.at))
        .limit(1);
      expect(run?.changes).toMatchObject({
        reviewers: { before: 1, after: 0 },
        comments: { before: 2, after: 0 },
      });
      expect(run?.entityName).toContain("reviews 9 months");
      // Again: nothing more goes.
      expect(await runRetention(db(), storage, now)).toMatchObject({ reviewers: 0, comments: 0 });
    });
  },
);
