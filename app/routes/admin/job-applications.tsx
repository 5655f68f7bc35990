import {
  type JobApplication,
  listAppliedPositions,
  listJobApplications,
  parseJobApplicationQuery,
} from "@server/job-applications/back-office";
import { loadAdminList, submissionStatusAction } from "@server/route-kit/moderation";
import { FileDown } from "lucide-react";
import { ApplicantLinks } from "~/components/admin/applicant-links";
import { AdminListFilters, FilterSelect } from "~/components/admin/list-filters";
import { Facts, ListBody, PagedRows, SubmissionListHeader } from "~/components/admin/list-page";
import { SignedFileLink } from "~/components/admin/signed-file-link";
import { StatusForm } from "~/components/admin/status-form";
import { SubmissionRow } from "~/components/admin/submission-row";
import { buttonClass } from "~/components/admin/ui";
import { applicantTerms, applicationPath, resumePath } from "~/entities/job-application/view";
import { JOB_APPLICATION_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { JOB_APPLICATION_STATUS_OPTIONS } from "~/lib/status-options";
import type { Route } from "./+types/job-applications";

/** /admin/job-applications */

export const meta: Route.MetaFunction = () => adminMeta("Job Applications");

export async function loader(args: Route.LoaderArgs) {
  const { page, ...filters } = parseJobApplicationQuery(args.url.searchParams);
  const list = await loadAdminList(
    args,
    async (db) => {
      const [result, positions] = await Promise.all([
        listJobApplications(db, filters, page),
        listAppliedPositions(db),
      ]);
      return { result, positions };
    },
    JOB_APPLICATION_MESSAGES.fetchFailed,
  );
  return { ...list, filters };
}

export const action = (args: Route.ActionArgs) =>
  submissionStatusAction(args, {
    entity: "job_application",
    path: "/admin/job-applications",
    options: JOB_APPLICATION_STATUS_OPTIONS,
    messages: JOB_APPLICATION_MESSAGES,
  });

export default function JobApplications({ loaderData }: Route.ComponentProps) {
  const { data, filters, loadError } = loaderData;
  const positions = data?.positions ?? [];
  const filtered = Boolean(filters.status || filters.position);

  return (
    <>
      <SubmissionListHeader
        title="Job Applications"
        lead="Applications from the careers page, newest first."
        exportPath="/admin/job-applications.csv"
        exportFilters={{ status: filters.status, position: filters.position }}
        loadError={loadError}
      />

      <AdminListFilters
        label="Filter applications"
        clearTo="/admin/job-applications"
        filtered={filtered}
      >
        <FilterSelect
          id="application-status"
          name="status"
          label="Status"
          value={filters.status}
          allLabel="All statuses"
          options={JOB_APPLICATION_STATUS_OPTIONS}
        />
        <FilterSelect
          id="application-position"
          name="position"
          label="Position"
          value={filters.position}
          allLabel="All positions"
          options={[
            ...positions.map((title) => ({ value: title, label: title })),
            ...(filters.position && !positions.includes(filters.position)
              ? [{ value: filters.position, label: filters.position }]
              : []),
          ]}
        />
      </AdminListFilters>

      <ListBody loadError={loadError} rows={data?.result.rows} empty="No applications yet.">
        {(applications) =>
          data && (
            <PagedRows
              label="Job applications"
              result={data.result}
              noun={["application", "applications"]}
            >
              {applications.map((application) => (
                <ApplicationRow key={application.id} application={application} />
              ))}
            </PagedRows>
          )
        }
      </ListBody>
    </>
  );
}

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function ApplicationRow({ application }: { application: JobApplication }) {
  const headingId = `application-${application.id}`;
  const facts: [string, string | null][] = [
    ["Phone", application.phone],
    ...applicantTerms(application, capitalize(application.remotePreference)),
  ];
  return (
    <SubmissionRow
      headingId={headingId}
      headingClassName="text-base font-semibold"
      to={applicationPath(application.id)}
      name={application.name}
      badge={<span className="font-normal text-ink-muted"> · {application.positionTitle}</span>}
      email={
        <a href={`mailto:${application.email}`} className="break-all hover:text-ink">
          {application.email}
        </a>
      }
      createdAt={application.createdAt}
      actions={
        <>
          <StatusForm
            id={application.id}
            status={application.status}
            options={JOB_APPLICATION_STATUS_OPTIONS}
            label={`Status of ${application.name}'s application`}
          />
          {application.resumeUrl ? (
            <SignedFileLink
              href={resumePath(application.id)}
              failedMessage={JOB_APPLICATION_MESSAGES.resumeFailed}
              className={buttonClass.secondary}
            >
              <FileDown aria-hidden="true" className="size-4" />
              Resume<span className="sr-only"> of {application.name}</span>
            </SignedFileLink>
          ) : (
            <span className="text-xs text-ink-faint">No resume</span>
          )}
        </>
      }
    >
      <Facts facts={facts} />

      <ApplicantLinks
        portfolioUrl={application.portfolioUrl}
        linkedinUrl={application.linkedinUrl}
      />

      {application.coverLetter || application.additionalInfo ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-ink-muted hover:text-ink">
            Cover letter and notes
          </summary>
          {application.coverLetter ? (
            <p className="mt-2 whitespace-pre-line text-ink-muted">{application.coverLetter}</p>
          ) : null}
          {application.additionalInfo ? (
            <p className="mt-2 whitespace-pre-line text-ink-muted">{application.additionalInfo}</p>
          ) : null}
        </details>
      ) : null}
    </SubmissionRow>
  );
}
