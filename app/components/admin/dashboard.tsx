import type { ReactNode } from "react";

/**
 * The Dashboard above the inquiries (issue #30 item 5). Its charts are SVG drawn on the server
 * (no chart library in any bundle); each has a text alternative: the image's accessible name
 * lists every bar's label and value.
 */

interface Bar {
  label: string;
  value: number;
}

export interface DashboardData {
  newThisWeek: { inquiries: number; applications: number };
  openByStatus: Bar[];
  followUpsDue: number;
  medianFirstResponseHours: number | null;
  byService: Bar[];
  byMonth: Bar[];
  byPosition: Bar[];
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-3">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-bold">{value}</dd>
    </div>
  );
}

const ROW = 22;
const LABEL_WIDTH = 190;
const WIDTH = 420;

/** Horizontal bars, one row each, scaled to the largest value. */
export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const alternative = `${title}: ${
    bars.length === 0 ? "none yet" : bars.map((bar) => `${bar.label} ${bar.value}`).join(", ")
  }`;
  const height = Math.max(1, bars.length) * ROW;
  return (
    <figure className="min-w-0 rounded-lg border border-line bg-surface p-3">
      <figcaption className="mb-2 text-sm font-medium">{title}</figcaption>
      <svg
        role="img"
        aria-label={alternative}
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="h-auto w-full text-ink"
      >
        {bars.map((bar, index) => {
          const y = index * ROW;
          const width = Math.round(((WIDTH - LABEL_WIDTH - 40) * bar.value) / max);
          return (
            <g key={bar.label}>
              <text x={0} y={y + 15} fontSize="12" fill="currentColor">
                {bar.label.length > 28 ? `${bar.label.slice(0, 27)}…` : bar.label}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y + 4}
                width={Math.max(width, 1)}
                height={ROW - 8}
                rx="2"
                className="fill-accent"
              />
              <text x={LABEL_WIDTH + width + 6} y={y + 15} fontSize="12" fill="currentColor">
                {bar.value}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function DashboardSection({ data }: { data: DashboardData }) {
  const hours = data.medianFirstResponseHours;
  return (
    <section aria-labelledby="dashboard-heading" className="mb-8">
      <h2 id="dashboard-heading" className="mb-3 font-display text-xl font-bold">
        Dashboard
      </h2>
      <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="New inquiries this week" value={data.newThisWeek.inquiries} />
        <Figure label="New applications this week" value={data.newThisWeek.applications} />
        <Figure label="Follow-ups due today" value={data.followUpsDue} />
        <Figure
          label="Median first response (30 days)"
          value={hours === null ? "—" : `${hours} h`}
        />
      </dl>
      <div className="grid gap-3 lg:grid-cols-2">
        <BarChart title="Open inquiries by status" bars={data.openByStatus} />
        <BarChart title="Inquiries by service" bars={data.byService} />
        <BarChart title="Inquiries by month" bars={data.byMonth} />
        <BarChart title="Applications by position" bars={data.byPosition} />
      </div>
    </section>
  );
}
