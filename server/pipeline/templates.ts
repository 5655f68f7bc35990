import { type AuditActor, audited } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import { replyTemplates } from "@server/db/schema";
import { asc, eq } from "drizzle-orm";
import { studio } from "~/copy/studio";
import type { PipelineSubject } from "~/lib/values";

/** The reply templates of the pipelines (issue #30): the list, their edits, and their words. */

/** A record's reply templates, in their order. */
export function listTemplates(db: Executor, subject?: PipelineSubject) {
  return db
    .select()
    .from(replyTemplates)
    .where(subject ? eq(replyTemplates.subjectType, subject) : undefined)
    .orderBy(asc(replyTemplates.subjectType), asc(replyTemplates.position));
}

/** Saves a template's name, subject and text; false when it is gone. */
export async function saveTemplate(
  db: Database,
  actor: AuditActor,
  id: string,
  values: { name: string; subject: string; body: string },
): Promise<boolean> {
  return audited(db, actor, { entity: "reply_template", id }, async (tx) => {
    const updated = await tx
      .update(replyTemplates)
      .set(values)
      .where(eq(replyTemplates.id, id))
      .returning({ id: replyTemplates.id });
    return updated.length > 0;
  });
}

/** The scheduling pages templates link to: the sales call, and applicants' interviews (if any). */
export interface TemplateLinks {
  bookingUrl: string;
  interviewUrl?: string | undefined;
}

/**
 * The words a record's templates may use (TEMPLATE_PLACEHOLDERS). Applicants are offered their
 * interview page, never the sales call (issue #47 item 18): `{interview_url}` is null without
 * INTERVIEW_BOOKING_URL (its paragraph is left out), and `{booking_url}` is not theirs (it stays
 * visible in the reply, for staff to see and fix).
 */
export function templateValues(
  subject: PipelineSubject,
  links: TemplateLinks,
  record: { name: string; positionTitle?: string | null },
): Record<string, string | null> {
  const shared = { name: record.name, studio: studio.name };
  return subject === "job_application"
    ? {
        ...shared,
        position: record.positionTitle ?? "",
        interview_url: links.interviewUrl ?? null,
      }
    : { ...shared, position: "", booking_url: links.bookingUrl };
}
