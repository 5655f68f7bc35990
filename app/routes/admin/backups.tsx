import {
  BACKUP_MESSAGES,
  type BackupRow,
  loadBackupRows,
  startManualBackup,
} from "@server/backup/screen";
import { getRuntimeFrom } from "@server/context";
import { redirectWithFlash } from "@server/route-kit/flash";
import { loadOrReport } from "@server/route-kit/moderation";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { DatabaseBackup, Download } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { ContentRow, ListBody } from "~/components/admin/list-page";
import { buttonClass, RowList } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { formatBytes } from "~/lib/format-bytes";
import type { Route } from "./+types/backups";

/**
 * /admin/backups (issue #21, decision 0245): the latest backup runs, newest first, with its outcome and
 * size; "Back up now" (a plain form post: works without JavaScript); with JavaScript the page
 * polls while a run is in progress and shows its progress. Downloads go through a 60-second link.
 */

export const meta: Route.MetaFunction = () => adminMeta("Backups");

/** How often the page asks again while a run is in progress. */
const POLL_MS = 1_000;

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  return loadOrReport(args.context, () => loadBackupRows(runtime), BACKUP_MESSAGES.fetchFailed);
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  const started = await startManualBackup(getRuntimeFrom(args.context), currentActor(args.context));
  return redirectWithFlash(
    args.context,
    "/admin/backups",
    started.ok ? success(BACKUP_MESSAGES.started) : failure(started.message),
  );
}

const TRIGGER_LABELS: Record<string, string> = {
  scheduled: "Scheduled",
  manual: "Back up now",
  cli: "Command line",
};
const PHASE_LABELS: Record<string, string> = {
  database: "Copying the database",
  files: "Copying the stored files",
  archive: "Writing the archive",
};

export default function Backups({ loaderData }: Route.ComponentProps) {
  const { data: rows, loadError } = loaderData;
  const running = rows?.find((row) => row.status === "running") ?? null;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const idle = revalidator.state === "idle";

  // While a run is in progress, ask again every second (JavaScript only: without it, reload).
  useEffect(() => {
    if (!running || !idle) return;
    const timer = setTimeout(() => void revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [running, idle, revalidate]);

  return (
    <>
      <PageHeader
        variant="admin"
        title="Backups"
        lead="The latest backups of the website's data and files, newest first. Old archives are removed as new ones are kept."
        actions={
          <Form method="post">
            <button
              type="submit"
              className={buttonClass.primary}
              disabled={running !== null || navigation.state === "submitting"}
            >
              <DatabaseBackup aria-hidden="true" className="size-4" />
              Back up now
            </button>
          </Form>
        }
      />
      <ToastMessageView message={loadError} />
      <BackupProgress run={running} />
      <ListBody loadError={loadError} rows={rows} empty="No backups yet">
        {(list) => (
          <RowList label="Backups">
            {list.map((row) => (
              <BackupItem key={row.id} row={row} />
            ))}
          </RowList>
        )}
      </ListBody>
    </>
  );
}

/** The running backup's progress, announced politely to screen readers as it moves. */
function BackupProgress({ run }: { run: BackupRow | null }) {
  const progress = run?.progress;
  const phase = progress ? (PHASE_LABELS[progress.phase] ?? progress.phase) : "Starting";
  const counted = progress && progress.total > 0;
  return (
    <div className="mb-6" hidden={!run}>
      <p role="status" aria-live="polite" className="text-sm text-ink-muted">
        {run
          ? `Backup in progress: ${phase}${counted ? ` (${progress.done} of ${progress.total})` : ""}…`
          : ""}
      </p>
      {run ? (
        <progress
          aria-label="Backup progress"
          className="mt-2 h-2 w-full max-w-md accent-accent"
          max={counted ? progress.total : undefined}
          value={counted ? progress.done : undefined}
        />
      ) : null}
    </div>
  );
}

function BackupItem({ row }: { row: BackupRow }) {
  const outcome =
    row.status === "succeeded" ? "Succeeded" : row.status === "failed" ? "Failed" : "Running";
  return (
    <ContentRow
      title={formatDateTime(row.startedAt)}
      badges={
        <span
          className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${
            row.status === "succeeded"
              ? "bg-success/15 text-success ring-success/40"
              : row.status === "failed"
                ? "bg-danger/15 text-danger ring-danger/40"
                : "bg-surface-raised text-ink-muted ring-line"
          }`}
        >
          {outcome}
        </span>
      }
      details={[
        TRIGGER_LABELS[row.trigger] ?? row.trigger,
        row.startedBy,
        row.size !== null ? formatBytes(row.size) : null,
        row.status === "succeeded" && !row.available ? "Archive removed" : null,
      ]}
      actions={
        row.available ? (
          <a
            href={`/admin/backups/${row.id}/download`}
            className={buttonClass.secondary}
            aria-label={`Download the backup of ${formatDateTime(row.startedAt)}`}
            download
          >
            <Download aria-hidden="true" className="size-4" />
            Download
          </a>
        ) : null
      }
    >
      {row.error ? <p className="mt-1 max-w-3xl text-sm text-danger">{row.error}</p> : null}
    </ContentRow>
  );
}
