import type { Database, Executor } from "@server/db/client";
import { contactSubmissions } from "@server/db/schema";
import type { JobSender } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import { enqueueNotification } from "@server/mail";
import { composeMail, type MailBlock } from "@server/mail/compose";
import { recordActivity } from "@server/pipeline/activity";
import { claimUploads, findUnclaimedUploads } from "@server/uploads/store";
import type { VisitSource } from "@server/visits/page-views";
import { studio } from "~/copy/studio";
import type { ContactInquiryInput } from "~/entities/inquiry/contact-form";
import { projectFacts, weddingFacts } from "~/entities/inquiry/view";
import type { WeddingInquiryInput } from "~/entities/inquiry/wedding-form";

/**
 * Contact submissions (project inquiries from /contact, wedding inquiries from /weddings): the
 * row, its attachments and the staff notification commit together or not at all.
 */

export class AttachmentsUnavailableError extends Error {
  constructor() {
    super("Some attachments are no longer available. Please attach them again.");
    this.name = "AttachmentsUnavailableError";
  }
}

interface Services {
  db: Database;
  /** Where the mails are queued, in the submission's transaction. */
  jobs: JobSender;
  notifyEmail: string;
  siteUrl: string;
  /** The scheduling page the acknowledgement offers (BOOKING_URL). */
  bookingUrl: string;
}

/** Writes the submission's row and its first Activity entry, in the caller's transaction. */
async function insertSubmission(
  tx: Executor,
  values: typeof contactSubmissions.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await tx
    .insert(contactSubmissions)
    .values(values)
    .returning({ id: contactSubmissions.id });
  if (!row) throw new Error("inquiry not written");
  await recordActivity(tx, {
    subject: "inquiry",
    subjectId: row.id,
    kind: "submitted",
    actor: null,
    summary: values.kind === "wedding" ? "Wedding inquiry received" : "Project inquiry received",
  });
  return row;
}

/**
 * The two mails of a new inquiry, queued in its transaction: the staff's notification (replying
 * goes to the visitor; a link to the inquiry's page) and the visitor's acknowledgement (what they
 * sent, when to expect an answer, the booking link; replying goes to the studio).
 */
async function queueInquiryMails(
  tx: Executor,
  services: Services,
  inquiry: {
    id: string;
    kind: "project" | "wedding";
    name: string;
    email: string;
    /** The form's own fields, after the name and e-mail. */
    fields: readonly (readonly [string, string | null])[];
    message: { heading: string; text: string | null };
    attachments: string[];
  },
) {
  const what = inquiry.kind === "wedding" ? "wedding inquiry" : "project inquiry";
  const sent: MailBlock[] = [
    {
      fields: [["Name", inquiry.name], ["Email", inquiry.email], ...inquiry.fields],
    },
    ...(inquiry.message.text
      ? [{ heading: inquiry.message.heading }, { quote: inquiry.message.text }]
      : []),
    // Names only, never a link to a file: the mail travels, the files stay in the back-office.
    ...(inquiry.attachments.length > 0
      ? [{ heading: "Attachments" }, { list: inquiry.attachments }]
      : []),
  ];
  const page = new URL(`/admin/inquiries/${inquiry.id}`, services.siteUrl).href;
  await enqueueNotification(tx, services.jobs, {
    kind: `${inquiry.kind === "wedding" ? "wedding" : "contact"}-inquiry`,
    recipient: services.notifyEmail,
    replyTo: inquiry.email,
    subject: `New ${what} from ${inquiry.name}`,
    ...composeMail([
      { paragraph: `A new ${what} arrived on the website.` },
      ...sent,
      { link: page, text: "Open it in the back-office (attachments, status, owner, reply):" },
      { paragraph: `Reply to this e-mail to answer ${inquiry.name}.` },
    ]),
  });
  await enqueueNotification(tx, services.jobs, {
    kind: `${inquiry.kind === "wedding" ? "wedding" : "contact"}-acknowledgement`,
    recipient: inquiry.email,
    replyTo: services.notifyEmail,
    subject: `We received your ${what}`,
    ...composeMail([
      { paragraph: `Hi ${inquiry.name},` },
      { paragraph: `Thank you for your ${what}. ${REPLY_PROMISE}` },
      { heading: "What you sent" },
      ...sent,
      { link: services.bookingUrl, text: "Would you rather talk? Book a call with us:" },
      { paragraph: `${studio.name}, ${studio.city}, ${studio.region}` },
    ]),
  });
}

/** The answer every acknowledgement promises (issue #30: the 24-hour reply). */
export const REPLY_PROMISE = "We will reply within 24 hours.";

export async function submitProjectInquiry(
  services: Services,
  input: ContactInquiryInput,
  source: VisitSource | null = null,
): Promise<{ id: string }> {
  // Resolve the attachments first (outside the transaction: PGlite holds one connection).
  const found = await findUnclaimedUploads(services.db, "contact-uploads", input.attachments);
  // In the order the visitor attached them. The row keeps their storage keys: the bucket is
  // private, staff open them from the back-office through signed links (decision 0275).
  const attachments = input.attachments.map((id) => {
    const upload = found.find((row) => row.id === id);
    if (!upload) throw new AttachmentsUnavailableError();
    return upload;
  });

  return inTransaction(services.db, async (tx) => {
    const row = await insertSubmission(tx, {
      kind: "project",
      name: input.name,
      email: input.email,
      service: input.service,
      budget: input.budget,
      timeline: input.timeline,
      description: input.description,
      fileAttachments: attachments.length > 0 ? attachments.map((upload) => upload.key) : null,
      ...source,
    });
    const claimed = await claimUploads(tx, "contact-uploads", input.attachments, {
      table: "contact_submissions",
      id: row.id,
    });
    // Claimed by a concurrent submission in between: roll everything back.
    if (claimed.length !== input.attachments.length) throw new AttachmentsUnavailableError();

    await queueInquiryMails(tx, services, {
      id: row.id,
      kind: "project",
      name: input.name,
      email: input.email,
      fields: projectFacts(input),
      message: { heading: "Project overview", text: input.description },
      attachments: attachments.map((upload) => upload.originalName),
    });
    return row;
  });
}

export async function submitWeddingInquiry(
  services: Services,
  input: WeddingInquiryInput,
  source: VisitSource | null = null,
): Promise<{ id: string }> {
  return inTransaction(services.db, async (tx) => {
    const row = await insertSubmission(tx, {
      kind: "wedding",
      name: input.name,
      email: input.email,
      description: input.vision ?? "",
      weddingDate: input.wedding_date,
      weddingLocation: input.location,
      weddingBudget: input.budget,
      ...source,
    });
    await queueInquiryMails(tx, services, {
      id: row.id,
      kind: "wedding",
      name: input.name,
      email: input.email,
      fields: weddingFacts({
        date: input.wedding_date,
        location: input.location,
        budget: input.budget,
      }),
      message: { heading: "Your vision", text: input.vision },
      attachments: [],
    });
    return row;
  });
}
