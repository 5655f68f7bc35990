import type { ContactInquiryInput } from "~/entities/inquiry/contact-form";
import type { WeddingInquiryInput } from "~/entities/inquiry/wedding-form";
import type { Database, Executor } from "./db/client";
import { contactSubmissions } from "./db/schema";
import { enqueueNotification } from "./mail";
import { claimUploads, findUnclaimedUploads } from "./uploads";

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
  notifyEmail: string;
  siteUrl: string;
}

const line = (label: string, value: string | null | undefined) =>
  value ? `${label}: ${value}` : null;

/** Writes the submission's row, in the caller's transaction. */
async function insertSubmission(
  tx: Executor,
  values: typeof contactSubmissions.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await tx
    .insert(contactSubmissions)
    .values(values)
    .returning({ id: contactSubmissions.id });
  if (!row) throw new Error("inquiry not written");
  return row;
}

/** Queues the staff's e-mail of a new inquiry (replying to the visitor); empty lines left out. */
function notifyStaff(
  tx: Executor,
  services: Services,
  mail: { kind: string; replyTo: string; subject: string; lines: (string | null)[] },
) {
  return enqueueNotification(tx, {
    kind: mail.kind,
    recipient: services.notifyEmail,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.lines.filter((l) => l !== null).join("\n"),
  });
}

export async function submitProjectInquiry(
  services: Services,
  input: ContactInquiryInput,
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

  return services.db.transaction(async (tx) => {
    const row = await insertSubmission(tx, {
      kind: "project",
      name: input.name,
      email: input.email,
      service: input.service,
      budget: input.budget,
      timeline: input.timeline,
      description: input.description,
      fileAttachments: attachments.length > 0 ? attachments.map((upload) => upload.key) : null,
    });
    const claimed = await claimUploads(tx, "contact-uploads", input.attachments, {
      table: "contact_submissions",
      id: row.id,
    });
    // Claimed by a concurrent submission in between: roll everything back.
    if (claimed.length !== input.attachments.length) throw new AttachmentsUnavailableError();

    await notifyStaff(tx, services, {
      kind: "contact-inquiry",
      replyTo: input.email,
      subject: `New project inquiry from ${input.name}`,
      lines: [
        `A new project inquiry arrived on the website.`,
        "",
        line("Name", input.name),
        line("Email", input.email),
        line("Service", input.service),
        line("Budget", input.budget),
        line("Timeline", input.timeline),
        "",
        "Project overview:",
        input.description,
        // Names only, never a link to a file: the mail travels, the files stay in the back-office.
        ...(attachments.length > 0
          ? [
              "",
              "Attachments (open them from the inquiry in the back-office):",
              ...attachments.map((upload) => `- ${upload.originalName}`),
            ]
          : []),
        "",
        `Reply to this e-mail to answer ${input.name}, or see every inquiry at ${new URL("/admin", services.siteUrl).href}`,
      ],
    });
    return row;
  });
}

export async function submitWeddingInquiry(
  services: Services,
  input: WeddingInquiryInput,
): Promise<{ id: string }> {
  return services.db.transaction(async (tx) => {
    const row = await insertSubmission(tx, {
      kind: "wedding",
      name: input.name,
      email: input.email,
      description: input.vision ?? "",
      weddingDate: input.wedding_date,
      weddingLocation: input.location,
      weddingBudget: input.budget,
    });
    await notifyStaff(tx, services, {
      kind: "wedding-inquiry",
      replyTo: input.email,
      subject: `New wedding inquiry from ${input.name}`,
      lines: [
        "A new wedding inquiry arrived on the website.",
        "",
        line("Name", input.name),
        line("Email", input.email),
        line("Wedding date", input.wedding_date),
        line("Location", input.location),
        line("Budget range", input.budget),
        ...(input.vision ? ["", "Their vision:", input.vision] : []),
        "",
        `Reply to this e-mail to answer ${input.name}.`,
      ],
    });
    return row;
  });
}
