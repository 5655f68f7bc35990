import {
  type JobApplication,
  listAppliedPositions,
  listJobApplications,
  parseJobApplicationQuery,
  setJobApplicationStatus,
} from "@server/admin/job-applications";
import { isUuid } from "@server/admin/list-params";
import { BAD_REQUEST, failure, JOB_APPLICATION_MESSAGES, success } from "@server/admin/messages";
import { readForm, redirectWithFlash } from "@server/admin/moderation";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { Download } from "lucide-react";
import { useSearchParams } from "react-router";
import {
  formatDateTime,
  JOB_APPLICATION_STATUS_OPTIONS,
  safeHref,
} from "~/components/admin/format";
import { AdminListFilters, FilterSelect } from "~/components/admin/list-filters";
import { Pagination } from "~/components/admin/pagination";
import { ResumeLink } from "~/components/admin/resume-link";
import { StatusForm } from "~/components/admin/status-form";
import { buttonClass, EmptyState, LoadError } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import { JOB_APPLICATION_STATUSES, type JobApplicationStatus } from "~/lib/values";
import type { Route } from "./+types/job-applications";

/** /admin/job-applications */

export const meta: Route.MetaFunction = () => adminMeta("Job Applications");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const runtime = getRuntimeFrom(args.context);
  const { page, ...filters } = parseJobApplicationQuery(args.url.searchParams);
  try {
    const [result, positions] = await Promise.all([
      listJobApplications(runtime.database.db, filters, page),
      listAppliedPositions(runtime.database.db),
    ]);
    return { result, positions, filters, loadError: null };
  } catch (error) {
    runtime.logger.error({ err: error }, JOB_APPLICATION_MESSAGES.fetchFailed);
    return {
      result: null,
      positions: [] as string[],
      filters,
      loadError: {
        id: crypto.randomUUID(),
        kind: "error" as const,
        title: "Error",
        description: JOB_APPLICATION_MESSAGES.fetchFailed,
      },
    };
  }
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const runtime = getRuntimeFrom(args.context);
  const back = `/admin/job-applications${args.url.search}`;
  const form = await readForm(args.request);
  const id = form?.get("id");
  const status = form?.get("status");
  if (
    form?.get("intent") !== "status" ||
    !isUuid(id) ||
    !JOB_APPLICATION_STATUSES.includes(status as JobApplicationStatus)
  ) {
    return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
  }
  const label =
    JOB_APPLICATION_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? String(status);
  try {
    if (await setJobApplicationStatus(runtime.database.db, id, status as JobApplicationStatus)) {
      return redirectWithFlash(
        args.context,
        back,
        success(JOB_APPLICATION_MESSAGES.statusSaved(label)),
      );
    }
    runtime.logger.warn({ id }, `${JOB_APPLICATION_MESSAGES.updateFailed}: not found`);
  } catch (error) {
    runtime.logger.error({ err: error, id }, JOB_APPLICATION_MESSAGES.updateFailed);
  }
  return redirectWithFlash(args.context, back, failure(JOB_APPLICATION_MESSAGES.updateFailed));
}

export default function JobApplications({ loaderData }: Route.ComponentProps) {
  const { result, positions, filters, loadError } = loaderData;
  const [searchParams] = useSearchParams();
  const filterParams = new URLSearchParams();
  if (filters.status) filterParams.set("status", filters.status);
  if (filters.position) filterParams.set("position", filters.position);
  const exportQuery = filterParams.toString();
  const filtered = Boolean(filters.status || filters.position);
  const pageSearch = new URLSearchParams(searchParams);
  pageSearch.delete("page");

  return (
    <>
      <PageHeader
        variant="admin"
        title="Job Applications"
        lead="Applications from the careers page, newest first."
        actions={
          <a
            href={`/admin/job-applications.csv${exportQuery ? `?${exportQuery}` : ""}`}
            className={buttonClass.secondary}
            download
          >
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        }
      />
      <ToastMessageView message={loadError} />

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

      {loadError ? (
        <LoadError message={loadError.description} />
      ) : !result || result.rows.length === 0 ? (
        <EmptyState>No applications yet.</EmptyState>
      ) : (
        <>
          <ul aria-label="Job applications" className="space-y-3">
            {result.rows.map((application) => (
              <ApplicationRow key={application.id} application={application} />
            ))}
          </ul>
          <Pagination
            page={result.page}
            pageCount={result.pageCount}
            total={result.total}
            search={pageSearch}
            noun={["application", "applications"]}
          />
        </>
      )}
    </>
  );
}

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function ApplicationRow({ application }: { application: JobApplication }) {
  const headingId = `application-${application.id}`;
  const portfolio = safeHref(application.portfolioUrl);
  const linkedin = safeHref(application.linkedinUrl);
  const facts: [string, string | null][] = [
    ["Phone", application.phone],
    [
      "Experience",
      application.experienceYears === null
        ? null
        : `${application.experienceYears} year${application.experienceYears === 1 ? "" : "s"}`,
    ],
    ["Salary", application.salaryExpectation],
    ["Available", formatDay(application.availabilityDate)],
    ["Location", application.locationPreference],
    ["Work", capitalize(application.remotePreference)],
  ];
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold">
            {application.name}
            <span className="font-normal text-ink-muted"> · {application.positionTitle}</span>
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted">
            <a href={`mailto:${application.email}`} className="break-all hover:text-ink">
              {application.email}
            </a>
            <span aria-hidden="true"> · </span>
            <time dateTime={new Date(application.createdAt).toISOString()}>
              {formatDateTime(application.createdAt)}
            </time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusForm
            id={application.id}
            status={application.status}
            options={JOB_APPLICATION_STATUS_OPTIONS}
            label={`Status of ${application.name}'s application`}
          />
          {application.resumeUrl ? (
            <ResumeLink applicationId={application.id} name={application.name} />
          ) : (
            <span className="text-xs text-ink-faint">No resume</span>
          )}
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="flex gap-2">
            <dt className="text-ink-faint">{term}</dt>
            <dd className="text-ink">{value ?? "—"}</dd>
          </div>
        ))}
      </dl>

      {portfolio || linkedin ? (
        <p className="mt-3 flex flex-wrap gap-3 text-sm">
          {portfolio ? (
            <a
              href={portfolio}
              target="_blank"
              rel="noopener noreferrer"
              className="text-accent hover:underline"
            >
              Portfolio
            </a>
          ) : null}
          {linkedin ? (
            <a
              href={linkedin}
              target="_blank"
              rel="noopener noreferrer"
              className="text-accent hover:underline"
            >
              LinkedIn
            </a>
          ) : null}
        </p>
      ) : null}

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
    </li>
  );
}
