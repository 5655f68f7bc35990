import type { Database, Executor } from "@server/db/client";
import { contactSubmissions, jobApplications, notifications, user } from "@server/db/schema";
import { defineJob, type JobSender, NIGHTLY } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import type { Logger } from "@server/logger";
import { enqueueNotification } from "@server/mail";
import { composeMail } from "@server/mail/compose";
import { staffColumns } from "@server/staff/status";
import { and, asc, type Column, eq, gte, isNotNull, lte, notInArray } from "drizzle-orm";
import { inquiryPath } from "~/entities/inquiry/view";
import { applicationPath } from "~/entities/job-application/view";
import { mayEnter, staffRoleOf } from "~/entities/staff/access";
import { parseZonedDateTime, studioDay } from "~/lib/studio-time";

const DIGEST_KIND = "follow-up-digest";

/**
 * The staff digests (issue #30 item 6): each morning at 8:00 in the studio's time zone, one
 * e-mail to each owner listing their inquiries and applications whose follow-up day has come and
 * that are still open. A pg-boss schedule makes one job a day across instances; the digests are
 * queued in one transaction, and an owner who already has today's is skipped, so a run that
 * comes again (a retry after a crash) sends nobody a second one.
 */
export const followUpDigestJob = defineJob<
  object,
  {
    database: { db: Database };
    jobs: JobSender;
    config: { SITE_URL: string };
    logger: Logger;
  }
>({
  name: "follow-up-digests",
  ...NIGHTLY,
  schedule: { cron: "0 8 * * *" },
  async run(_data, { database, jobs, config, logger }) {
    const queued = await inTransaction(database.db, (tx) =>
      queueFollowUpDigests(tx, { siteUrl: config.SITE_URL, today: studioDay(), jobs }),
    );
    if (queued > 0) logger.info({ queued }, "queued the follow-up digests");
  },
});

/** An owned record whose follow-up day has come, not in one of its closing statuses. */
function dueAndOpen(
  record: { ownerId: Column; followUpOn: Column; status: Column },
  closing: string[],
  today: string,
) {
  return and(
    isNotNull(record.ownerId),
    lte(record.followUpOn, today),
    notInArray(record.status, closing),
  );
}

/** Queues the day's digests; returns how many were queued. */
export async function queueFollowUpDigests(
  tx: Executor,
  options: { siteUrl: string; today: string; jobs: JobSender },
): Promise<number> {
  // One after another: a transaction's connection answers one query at a time, and node-postgres
  // deprecates sending the next before the last has answered (it is refused from pg 9).
  const inquiries = await tx
    .select({
      id: contactSubmissions.id,
      name: contactSubmissions.name,
      ownerId: contactSubmissions.ownerId,
      followUpOn: contactSubmissions.followUpOn,
    })
    .from(contactSubmissions)
    .where(dueAndOpen(contactSubmissions, ["closed"], options.today))
    .orderBy(asc(contactSubmissions.followUpOn));
  const applications = await tx
    .select({
      id: jobApplications.id,
      name: jobApplications.name,
      position: jobApplications.positionTitle,
      ownerId: jobApplications.ownerId,
      followUpOn: jobApplications.followUpOn,
    })
    .from(jobApplications)
    .where(dueAndOpen(jobApplications, ["hired", "rejected"], options.today))
    .orderBy(asc(jobApplications.followUpOn));
  const owners = await tx.select(staffColumns).from(user);
  const dayStart = parseZonedDateTime(`${options.today}T00:00`);
  const alreadySent = new Set(
    dayStart
      ? (
          await tx
            .select({ recipient: notifications.recipient })
            .from(notifications)
            .where(and(eq(notifications.kind, DIGEST_KIND), gte(notifications.createdAt, dayStart)))
        ).map((row) => row.recipient)
      : [],
  );
  const link = (path: string) => new URL(path, options.siteUrl).href;
  let queued = 0;
  for (const owner of owners) {
    if (alreadySent.has(owner.email)) continue;
    // Deactivated or role-less accounts get no mail; their records show as due in the list.
    const role = staffRoleOf(owner);
    if (owner.banned || role === null) continue;
    // Only what the owner's role opens: a link answering 403 is no reminder (issue #47 item 16;
    // an owner whose role changed since keeps the record, shown as such on its page).
    const opens = {
      inquiries: mayEnter(role, "inquiries"),
      applications: mayEnter(role, "applications"),
    };
    const mine = [
      ...inquiries
        .filter((row) => opens.inquiries && row.ownerId === owner.id)
        .map(
          (row) => `Inquiry from ${row.name} (due ${row.followUpOn}): ${link(inquiryPath(row.id))}`,
        ),
      ...applications
        .filter((row) => opens.applications && row.ownerId === owner.id)
        .map(
          (row) =>
            `${row.position} application from ${row.name} (due ${row.followUpOn}): ${link(applicationPath(row.id))}`,
        ),
    ];
    if (mine.length === 0) continue;
    await enqueueNotification(tx, options.jobs, {
      kind: DIGEST_KIND,
      recipient: owner.email,
      subject: `Follow-ups due today: ${mine.length}`,
      ...composeMail([
        { paragraph: `Hi ${owner.name || owner.email},` },
        { paragraph: "These are yours and their follow-up day has come:" },
        { list: mine },
        { link: link("/admin?owner=mine&due=1&sort=follow-up"), text: "Your list:" },
      ]),
    });
    queued++;
  }
  return queued;
}
