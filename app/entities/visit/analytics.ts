/** The analytics screen's periods, shapes and messages (issue #33 item 3). Browser-safe. */

export const ANALYTICS_PERIODS = {
  "7d": { label: "Last 7 days", days: 7 },
  "30d": { label: "Last 30 days", days: 30 },
  "12m": { label: "Last 12 months", days: 365 },
  custom: { label: "Custom range", days: 0 },
} as const;
export type AnalyticsPeriod = keyof typeof ANALYTICS_PERIODS;

/** The longest custom range: the daily totals' retention, 5 years. */
export const MAX_RANGE_DAYS = 5 * 366;

export const RANGE_MESSAGES = {
  missing: "Enter a start and an end date for a custom range.",
  order: "The start date must be on or before the end date.",
  tooLong: "A custom range can be at most 5 years.",
  invalid: "Enter real dates as YYYY-MM-DD, such as 2026-12-01 (from 1970 to 9000).",
} as const;

/** First and last day (in the studio's time zone), both included. */
export interface AnalyticsRange {
  from: string;
  to: string;
}

export interface AnalyticsFigures {
  visitors: number;
  pageViews: number;
  inquiries: number;
  applications: number;
  bookedCalls: number;
  /** Inquiries per 100 visitors, one decimal; null without visitors. */
  conversion: number | null;
}

export interface AnalyticsRow {
  /** A page's path, a source (utm_source or referrer host; '' for direct), a campaign. */
  value: string;
  visitors: number;
  pageViews: number;
  /** The period's inquiries whose visit landed on that page, came from that source or campaign. */
  inquiries: number;
}

export interface AnalyticsReport {
  /** The studio's time zone, whose days these are. */
  timeZone: string;
  range: AnalyticsRange;
  previous: AnalyticsRange;
  current: AnalyticsFigures;
  before: AnalyticsFigures;
  days: { day: string; visitors: number; pageViews: number; inquiries: number }[];
  pages: AnalyticsRow[];
  sources: AnalyticsRow[];
  campaigns: AnalyticsRow[];
}
