import type { ReactNode } from "react";
import {
  ANALYTICS_PERIODS,
  type AnalyticsFigures,
  type AnalyticsReport,
  type AnalyticsRow,
} from "~/entities/visit/analytics";
import { sourceLabel } from "~/entities/visit/view";
import { AdminListFilters, FilterDate, FilterSelect } from "./list-filters";
import { ExportLink } from "./list-page";
import { ColumnHeads } from "./ui";

/**
 * The analytics screen's pieces (issue #33 item 3): the period bar (a GET form), the figures
 * beside the previous period's, a chart of visitors and inquiries per day drawn on the server as
 * SVG (no chart library) with a table of its values as text alternative, and the top lists.
 */

const PERIOD_OPTIONS = (["7d", "12m", "custom"] as const).map((value) => ({
  value,
  label: ANALYTICS_PERIODS[value].label,
}));

export function PeriodBar({
  period,
  fields,
}: {
  period: string;
  fields: { from: string; to: string };
}) {
  return (
    <AdminListFilters
      label="Choose a period"
      clearTo="/admin/analytics"
      filtered={period !== "30d"}
    >
      <FilterSelect
        id="analytics-period"
        name="period"
        label="Period"
        value={period === "30d" ? "" : period}
        allLabel={ANALYTICS_PERIODS["30d"].label}
        options={PERIOD_OPTIONS}
      />
      {period === "custom" ? (
        <>
          <FilterDate id="analytics-from" name="from" label="From" value={fields.from} />
          <FilterDate id="analytics-to" name="to" label="To" value={fields.to} />
        </>
      ) : null}
    </AdminListFilters>
  );
}

const number = new Intl.NumberFormat("en-US");

function change(current: number, before: number): string {
  if (before === 0) return current === 0 ? "no change" : "new";
  const percent = Math.round(((current - before) / before) * 100);
  return percent === 0 ? "no change" : `${percent > 0 ? "+" : ""}${percent}%`;
}

function Figure({ label, value, before }: { label: string; value: string; before: ReactNode }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-3">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-bold">{value}</dd>
      <dd className="mt-1 text-xs text-ink-muted">{before}</dd>
    </div>
  );
}

const rate = (value: number | null) => (value === null ? "—" : `${value}%`);

export function FiguresSection({ report }: { report: AnalyticsReport }) {
  const { current, before } = report;
  const counts: [string, keyof Omit<AnalyticsFigures, "conversion">][] = [
    ["Visitors", "visitors"],
    ["Page views", "pageViews"],
    ["Inquiries", "inquiries"],
    ["Applications", "applications"],
    ["Booked calls", "bookedCalls"],
  ];
  return (
    <section aria-labelledby="figures-heading" className="mb-6">
      <h2 id="figures-heading" className="mb-1 font-display text-xl font-bold">
        {`${report.range.from} to ${report.range.to}`}
      </h2>
      <p className="mb-3 text-sm text-ink-muted">
        {`Compared with the previous period, ${report.previous.from} to ${report.previous.to}. Days are days in ${report.timeZone}.`}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {counts.map(([label, key]) => (
          <Figure
            key={key}
            label={label}
            value={number.format(current[key])}
            before={`Previous: ${number.format(before[key])} (${change(current[key], before[key])})`}
          />
        ))}
        <Figure
          label="Visit to inquiry"
          value={rate(current.conversion)}
          before={`Previous: ${rate(before.conversion)}`}
        />
      </dl>
    </section>
  );
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

function monthsOf(days: AnalyticsReport["days"]): AnalyticsReport["days"] {
  const months = new Map<string, AnalyticsReport["days"][number]>();
  for (const d of days) {
    const key = d.day.slice(0, 7);
    const month = months.get(key) ?? { day: key, visitors: 0, pageViews: 0, inquiries: 0 };
    month.visitors += d.visitors;
    month.pageViews += d.pageViews;
    month.inquiries += d.inquiries;
    months.set(key, month);
  }
  return [...months.values()];
}

/** Visitors (line) and inquiries (bars) per day, scaled each to its own largest value. */
export function DailyChart({ days }: { days: AnalyticsReport["days"] }) {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const maxVisitors = Math.max(1, ...days.map((d) => d.visitors));
  const maxInquiries = Math.max(1, ...days.map((d) => d.inquiries));
  const step = innerW / Math.max(1, days.length);
  const x = (index: number) => PAD.left + step * index + step / 2;
  const yVisitors = (value: number) => PAD.top + innerH - (innerH * value) / maxVisitors;
  const line = days.map((d, i) => `${x(i).toFixed(1)},${yVisitors(d.visitors).toFixed(1)}`);
  const totalVisitors = days.reduce((sum, d) => sum + d.visitors, 0);
  const totalInquiries = days.reduce((sum, d) => sum + d.inquiries, 0);
  const first = days[0]?.day ?? "";
  const last = days[days.length - 1]?.day ?? "";
  // A long period's table sums its days by month: a year of rows is no text alternative anyone reads.
  const byMonth = days.length > 62;
  const rows = byMonth ? monthsOf(days) : days;
  const summary = `Line: visitors per day (most ${maxVisitors}); bars: inquiries per day (most ${maxInquiries}). In all, ${totalVisitors} visitors and ${totalInquiries} inquiries from ${first} to ${last}.`;
  return (
    <figure className="mb-6 min-w-0 rounded-lg border border-line bg-surface p-3">
      <figcaption className="mb-2 text-sm font-medium">Visitors and inquiries per day</figcaption>
      <svg
        role="img"
        aria-label={`Visitors and inquiries per day. ${summary}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-ink"
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          stroke="currentColor"
          strokeOpacity="0.3"
        />
        <text x={PAD.left - 6} y={PAD.top + 10} fontSize="11" textAnchor="end" fill="currentColor">
          {maxVisitors}
        </text>
        <text
          x={PAD.left - 6}
          y={PAD.top + innerH}
          fontSize="11"
          textAnchor="end"
          fill="currentColor"
        >
          0
        </text>
        {days.map((d, i) =>
          d.inquiries > 0 ? (
            <rect
              key={d.day}
              x={x(i) - Math.max(1, step * 0.3)}
              width={Math.max(2, step * 0.6)}
              y={PAD.top + innerH - (innerH * 0.5 * d.inquiries) / maxInquiries}
              height={(innerH * 0.5 * d.inquiries) / maxInquiries}
              className="fill-ink-muted"
            />
          ) : null,
        )}
        <polyline points={line.join(" ")} fill="none" strokeWidth="2" className="stroke-accent" />
        <text x={PAD.left} y={HEIGHT - 8} fontSize="11" fill="currentColor">
          {first}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 8}
          fontSize="11"
          textAnchor="end"
          fill="currentColor"
        >
          {last}
        </text>
      </svg>
      <p className="mt-2 text-xs text-ink-muted">{summary}</p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-ink-muted">
          {byMonth ? "The chart's values, month by month" : "The chart's values, day by day"}
        </summary>
        <table className="mt-2 w-full text-left text-xs">
          <caption className="sr-only">
            Visitors, page views and inquiries per {byMonth ? "month" : "day"}
          </caption>
          <thead>
            <tr>
              <ColumnHeads
                labels={[byMonth ? "Month" : "Day", "Visitors", "Page views", "Inquiries"]}
              />
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="font-normal">
                  {d.day}
                </th>
                <td>{d.visitors}</td>
                <td>{d.pageViews}</td>
                <td>{d.inquiries}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export function TopTable({
  id,
  title,
  column,
  rows,
  label = (value) => value,
}: {
  id: string;
  title: string;
  column: string;
  rows: readonly AnalyticsRow[];
  label?: (value: string) => string;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-line bg-surface p-3">
      <h2 id={id} className="mb-2 font-display text-lg font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-ink-muted">None in this period.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-ink-muted">
            <tr>
              <th scope="col">{column}</th>
              <ColumnHeads labels={["Visitors", "Inquiries"]} className="pl-3 text-right" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value} className="border-t border-line">
                <th scope="row" className="py-1 pr-2 font-normal break-all">
                  {label(row.value)}
                </th>
                <td className="py-1 pl-3 text-right">{number.format(row.visitors)}</td>
                <td className="py-1 pl-3 text-right">{number.format(row.inquiries)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function AnalyticsReportView({
  report,
  filters,
}: {
  report: AnalyticsReport;
  filters: Record<string, string>;
}) {
  return (
    <>
      <FiguresSection report={report} />
      <DailyChart days={report.days} />
      <div className="mb-6 grid gap-3 lg:grid-cols-3">
        <TopTable id="top-pages-heading" title="Top pages" column="Page" rows={report.pages} />
        <TopTable
          id="top-sources-heading"
          title="Top sources"
          column="Source"
          rows={report.sources}
          label={sourceLabel}
        />
        <TopTable
          id="top-campaigns-heading"
          title="Top campaigns"
          column="utm_campaign"
          rows={report.campaigns}
        />
      </div>
      <ExportLink path="/admin/analytics.csv" filters={filters} />
    </>
  );
}
