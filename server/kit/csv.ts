import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Executor } from "@server/db/client";
import type { AuditEntity } from "~/lib/values";

/**
 * CSV for spreadsheet users (RFC 4180): every cell quoted, quotes doubled, CRLF line ends, a UTF-8
 * byte-order mark so Excel reads accents. Cells that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) get a leading apostrophe (OWASP CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ""
      : value instanceof Date
        ? value.toISOString()
        : Array.isArray(value)
          ? value.join(" ")
          : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

const encoder = new TextEncoder();

/**
 * A streamed CSV download: the header row, then each batch of rows as it is read, so a large
 * export never sits whole in memory. The first batch is read before answering, so a failing
 * query is an error the caller can report rather than a truncated file.
 */
export async function csvResponse(
  filename: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
  headers: Record<string, string>,
): Promise<Response> {
  const iterator = batches[Symbol.asyncIterator]();
  let pending: IteratorResult<readonly (readonly unknown[])[]> | null = await iterator.next();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
    },
    async pull(controller) {
      const { value, done } = pending ?? (await iterator.next());
      pending = null;
      if (done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(value.map(csvRow).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, {
    headers: {
      ...headers,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A CSV download on the audit log (issue #47 item 12): who, and what with which filters (the
 * export's path and query, e.g. `inquiries.csv?status=new`). Written once the export has started.
 * A filter may search for a person: erasing them scrubs the row (server/privacy/person.ts).
 */
export async function recordCsvExport(
  db: Executor,
  actor: AuditActor,
  url: URL,
  entity?: AuditEntity,
): Promise<void> {
  // As read, not percent-encoded: `q=erin@example.com` (what a reader and an erasure look for).
  const pairs = [...url.searchParams].map(([name, value]) => `${name}=${value}`);
  const query = pairs.length > 0 ? `?${pairs.join("&")}` : "";
  await recordAudit(db, {
    action: "csv_export",
    actor,
    entityType: entity,
    entityName: `${url.pathname.replace(/^\/admin\//, "")}${query}`.slice(0, 200),
  });
}
