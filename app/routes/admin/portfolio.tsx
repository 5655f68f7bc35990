import { PORTFOLIO_MESSAGES } from "@server/admin/messages";
import { loadOrReport } from "@server/admin/moderation";
import { listPortfolioItems } from "@server/admin/portfolio";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { formatDay, portfolioServiceLabel } from "~/components/admin/format";
import {
  EmptyState,
  ErrorPanel,
  Flag,
  PageHeader,
  RowList,
  StatusBadge,
} from "~/components/admin/ui";
import { ToastMessageView } from "~/components/ui/toasts";
import type { Route } from "./+types/portfolio";

/**
 * /admin/portfolio: where admins land after signing in (SPEC). A read-only list for now; the
 * create, edit, delete and upload screens replace it with issue #7.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Portfolio | Northlight Studio Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const db = getRuntimeFrom(args.context).database.db;
  return loadOrReport(args.context, () => listPortfolioItems(db), PORTFOLIO_MESSAGES.fetchFailed);
}

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { data: rows, loadError } = loaderData;
  return (
    <>
      <PageHeader title="Portfolio" description="Portfolio items, latest completion first." />
      <ToastMessageView message={loadError} />
      {loadError ? (
        <ErrorPanel message={loadError.description ?? ""} />
      ) : !rows || rows.length === 0 ? (
        <EmptyState>No portfolio items found.</EmptyState>
      ) : (
        <RowList label="Portfolio items">
          {rows.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{item.title}</span>
                  <StatusBadge status={item.status} />
                  {item.isFeatured ? <Flag on>Featured</Flag> : null}
                </p>
                <p className="mt-0.5 text-sm text-ink-muted">
                  {[
                    item.clientName,
                    portfolioServiceLabel(item.serviceType),
                    formatDay(item.completionDate),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
            </li>
          ))}
        </RowList>
      )}
    </>
  );
}
