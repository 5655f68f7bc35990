import { type AuditActor, audited, recordAudit } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import { contactSubmissions, jobApplications, pipelineActivity, user } from "@server/db/schema";
import { setInquiryStatus } from "@server/inquiries/back-office";
import { setJobApplicationStatus } from "@server/job-applications/back-office";
import type { JobSender } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import { enqueueNotification } from "@server/mail";
import { composeMail } from "@server/mail/compose";
import { type ActivityEntry, recordActivity } from "@server/pipeline/activity";
import { hasPasswordSql } from "@server/staff/status";
import { and, asc, eq, or, sql } from "drizzle-orm";
import { inquiryPath } from "~/entities/inquiry/view";
import { applicationPath } from "~/entities/job-application/view";
import { ACTIVITY_LABELS, UNASSIGNED } from "~/entities/pipeline/view";
import { type Area, mayEnter, staffRoleOf } from "~/entities/staff/access";
import { CONTACT_STATUS_OPTIONS, JOB_APPLICATION_STATUS_OPTIONS } from "~/lib/status-options";
import type { ContactStatus, JobApplicationStatus, PipelineSubject } from "~/lib/values";

/**
 * The steps of a pipeline (issue #30), the same for an inquiry and a job application: status,
 * owner, follow-up, note, reply. Each runs in one transaction with its audit row (decision 0291)
 * and its Activity entry, and the mails it sends (the new owner's, the reply) are queued in the
 * outbox in that transaction too: committed with the step, sent when SMTP takes them.
 */

const TABLES = { inquiry: contactSubmissions, job_application: jobApplications } as const;
const table = (subject: PipelineSubject) => TABLES[subject] as typeof contactSubmissions;

export const PIPELINE_PATHS: Record<PipelineSubject, (id: string) => string> = {
  inquiry: inquiryPath,
  job_application: applicationPath,
};

const NOUNS: Record<PipelineSubject, string> = {
  inquiry: "inquiry",
  job_application: "application",
};

const STATUS_LABELS: Record<PipelineSubject, readonly { value: string; label: string }[]> = {
  inquiry: CONTACT_STATUS_OPTIONS,
  job_application: JOB_APPLICATION_STATUS_OPTIONS,
};
const statusLabel = (subject: PipelineSubject, value: string) =>
  STATUS_LABELS[subject].find((o) => o.value === value)?.label ?? value;

/** The back-office area a record lives in (the policy table's, app/entities/staff/access.ts). */
export const PIPELINE_AREAS: Record<PipelineSubject, Area> = {
  inquiry: "inquiries",
  job_application: "applications",
};

export interface StaffMember {
  id: string;
  name: string;
  email: string;
}

/**
 * Who may own a record: active staff (a role, not deactivated, the invitation accepted: the staff
 * screen's own "Active" rule, `hasPasswordSql`) whose role opens the record's area
 * in the policy table, by name. An owner is mailed a link to the record's page: one who could not
 * open it would get a 403 (issue #47 item 16).
 */
export async function possibleOwners(
  db: Executor,
  subject: PipelineSubject,
): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(and(or(eq(user.banned, false), sql`${user.banned} is null`), hasPasswordSql))
    .orderBy(asc(user.name), asc(user.email));
  return rows
    .filter((row) => mayEnter(staffRoleOf(row), PIPELINE_AREAS[subject]))
    .map(({ id, name, email }) => ({ id, name: name || email, email }));
}

/** The record's current row (locked for the step), or null when it is gone. */
export async function lockRow(tx: Executor, subject: PipelineSubject, id: string) {
  const t = table(subject);
  const [row] = await tx
    .select({
      id: t.id,
      name: t.name,
      email: t.email,
      status: t.status,
      ownerId: t.ownerId,
      followUpOn: t.followUpOn,
    })
    .from(t)
    .where(eq(t.id, id))
    .for("update")
    .limit(1);
  return row ?? null;
}

export interface StepServices {
  db: Database;
  /** Where the owner's and the reply's mails are queued. */
  jobs: JobSender;
  actor: AuditActor;
  siteUrl: string;
}

/** A new status; false when the record is gone. The list's dropdown and the page share it. */
export async function changeStatus(
  services: StepServices,
  subject: PipelineSubject,
  id: string,
  status: string,
): Promise<boolean> {
  return audited(services.db, services.actor, { entity: subject, id }, async (tx) => {
    const row = await lockRow(tx, subject, id);
    if (!row) return false;
    if (row.status === status) return true;
    // The entity homes set the status with what goes with it (the retention clock of issue #32).
    if (subject === "inquiry") await setInquiryStatus(tx, id, status as ContactStatus);
    else await setJobApplicationStatus(tx, id, status as JobApplicationStatus);
    await recordActivity(tx, {
      subject,
      subjectId: id,
      kind: "status",
      actor: services.actor,
      summary: `${statusLabel(subject, row.status)} → ${statusLabel(subject, status)}`,
    });
    return true;
  });
}

/** Sets the record's owner or follow-up day, and the step's Activity entry. */
async function writeStep(
  tx: Executor,
  services: StepServices,
  step: Pick<ActivityEntry, "subject" | "subjectId" | "kind" | "summary"> & {
    set: { ownerId: string | null } | { followUpOn: string | null };
  },
): Promise<void> {
  const { set, ...activity } = step;
  const t = table(step.subject);
  await tx.update(t).set(set).where(eq(t.id, step.subjectId));
  await recordActivity(tx, { ...activity, actor: services.actor });
}

export type OwnerOutcome = "saved" | "missing" | "not-allowed";

/**
 * A new owner (null: unassigned). The owner must be one of `possibleOwners` (active staff whose
 * role opens the record); they get an e-mail with a link to the record's page.
 */
export async function changeOwner(
  services: StepServices,
  subject: PipelineSubject,
  id: string,
  ownerId: string | null,
): Promise<OwnerOutcome> {
  const staff = await possibleOwners(services.db, subject);
  const owner = ownerId ? staff.find((member) => member.id === ownerId) : null;
  if (ownerId && !owner) return "not-allowed";
  const done = await audited(services.db, services.actor, { entity: subject, id }, async (tx) => {
    const row = await lockRow(tx, subject, id);
    if (!row) return false;
    if (row.ownerId === (owner?.id ?? null)) return true;
    await writeStep(tx, services, {
      subject,
      subjectId: id,
      set: { ownerId: owner?.id ?? null },
      kind: "owner",
      summary: owner ? owner.name : UNASSIGNED,
    });
    if (owner) {
      const noun = NOUNS[subject];
      const link = new URL(PIPELINE_PATHS[subject](id), services.siteUrl).href;
      await enqueueNotification(tx, services.jobs, {
        kind: "owner-assigned",
        recipient: owner.email,
        subject: `You now own the ${noun} from ${row.name}`,
        ...composeMail([
          { paragraph: `Hi ${owner.name},` },
          {
            paragraph: `${services.actor.email ?? "A colleague"} made you the owner of the ${noun} from ${row.name} (${row.email}).`,
          },
          { link, text: "Open it:" },
        ]),
      });
    }
    return true;
  });
  return done ? "saved" : "missing";
}

/** A new follow-up day (YYYY-MM-DD), or null to clear it; false when the record is gone. */
export async function changeFollowUp(
  services: StepServices,
  subject: PipelineSubject,
  id: string,
  day: string | null,
): Promise<boolean> {
  return audited(services.db, services.actor, { entity: subject, id }, async (tx) => {
    const row = await lockRow(tx, subject, id);
    if (!row) return false;
    if (row.followUpOn === day) return true;
    await writeStep(tx, services, {
      subject,
      subjectId: id,
      set: { followUpOn: day },
      kind: "follow_up",
      summary: day ? `Follow up on ${day}` : "Follow-up cleared",
    });
    return true;
  });
}

/** Runs a step that adds to the record (a note) with its audit row; false: gone. */
async function addStep(
  services: StepServices,
  subject: PipelineSubject,
  id: string,
  action: "note",
  step: (tx: Executor, row: NonNullable<Awaited<ReturnType<typeof lockRow>>>) => Promise<string>,
): Promise<boolean> {
  return inTransaction(services.db, async (tx) => {
    const row = await lockRow(tx, subject, id);
    if (!row) return false;
    const what = await step(tx, row);
    await recordAudit(tx, {
      action,
      actor: services.actor,
      entityType: subject,
      entityId: id,
      entityName: row.name.slice(0, 200),
      changes: { [action]: { before: null, after: what } },
    });
    return true;
  });
}

export function addNote(
  services: StepServices,
  subject: PipelineSubject,
  id: string,
  note: string,
): Promise<boolean> {
  return addStep(services, subject, id, "note", async (tx) => {
    await recordActivity(tx, {
      subject,
      subjectId: id,
      kind: "note",
      actor: services.actor,
      body: note,
    });
    return note;
  });
}

/**
 * Sends a reply to the visitor or applicant through the outbox (Reply-To the studio): queued with
 * the step, so SMTP being down loses nothing; the worker delivers it once SMTP is back. A reply
 * is the first contact of a "New" inquiry: it moves it to "Contacted" in the same step, with its
 * own Activity entry and the status in the reply's audit row (issue #47 item 17).
 */
export function sendReply(
  services: StepServices & { replyTo: string },
  subject: PipelineSubject,
  id: string,
  reply: { subject: string; message: string },
): Promise<boolean> {
  return inTransaction(services.db, async (tx) => {
    const row = await lockRow(tx, subject, id);
    if (!row) return false;
    await enqueueNotification(tx, services.jobs, {
      kind: `${subject}-reply`,
      recipient: row.email,
      replyTo: services.replyTo,
      subject: reply.subject,
      ...composeMail(
        reply.message
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean)
          .map((paragraph) => ({ paragraph })),
      ),
    });
    await recordActivity(tx, {
      subject,
      subjectId: id,
      kind: "reply",
      actor: services.actor,
      summary: reply.subject,
      body: reply.message,
    });
    const contacted = subject === "inquiry" && row.status === REPLIED_FROM;
    if (contacted) {
      await setInquiryStatus(tx, id, REPLIED_TO);
      await recordActivity(tx, {
        subject,
        subjectId: id,
        kind: "status",
        actor: services.actor,
        summary: `${statusLabel(subject, REPLIED_FROM)} → ${statusLabel(subject, REPLIED_TO)}`,
      });
    }
    await recordAudit(tx, {
      action: "reply",
      actor: services.actor,
      entityType: subject,
      entityId: id,
      entityName: row.name.slice(0, 200),
      changes: {
        reply: { before: null, after: reply.subject },
        ...(contacted ? { status: { before: REPLIED_FROM, after: REPLIED_TO } } : {}),
      },
    });
    return true;
  });
}

/** The status a reply moves an inquiry from, and to. */
const REPLIED_FROM: ContactStatus = "new";
const REPLIED_TO: ContactStatus = "contacted";

/**
 * A visitor's booking from the site (issue #30 item 4): "Booked a call" on that inquiry, once.
 * The row lock orders concurrent reports, so a replayed one finds the first and adds nothing.
 */
export async function recordBooking(
  db: Database,
  inquiryId: string,
): Promise<"recorded" | "already" | "gone"> {
  return inTransaction(db, async (tx) => {
    const row = await lockRow(tx, "inquiry", inquiryId);
    if (!row) return "gone";
    const [booked] = await tx
      .select({ id: pipelineActivity.id })
      .from(pipelineActivity)
      .where(
        and(
          eq(pipelineActivity.subjectType, "inquiry"),
          eq(pipelineActivity.subjectId, inquiryId),
          eq(pipelineActivity.kind, "booked"),
        ),
      )
      .limit(1);
    if (booked) return "already";
    await recordActivity(tx, {
      subject: "inquiry",
      subjectId: inquiryId,
      kind: "booked",
      actor: null,
      summary: ACTIVITY_LABELS.booked,
    });
    return "recorded";
  });
}
