import type { Executor } from "@server/db/client";
import { notifications } from "@server/db/schema";
import type { JobSender } from "@server/jobs/engine";
import { deliverMailJob } from "./delivery";

export interface NotificationInput {
  /** What the mail reports, e.g. "contact_submission"; for logs and the back-office. */
  kind: string;
  recipient: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Stores a notification in the outbox with the job that delivers it (`deliverMailJob`). Pass the
 * caller's transaction so that what the mail reports, the mail and its job commit together
 * (DESIGN "Principles" 4): a rolled-back submission leaves no mail, a committed one always has it.
 */
export async function enqueueNotification(
  executor: Executor,
  jobs: JobSender,
  input: NotificationInput,
): Promise<{ id: string }> {
  const recipient = input.recipient.trim();
  if (!recipient) throw new Error("A notification needs a recipient");
  const [row] = await executor
    .insert(notifications)
    .values({
      kind: input.kind,
      recipient,
      replyTo: input.replyTo?.trim() || null,
      subject: input.subject,
      textBody: input.text,
      htmlBody: input.html ?? null,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error("The notification was not stored");
  await jobs.send(deliverMailJob, { notificationId: row.id }, { tx: executor, id: row.id });
  return row;
}
