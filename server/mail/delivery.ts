import type { Database } from "@server/db/client";
import { notifications } from "@server/db/schema";
import { defineJob, type JobSender } from "@server/jobs/engine";
import type { Logger } from "@server/logger";
import { and, asc, eq, isNull } from "drizzle-orm";
import { withoutLinkTokens } from "./link-tokens";
import type { MailTransport } from "./transport";

const MAX_ERROR_LENGTH = 1_000;

interface DeliveryServices {
  database: { db: Database };
  mail: { transport: MailTransport };
  logger: Logger;
}

/**
 * One job per notification (issue #49, decision 0493), sent in the transaction that stores it
 * (`enqueueNotification`), with the notification's id as the job's id. pg-boss retries a failed
 * send with backoff (30 s doubling, capped at an hour, for about two days); a job whose worker
 * died comes back after its two-minute timeout. The row says whether the mail went out, so a job
 * that runs again for a sent mail does nothing: SMTP down then up delivers once.
 */
export const deliverMailJob = defineJob<{ notificationId: string }, DeliveryServices>({
  name: "deliver-mail",
  queue: {
    retryLimit: 40,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 60 * 60,
    expireInSeconds: 2 * 60,
    notify: true,
  },
  concurrency: 2,
  pollSeconds: 5,
  async run({ notificationId }, { database, mail, logger }) {
    const [row] = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), isNull(notifications.sentAt)));
    // Sent already, or gone (erased, or a restore replaced the outbox): nothing to do.
    if (!row) return;
    try {
      await mail.transport.send({
        to: row.recipient,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        messageId: row.id,
      });
    } catch (error) {
      // The row keeps the count and the last reason for the back-office; pg-boss the retry.
      await database.db
        .update(notifications)
        .set({ attempts: row.attempts + 1, lastError: describeError(error) })
        .where(and(eq(notifications.id, row.id), isNull(notifications.sentAt)));
      logger.warn(
        { err: error, notificationId: row.id, kind: row.kind, attempts: row.attempts + 1 },
        "notification not sent; will retry",
      );
      throw error;
    }
    // The update that records the send also takes the single-use links' tokens out of the stored
    // bodies (decision 0440). Should it fail, the job runs again and the mail goes out a second
    // time under the same Message-ID: a duplicate beats a lost mail.
    await database.db
      .update(notifications)
      .set({
        sentAt: new Date(),
        textBody: withoutLinkTokens(row.textBody),
        htmlBody: withoutLinkTokens(row.htmlBody),
      })
      .where(and(eq(notifications.id, row.id), isNull(notifications.sentAt)));
    logger.info({ notificationId: row.id, kind: row.kind }, "notification sent");
  },
});

/**
 * At start: a job for each unsent notification that has none (one stored before the engine, or
 * restored from an archive). The job's id is the notification's, so one that has a job, even a
 * failed one, is left as it is.
 */
export async function queueUnsentMail(db: Database, jobs: JobSender): Promise<number> {
  const unsent = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(isNull(notifications.sentAt))
    .orderBy(asc(notifications.createdAt));
  let queued = 0;
  for (const { id } of unsent) {
    if (await jobs.send(deliverMailJob, { notificationId: id }, { id })) queued++;
  }
  return queued;
}

function describeError(error: unknown): string {
  let text: string;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    text = typeof code === "string" ? `${code}: ${error.message}` : error.message;
  } else {
    text = String(error);
  }
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
