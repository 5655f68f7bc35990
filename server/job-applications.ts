import type { JobApplicationInput } from "~/entities/job-application/form";
import type { Database } from "./db/client";
import { jobApplications } from "./db/schema";
import { enqueueNotification } from "./mail";
import { claimUploads, findUnclaimedUploads } from "./uploads";

/** Job applications from /careers: the row, its resume and the notification commit together. */

export class ResumeUnavailableError extends Error {
  constructor() {
    super("The resume is no longer available. Please attach it again.");
    this.name = "ResumeUnavailableError";
  }
}

interface Services {
  db: Database;
  notifyEmail: string;
  siteUrl: string;
}

export async function submitJobApplication(
  services: Services,
  input: JobApplicationInput,
  resumeUploadId: string | null,
): Promise<{ id: string }> {
  const resumeIds = resumeUploadId ? [resumeUploadId] : [];
  const [resume] = await findUnclaimedUploads(services.db, "job-applications", resumeIds);
  if (resumeUploadId && !resume) throw new ResumeUnavailableError();

  return services.db.transaction(async (tx) => {
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
      })
      .returning({ id: jobApplications.id });
    if (!row) throw new Error("application not written");
    const claimed = await claimUploads(tx, "job-applications", resumeIds, {
      table: "job_applications",
      id: row.id,
    });
    if (claimed.length !== resumeIds.length) throw new ResumeUnavailableError();

    const hasResume = Boolean(resume);
    const fields: [string, string | number | null][] = [
      ["Position", input.position_title],
      ["Name", input.name],
      ["Email", input.email],
      ["Phone", input.phone],
      ["Portfolio", input.portfolio_url],
      ["LinkedIn", input.linkedin_url],
      ["Years of experience", input.experience_years],
      ["Salary expectation", input.salary_expectation],
      ["Available from", input.availability_date],
      ["Location preference", input.location_preference],
      ["Work preference", input.remote_preference],
      ["Resume attached", hasResume ? "yes" : "no"],
    ];
    await enqueueNotification(tx, {
      kind: "job-application",
      recipient: services.notifyEmail,
      replyTo: input.email,
      subject: `New application: ${input.position_title} from ${input.name}`,
      text: [
        "A new job application arrived on the website.",
        "",
        ...fields.filter(([, v]) => v !== null && v !== "").map(([k, v]) => `${k}: ${v}`),
        ...(input.cover_letter ? ["", "Cover letter:", input.cover_letter] : []),
        ...(input.additional_info ? ["", "Additional information:", input.additional_info] : []),
        "",
        `Review it (and download the resume) at ${new URL("/admin/job-applications", services.siteUrl).href}`,
      ].join("\n"),
    });
    return row;
  });
}
