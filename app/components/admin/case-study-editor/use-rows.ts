import { type MouseEvent, type RefObject, useLayoutEffect, useRef, useState } from "react";
import type { CaseStudyDraft } from "~/entities/case-study/form";
import {
  emptyMedia,
  emptyMetric,
  MAX_KEY_METRICS,
  MAX_MEDIA_ITEMS,
  moveRows,
  parseRowIntent,
  type RowIntent,
  type RowList,
} from "~/entities/case-study/rows";

/**
 * The editor's rows (key metrics, gallery items) while JavaScript runs: a row button's change
 * happens here with no round trip (the server applies it otherwise, decision 0101), the focus
 * stays on the control that moved, and a status line says where the row went.
 */

/** What a row of each list is called: legends, announcements, button labels, error summary. */
export const ROW_NOUNS: Record<RowList, string> = { metric: "Key metric", media: "Gallery item" };

export interface Row<T> {
  key: number;
  data: T;
}

/** Keys from the position on first render: the same on the server and in the browser. */
const toRows = <T>(items: readonly T[]): Row<T>[] => items.map((data, key) => ({ key, data }));

type FocusTarget =
  | { list: RowList; key: number; control: "up" | "down" | "first" }
  | { list: RowList; key: null; control: "add" };

export function useRows(draft: CaseStudyDraft, formRef: RefObject<HTMLFormElement | null>) {
  const [metrics, setMetrics] = useState(() => toRows(draft.metrics));
  const [media, setMedia] = useState(() => toRows(draft.media));
  // New rows get keys past every first-render key.
  const lastKey = useRef(Math.max(draft.metrics.length, draft.media.length));
  const newKey = () => ++lastKey.current;
  const [announcement, setAnnouncement] = useState("");
  const pendingFocus = useRef<FocusTarget | null>(null);

  // After a row moved, was added or removed: focus where the user's attention is.
  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target || !formRef.current) return;
    pendingFocus.current = null;
    const selector =
      target.control === "add"
        ? `[data-row-add="${target.list}"]`
        : `[data-row="${target.list}-${target.key}"] [data-control="${target.control}"]`;
    let element = formRef.current.querySelector<HTMLElement>(selector);
    if (element instanceof HTMLButtonElement && element.disabled) {
      // Moved to an edge: that button is off now, its twin is the next step.
      const other = target.control === "up" ? "down" : "up";
      element = formRef.current.querySelector<HTMLElement>(
        `[data-row="${target.list}-${target.key}"] [data-control="${other}"]`,
      );
    }
    element?.focus();
  });

  function onRowIntent(event: MouseEvent<HTMLButtonElement>) {
    const intent = parseRowIntent(event.currentTarget.value);
    if (!intent) return;
    // JavaScript runs: the change happens here, no round trip (the server does it otherwise).
    event.preventDefault();
    if (intent.list === "metric") {
      setMetrics(change(metrics, intent, emptyMetric, MAX_KEY_METRICS));
    } else {
      setMedia(change(media, intent, emptyMedia, MAX_MEDIA_ITEMS));
    }
  }

  /** The rows after `intent`; notes where the focus goes and what to announce. */
  function change<T>(rows: Row<T>[], intent: RowIntent, make: () => T, max: number): Row<T>[] {
    const { list } = intent;
    const noun = ROW_NOUNS[list];
    if (intent.op === "add") {
      if (rows.length >= max) return rows;
      const row = { key: newKey(), data: make() };
      pendingFocus.current = { list, key: row.key, control: "first" };
      setAnnouncement(`${noun} ${rows.length + 1} added.`);
      return [...rows, row];
    }
    const moved = rows[intent.index];
    if (!moved) return rows;
    const next = moveRows(rows, intent, () => ({ key: newKey(), data: make() }));
    if (intent.op === "remove") {
      const neighbour = next[Math.min(intent.index, next.length - 1)];
      pendingFocus.current = neighbour
        ? { list, key: neighbour.key, control: "first" }
        : { list, key: null, control: "add" };
      setAnnouncement(`${noun} ${intent.index + 1} removed.`);
    } else {
      pendingFocus.current = { list, key: moved.key, control: intent.op };
      setAnnouncement(`${noun} moved to position ${next.indexOf(moved) + 1} of ${next.length}.`);
    }
    return next;
  }

  /** A media row's type changed: keep what was typed in its URL, swap image/video controls. */
  function onMediaType(index: number, type: string) {
    const form = formRef.current;
    const read = (name: string) =>
      (form?.elements.namedItem(`media.${index}.${name}`) as HTMLInputElement | null)?.value ?? "";
    setMedia((rows) =>
      rows.map((row, i) =>
        i === index
          ? { key: row.key, data: { ...row.data, type, url: read("url"), title: read("title") } }
          : row,
      ),
    );
  }

  return { metrics, media, announcement, onRowIntent, onMediaType };
}
