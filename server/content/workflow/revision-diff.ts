import { diffWords } from "diff";
import sanitizeHtml from "sanitize-html";

/**
 * What changed between two revisions (issue #31): each field whose value differs, and for the body
 * a word-level diff of its text (the `diff` library's diffWords).
 */

export type DiffPart = { text: string; change: "added" | "removed" | "same" };
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  /** The body's words, marked (only for the body). */
  words: DiffPart[] | null;
}

/** Fields holding a long text: compared word by word, as text (tags dropped). */
const BODY_FIELDS = new Set(["content"]);

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function plain(html: string): string {
  const spaced = html.replace(/<\/?(p|br|li|h[1-6]|div|blockquote)\b/gi, " $&");
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .trim();
}

export function diffRevisions(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (field === "status") continue;
    const was = text(before[field]);
    const now = text(after[field]);
    if (was === now) continue;
    const words = BODY_FIELDS.has(field)
      ? diffWords(plain(was), plain(now)).map((part) => ({
          text: part.value,
          change: part.added
            ? ("added" as const)
            : part.removed
              ? ("removed" as const)
              : ("same" as const),
        }))
      : null;
    changes.push({ field, before: was, after: now, words });
  }
  return changes;
}
