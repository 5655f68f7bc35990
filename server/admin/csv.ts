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
