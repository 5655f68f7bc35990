import { listCaseStudies } from "@server/admin/case-studies";
import { CASE_STUDY_MESSAGES } from "@server/admin/messages";
import { loadOrReport, moderationListAction } from "@server/admin/moderation";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { DeleteButton } from "~/components/admin/delete-button";
import { ToggleForm } from "~/components/admin/toggle-form";
import {
  buttonClass,
  EmptyState,
  Flag,
  LoadError,
  RowList,
  StatusBadge,
} from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import type { Route } from "./+types/case-studies";

/** /admin/case-studies: every case study, newest first; feature toggle and delete. */

export const meta: Route.MetaFunction = () => adminMeta("Case Studies");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const db = getRuntimeFrom(args.context).database.db;
  return loadOrReport(args.context, () => listCaseStudies(db), CASE_STUDY_MESSAGES.fetchFailed);
}

export const action = (args: Route.ActionArgs) => moderationListAction("case-studies", args);

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { data: rows, loadError } = loaderData;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Case Studies"
        lead="Every case study, newest first. Only published ones appear on the website."
        actions={
          <Link to="/admin/case-studies/new" className={buttonClass.primary}>
            <Plus aria-hidden="true" className="size-4" />
            Add Case Study
          </Link>
        }
      />
      <ToastMessageView message={loadError} />
      {loadError ? (
        <LoadError message={loadError.description ?? ""} />
      ) : !rows || rows.length === 0 ? (
        <EmptyState>No case studies found</EmptyState>
      ) : (
        <RowList label="Case studies">
          {rows.map((study) => (
            <li
              key={study.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{study.title}</span>
                  <StatusBadge status={study.status} />
                  {study.isFeatured ? <Flag on>Featured</Flag> : null}
                </p>
                <p className="mt-0.5 text-sm text-ink-muted">
                  {[study.clientName, study.serviceType, formatDay(study.createdAt)]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <ToggleForm
                  id={study.id}
                  intent="feature"
                  on={study.isFeatured}
                  onLabel="Unfeature"
                  offLabel="Feature"
                  itemName={study.title}
                />
                <Link to={`/admin/case-studies/${study.id}/edit`} className={buttonClass.secondary}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit<span className="sr-only"> {study.title}</span>
                </Link>
                <DeleteButton
                  confirmHref={`/admin/case-studies/${study.id}/delete`}
                  itemName={study.title}
                  noun="case study"
                />
              </div>
            </li>
          ))}
        </RowList>
      )}
    </>
  );
}
