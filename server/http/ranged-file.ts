import { Readable } from "node:stream";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { textResponse } from "@server/http/text-response";
import type { StorageDriver, UploadBucket } from "@server/storage/types";
import parseRange from "range-parser";

/**
 * A stored file as an HTTP answer that honours `Range` (RFC 9110 section 14): one range gets 206
 * with `Content-Range`, a range past the end 416, and anything else (several ranges, a unit other
 * than bytes, a malformed header) the whole file, which a server may always send. Only the asked
 * bytes are read from the storage driver, so seeking in a long video never reads what it skips.
 */
export async function rangedFileResponse(
  request: Request,
  storage: StorageDriver,
  location: { bucket: UploadBucket; key: string },
  headers: Record<string, string>,
): Promise<Response> {
  const { bucket, key } = location;
  const asked = request.headers.get("range");
  let range: { start: number; end: number } | undefined;
  if (asked) {
    const head = await storage.head(bucket, key);
    if (!head) return textResponse(404, "Not found.", { "Cache-Control": PRIVATE_NO_STORE });
    const parsed = parseRange(head.size, asked, { combine: true });
    if (parsed === -1) {
      return new Response(null, {
        status: 416,
        headers: { "Content-Range": `bytes */${head.size}`, "Cache-Control": PRIVATE_NO_STORE },
      });
    }
    if (parsed !== -2 && parsed.type === "bytes" && parsed.length === 1) range = parsed[0];
  }
  const file = await storage.get(bucket, key, { range });
  if (!file) return textResponse(404, "Not found.", { "Cache-Control": PRIVATE_NO_STORE });
  const answer = new Headers({
    ...headers,
    "Content-Type": file.contentType,
    "Accept-Ranges": "bytes",
    "Content-Length": String(range ? range.end - range.start + 1 : file.size),
    "X-Content-Type-Options": "nosniff",
  });
  if (range) answer.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD") {
    file.stream.destroy();
    return new Response(null, { status, headers: answer });
  }
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    status,
    headers: answer,
  });
}
