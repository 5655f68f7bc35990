import type { Executor } from "@server/db/client";
import { notifications } from "@server/db/schema";

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
 * Stores a notification in the outbox; the worker sends it later and retries until it goes out.
 * Pass the caller's transaction so that what the mail reports and the mail commit together
 * (DESIGN "Principles" 4): a rolled-back submission leaves no mail, a committed one always has it.
 * `next_attempt_at` defaults to the database's now(), so the row is due at once.
 */
export async function enqueueNotification(
  executor: Executor,
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
  return row;
}
