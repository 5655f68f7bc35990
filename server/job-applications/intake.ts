import type { Database } from "@server/db/client";
import { jobApplications } from "@server/db/schema";
import type { JobSender } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import { enqueueNotification } from "@server/mail";
import { composeMail, type MailBlock } from "@server/mail/compose";
import { recordActivity } from "@server/pipeline/activity";
import { claimUploads, findUnclaimedUploads } from "@server/uploads/store";
import type { VisitSource } from "@server/visits/page-views";
import { studio } from "~/copy/studio";
import { labelOf } from "~/entities/inquiry/options";
import type { JobApplicationInput } from "~/entities/job-application/form";
import { REMOTE_PREFERENCE_LABELS } from "~/entities/job-application/options";
import { formatDay } from "~/lib/listings/format";

/** Job applications from /careers: the row, its resume and the notification commit together. */

/** SPEC section 8's success of a sent application, quoted exactly: the acknowledgement's words. */
export const APPLICATION_ACKNOWLEDGEMENT =
  "Thank you for your application! We'll be in touch soon.";
/** What leads to INTERVIEW_BOOKING_URL in the acknowledgement. */
export const INTERVIEW_LINK_TEXT = "Would you like to talk sooner? Pick a time for an interview:";

export class ResumeUnavailableError extends Error {
  constructor() {
    super("The resume is no longer available. Please attach it again.");
    this.name = "ResumeUnavailableError";
  }
}

interface Services {
  db: Database;
  /** Where the mails are queued, in the submission's transaction. */
  jobs: JobSender;
  notifyEmail: string;
  siteUrl: string;
  /** Applicants' interview scheduling page (INTERVIEW_BOOKING_URL); none: no link offered. */
  interviewUrl?: string | undefined;
}

export async function submitJobApplication(
  services: Services,
  input: JobApplicationInput,
  resumeUploadId: string | null,
  source: VisitSource | null = null,
): Promise<{ id: string }> {
  const resumeIds = resumeUploadId ? [resumeUploadId] : [];
  const [resume] = await findUnclaimedUploads(services.db, "job-applications", resumeIds);
  if (resumeUploadId && !resume) throw new ResumeUnavailableError();

  return inTransaction(services.db, async (tx) => {
    const [row] = await tx
      .insert(jobApplications)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        positionTitle: input.position_title,
        resumeUrl: resume?.key ?? null,
        coverLetter: input.cover_letter,
        portfolioUrl: input.portfolio_url,
        linkedinUrl: input.linkedin_url,
        experienceYears: input.experience_years,
        salaryExpectation: input.salary_expectation,
        availabilityDate: input.availability_date,
        locationPreference: input.location_preference,
        remotePreference: input.remote_preference,
        additionalInfo: input.additional_info,
        ...source,
      })
      .returning({ id: jobApplications.id });
    if (!row) throw new Error("application not written");
    const claimed = await claimUploads(tx, "job-applications", resumeIds, {
      table: "job_applications",
      id: row.id,
    });
    if (claimed.length !== resumeIds.length) throw new ResumeUnavailableError();

    await recordActivity(tx, {
      subject: "job_application",
      subjectId: row.id,
      kind: "submitted",
      actor: null,
      summary: `Applied for ${input.position_title}`,
    });

    const fields: MailBlock = {
      fields: [
        ["Position", input.position_title],
        ["Name", input.name],
        ["Email", input.email],
        ["Phone", input.phone],
        ["Portfolio", input.portfolio_url],
        ["LinkedIn", input.linkedin_url],
        ["Years of experience", input.experience_years],
        ["Salary expectation", input.salary_expectation],
        ["Available from", input.availability_date ? formatDay(input.availability_date) : null],
        ["Location preference", input.location_preference],
        ["Work preference", labelOf(REMOTE_PREFERENCE_LABELS, input.remote_preference)],
        ["Resume attached", resume ? `yes (${resume.originalName})` : "no"],
      ],
    };
    const sent: MailBlock[] = [
      fields,
      ...(input.cover_letter ? [{ heading: "Cover letter" }, { quote: input.cover_letter }] : []),
      ...(input.additional_info
        ? [{ heading: "Additional information" }, { quote: input.additional_info }]
        : []),
    ];
    const page = new URL(`/admin/job-applications/${row.id}`, services.siteUrl).href;
    await enqueueNotification(tx, services.jobs, {
      kind: "job-application",
      recipient: services.notifyEmail,
      replyTo: input.email,
      subject: `New application: ${input.position_title} from ${input.name}`,
      ...composeMail([
        { paragraph: "A new job application arrived on the website." },
        ...sent,
        { link: page, text: "Review it (and open the resume) in the back-office:" },
      ]),
    });
    await enqueueNotification(tx, services.jobs, {
      kind: "job-application-acknowledgement",
      recipient: input.email,
      replyTo: services.notifyEmail,
      subject: "We received your application",
      // SPEC's words for a sent application (section 8), not the inquiries' 24-hour promise, and
      // never the sales discovery call: the applicants' own interview page, or no link at all.
      ...composeMail([
        { paragraph: `Hi ${input.name},` },
        { paragraph: APPLICATION_ACKNOWLEDGEMENT },
        { heading: `What you sent for the ${input.position_title} role` },
        ...sent,
        ...(services.interviewUrl
          ? [{ link: services.interviewUrl, text: INTERVIEW_LINK_TEXT }]
          : []),
        { paragraph: `${studio.name}, ${studio.city}, ${studio.region}` },
      ]),
    });
    return row;
  });
}
