import { loadAdminList } from "@server/route-kit/moderation";
import { loadAnalytics, parseAnalyticsQuery } from "@server/visits/analytics";
import { data } from "react-router";
import { AnalyticsReportView, PeriodBar } from "~/components/admin/analytics";
import { LoadError } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { adminMeta } from "~/lib/admin-meta";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/analytics";

/**
 * /admin/analytics (admins and editors, issue #33 item 3): what brings visitors and inquiries in a
 * period, beside the period before; cookieless counts of this server, not Google Analytics.
 */

export const meta: Route.MetaFunction = () => adminMeta("Analytics");

export async function loader(args: Route.LoaderArgs) {
  const query = parseAnalyticsQuery(args.url.searchParams, studioDay());
  const list = await loadAdminList(
    args,
    // A refused range shows no figures: none of another period under its error.
    async (db) => (query.error ? null : loadAnalytics(db, query)),
    "Failed to load the analytics",
  );
  const filters: Record<string, string> =
    query.period === "custom"
      ? { period: "custom", from: query.range.from, to: query.range.to }
      : { period: query.period };
  const body = { ...list, period: query.period, fields: query.fields, error: query.error, filters };
  return query.error ? data(body, { status: 400 }) : body;
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { data: report, loadError, period, fields, error, filters } = loaderData;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Analytics"
        lead="Visits counted by this site without cookies, and the inquiries they led to."
      />
      {loadError ? <ToastMessageView message={loadError} /> : null}
      <PeriodBar period={period} fields={fields} />
      {error ? (
        <p role="alert" className="mb-4 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {report ? (
        <AnalyticsReportView report={report} filters={filters} />
      ) : error ? null : (
        <LoadError message="Failed to load the analytics" />
      )}
    </>
  );
}
