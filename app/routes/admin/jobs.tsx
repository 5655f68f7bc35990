import { getRuntimeFrom } from "@server/context";
import {
  changeJob,
  JOB_MESSAGES,
  type JobRow,
  type JobsScreen,
  loadJobsScreen,
} from "@server/jobs/screen";
import { redirectWithFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { loadOrReport } from "@server/route-kit/moderation";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { RotateCcw, X } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { ContentRow } from "~/components/admin/list-page";
import {
  buttonClass,
  ColumnHeads,
  EmptyState,
  LoadError,
  RowList,
  TableRegion,
} from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { BAD_REQUEST, failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/jobs";

/**
 * /admin/jobs (admins; issue #49, decision 0491): the background work. Each queue with its
 * counts, the schedules with their next run, the recent failures with their error and "Retry",
 * the waiting and running jobs with "Cancel". Plain POST forms (no JavaScript needed), audited,
 * answered with a redirect and a toast.
 */

export const meta: Route.MetaFunction = () => adminMeta("Jobs");

const PATH = "/admin/jobs";

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  return loadOrReport(args.context, () => loadJobsScreen(runtime.jobs), JOB_MESSAGES.fetchFailed);
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const read = await readPost(args.request, FORM_LIMITS.short, () => null);
  const intent = read.form?.fields.get("intent");
  if (!read.form || (intent !== "retry" && intent !== "cancel")) {
    return redirectWithFlash(args.context, PATH, failure(BAD_REQUEST));
  }
  const target = { queue: read.form.fields.get("queue"), id: read.form.fields.get("id") };
  try {
    const outcome = await changeJob(
      { jobs: runtime.jobs, db: runtime.database.db },
      currentActor(args.context),
      intent,
      target,
    );
    const retry = intent === "retry";
    return redirectWithFlash(
      args.context,
      PATH,
      outcome === "changed"
        ? success(retry ? JOB_MESSAGES.retried : JOB_MESSAGES.cancelled)
        : failure(
            outcome === "invalid"
              ? BAD_REQUEST
              : retry
                ? JOB_MESSAGES.notRetried
                : JOB_MESSAGES.notCancelled,
          ),
    );
  } catch (error) {
    runtime.logger.error({ err: error, intent, ...target }, JOB_MESSAGES.changeFailed);
    return redirectWithFlash(args.context, PATH, failure(JOB_MESSAGES.changeFailed));
  }
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { data, loadError } = loaderData;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Jobs"
        lead="Work the website does in the background: each queue, its schedule, and what failed. Failed jobs are kept for 14 days."
      />
      <ToastMessageView message={loadError} />
      {loadError ? (
        <LoadError message={loadError.description ?? ""} />
      ) : data ? (
        <JobsBody screen={data} />
      ) : null}
    </>
  );
}

function JobsBody({ screen }: { screen: JobsScreen }) {
  return (
    <div className="flex flex-col gap-8">
      <Section id="jobs-queues" title="Queues">
        <SimpleTable
          caption="Job counts by queue"
          heads={["Queue", "Waiting", "Running", "Failed (24 h)", "Done (24 h)"]}
          rows={screen.queues.map((queue) => [
            queue.queue,
            queue.waiting,
            queue.running,
            queue.failed,
            queue.done,
          ])}
          empty="No job types."
        />
      </Section>
      <Section id="jobs-schedules" title="Schedules">
        <SimpleTable
          caption="Job schedules"
          heads={["Queue", "Schedule", "Time zone", "Next run"]}
          rows={screen.schedules.map((schedule) => [
            schedule.queue,
            <code key="cron">{schedule.cron}</code>,
            schedule.timeZone,
            schedule.nextRun ? formatDateTime(schedule.nextRun) : "None",
          ])}
          empty="No schedules."
        />
      </Section>
      <Section id="jobs-failures" title="Recent failures">
        <JobList label="Recent failures" rows={screen.failures} empty="No failures in 14 days." />
      </Section>
      <Section id="jobs-pending" title="Waiting and running">
        <JobList label="Waiting and running" rows={screen.pending} empty="Nothing waiting." />
      </Section>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 font-display text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A small table: the first cell of a row is its heading; numbers line up on the right. */
function SimpleTable({
  caption,
  heads,
  rows,
  empty,
}: {
  caption: string;
  heads: string[];
  rows: ReactNode[][];
  empty: string;
}) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const captionId = `${caption.toLowerCase().replace(/\W+/g, "-")}-caption`;
  return (
    <TableRegion captionId={captionId}>
      <table className="w-full text-left text-sm whitespace-nowrap">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-line text-xs text-ink-muted">
          <tr>
            <ColumnHeads labels={heads} className="px-4 py-3 font-medium" />
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map(([first, ...rest]) => (
            <tr key={String(first)}>
              <th scope="row" className="px-4 py-3 font-medium">
                {first}
              </th>
              {rest.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells never move.
                <td key={index} className="px-4 py-3 tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

const STATE_LABELS: Record<JobRow["state"], string> = {
  waiting: "Waiting",
  running: "Running",
  failed: "Failed",
};

/** What a row's time is: a waiting job's due time, a running one's start, a failure's end. */
const AT_LABELS: Record<JobRow["state"], string> = {
  waiting: "Due",
  running: "Started",
  failed: "Failed",
};

function JobList({ label, rows, empty }: { label: string; rows: JobRow[]; empty: string }) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <RowList label={label}>
      {rows.map((row) => (
        <ContentRow
          key={row.id}
          title={row.queue}
          badges={
            <span className="inline-flex items-center rounded-full bg-surface-raised px-2 py-0.5 text-xs font-medium text-ink-muted ring-1 ring-line">
              {STATE_LABELS[row.state]}
            </span>
          }
          details={[
            `${AT_LABELS[row.state]} ${formatDateTime(row.at)}`,
            `Attempts ${row.attempts} of ${row.maxAttempts}`,
            `ID ${row.id}`,
          ]}
          actions={<JobButton row={row} />}
        >
          {row.error ? (
            <p className="mt-1 max-w-3xl text-sm break-words text-danger">{row.error}</p>
          ) : null}
        </ContentRow>
      ))}
    </RowList>
  );
}

/** "Retry" on a failed job, "Cancel" on a waiting or running one: a plain form post. */
function JobButton({ row }: { row: JobRow }) {
  const retry = row.state === "failed";
  const Icon = retry ? RotateCcw : X;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={retry ? "retry" : "cancel"} />
      <input type="hidden" name="queue" value={row.queue} />
      <input type="hidden" name="id" value={row.id} />
      <button type="submit" className={buttonClass.secondary}>
        <Icon aria-hidden="true" className="size-4" />
        {retry ? "Retry" : "Cancel"}
        <span className="sr-only">
          {" "}
          the {row.queue} job of {formatDateTime(row.at)}
        </span>
      </button>
    </Form>
  );
}
