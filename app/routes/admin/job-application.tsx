import { findJobApplication } from "@server/job-applications/back-office";
import { ratingsOf } from "@server/pipeline/ratings";
import {
  loadPipelineRecord,
  pipelineAction,
  pipelineRecordKind,
} from "@server/route-kit/pipeline-page";
import { storedFileView } from "@server/route-kit/stored-file";
import { ArrowLeft, FileDown } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ApplicantLinks } from "~/components/admin/applicant-links";
import { formatDateTime } from "~/components/admin/format";
import { Facts } from "~/components/admin/list-page";
import { type PipelineAnswer, PipelineSection, RatingSection } from "~/components/admin/pipeline";
import { PipelineRecordColumns } from "~/components/admin/pipeline-record";
import { SignedFileLink } from "~/components/admin/signed-file-link";
import { buttonClass } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { labelOf } from "~/entities/inquiry/options";
import { REMOTE_PREFERENCE_LABELS } from "~/entities/job-application/options";
import { applicantTerms, resumePath } from "~/entities/job-application/view";
import { JOB_APPLICATION_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { JOB_APPLICATION_STATUS_OPTIONS } from "~/lib/status-options";
import type { Route } from "./+types/job-application";

/**
 * /admin/job-applications/:id (issue #30): one application, every field, its resume through the
 * 60-second signed link, and its pipeline: Status, Owner, Follow-up, Notes, Reply from a
 * template, "Your rating" with the average of every reviewer's, and its Activity.
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Application from ${loaderData.record.name}` : "Application");

const APPLICATION_PIPELINE = pipelineRecordKind({
  subject: "job_application",
  statuses: JOB_APPLICATION_STATUS_OPTIONS,
  find: findJobApplication,
  replySubject: (application) => `Re: Your application for ${application.positionTitle}`,
  notFound: "Application not found",
});

export const loader = (args: Route.LoaderArgs) =>
  loadPipelineRecord(args, APPLICATION_PIPELINE, async (application, { runtime, staff }) => {
    const [ratings, resume] = await Promise.all([
      ratingsOf(runtime.database.db, application.id, staff.id),
      // A fresh 60-second link at each render of this private page, for the frame (decision 0312).
      application.resumeUrl
        ? storedFileView(runtime, "job-applications", application.resumeUrl)
        : null,
    ]);
    return { ratings, resume };
  });

export const action = (args: Route.ActionArgs) => pipelineAction(args, APPLICATION_PIPELINE);

export default function JobApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { record: application, ratings, resume } = loaderData;
  const answer = actionData as PipelineAnswer | undefined;
  const facts: [string, string | null][] = [
    ["Position", application.positionTitle],
    ["Email", application.email],
    ["Phone", application.phone],
    ["Received", formatDateTime(application.createdAt)],
    ...applicantTerms(application, labelOf(REMOTE_PREFERENCE_LABELS, application.remotePreference)),
  ];
  return (
    <>
      <Link to="/admin/job-applications" className={`${buttonClass.ghost} mb-3`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        All applications
      </Link>
      <PageHeader
        variant="admin"
        title={application.name}
        lead={`Application for ${application.positionTitle}`}
        actions={
          application.resumeUrl ? (
            <SignedFileLink
              href={resumePath(application.id)}
              failedMessage={JOB_APPLICATION_MESSAGES.resumeFailed}
              className={buttonClass.secondary}
            >
              <FileDown aria-hidden="true" className="size-4" />
              Open resume
            </SignedFileLink>
          ) : (
            <span className="text-sm text-ink-faint">No resume</span>
          )
        }
      />
      <PipelineRecordColumns
        record={application}
        statuses={JOB_APPLICATION_STATUS_OPTIONS}
        page={loaderData}
        answer={answer}
        details={
          <>
            <PipelineSection id="details-heading" title="Details">
              <Facts facts={facts} />
              <ApplicantLinks
                portfolioUrl={application.portfolioUrl}
                linkedinUrl={application.linkedinUrl}
              />
              {application.coverLetter ? (
                <>
                  <h3 className="mt-4 text-sm font-medium text-ink-muted">Cover letter</h3>
                  <p className="mt-1 text-sm whitespace-pre-line">{application.coverLetter}</p>
                </>
              ) : null}
              {application.additionalInfo ? (
                <>
                  <h3 className="mt-4 text-sm font-medium text-ink-muted">
                    Additional information
                  </h3>
                  <p className="mt-1 text-sm whitespace-pre-line">{application.additionalInfo}</p>
                </>
              ) : null}
            </PipelineSection>
            {resume ? (
              <ResumeSection
                key={application.id}
                id={application.id}
                name={application.name}
                fileName={resume.fileName}
                frameUrl={resume.frameUrl}
              />
            ) : null}
          </>
        }
        aside={<RatingSection {...ratings} answer={answer} />}
      />
    </>
  );
}

/**
 * The resume in place (decision 0312): a PDF in a frame of its signed link, made by the loader for
 * this render; a Word file, which browsers cannot show, as a note and the link. The frame keeps
 * the link it was first given: the PDF it loaded stays on screen when the page revalidates after
 * a note or a rating (a new link would reload it), and "Open resume" always signs a fresh one.
 */
function ResumeSection({
  id,
  name,
  fileName,
  frameUrl,
}: {
  id: string;
  name: string;
  fileName: string;
  frameUrl: string | null;
}) {
  const [src] = useState(frameUrl);
  const link = (
    <SignedFileLink
      href={resumePath(id)}
      failedMessage={JOB_APPLICATION_MESSAGES.resumeFailed}
      className={buttonClass.secondary}
    >
      <FileDown aria-hidden="true" className="size-4" />
      Open {fileName}
    </SignedFileLink>
  );
  return (
    <PipelineSection id="resume-heading" title="Resume">
      {src ? (
        <>
          <iframe
            src={src}
            title={`Resume of ${name}: ${fileName}`}
            className="block h-[32rem] w-full rounded-md border border-line bg-white lg:h-[48rem]"
          />
          <p className="mt-3 text-sm text-ink-muted">Not showing? Open it in a new tab: {link}</p>
        </>
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            Word documents cannot be shown in the browser: open or download the file.
          </p>
          <p className="mt-3">{link}</p>
        </>
      )}
    </PipelineSection>
  );
}
