/**
 * The case-study editor's rows (key metrics, gallery items): their drafts, their limits, and the
 * row buttons' intents (add, remove, move up, move down; buttons named "intent", decision 0101).
 * Browser-safe: the editor applies an intent when JavaScript runs, the server (through
 * `applyRowIntent` in form.ts) when it does not.
 */

export const MAX_KEY_METRICS = 20;
export const MAX_MEDIA_ITEMS = 30;
export const MEDIA_TYPES = ["image", "video"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export interface MetricDraft {
  name: string;
  value: string;
  hidden: boolean;
}

export interface MediaDraft {
  type: string;
  url: string;
  title: string;
  thumbnailUrl: string;
  /** A video row's Media library video (its id), played instead of the URL. */
  mediaId: string;
}

export const emptyMetric = (): MetricDraft => ({ name: "", value: "", hidden: false });
export const emptyMedia = (): MediaDraft => ({
  type: "image",
  url: "",
  title: "",
  thumbnailUrl: "",
  mediaId: "",
});

export type RowList = "metric" | "media";

/** Each row list's field in the draft and the form, its limit, and its rows' first control. */
export const ROW_LISTS = {
  metric: { field: "metrics", max: MAX_KEY_METRICS, first: "name" },
  media: { field: "media", max: MAX_MEDIA_ITEMS, first: "type" },
} as const satisfies Record<RowList, { field: string; max: number; first: string }>;

export type RowIntent =
  | { list: RowList; op: "add" }
  | { list: RowList; op: "remove" | "up" | "down"; index: number };

/** `metric-add`, `media-up:3`, … ; null for anything else (including "save"). */
export function parseRowIntent(value: unknown): RowIntent | null {
  if (typeof value !== "string") return null;
  const match = /^(metric|media)-(add|remove|up|down)(?::(\d{1,3}))?$/.exec(value);
  if (!match) return null;
  const list = match[1] as RowList;
  const op = match[2] as "add" | "remove" | "up" | "down";
  if (op === "add") return match[3] === undefined ? { list, op } : null;
  if (match[3] === undefined) return null;
  return { list, op, index: Number(match[3]) };
}

export function rowIntentValue(intent: RowIntent): string {
  return intent.op === "add" ? `${intent.list}-add` : `${intent.list}-${intent.op}:${intent.index}`;
}

/** The rows after the intent; the same array when it does not apply (an edge, a bad index). */
export function moveRows<T>(rows: readonly T[], intent: RowIntent, make: () => T): T[] {
  if (intent.op === "add") return [...rows, make()];
  const { index } = intent;
  if (index < 0 || index >= rows.length) return [...rows];
  if (intent.op === "remove") return rows.filter((_, i) => i !== index);
  const target = intent.op === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
