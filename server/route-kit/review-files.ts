import { Readable } from "node:stream";
import type { DatabaseHandle } from "@server/db/client";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { rangedFileResponse } from "@server/http/ranged-file";
import { textResponse } from "@server/http/text-response";
import type { DerivedKeys } from "@server/keys";
import { isUuid } from "@server/kit/list-params";
import { DOWNLOAD_MESSAGES, signedDownload } from "@server/projects/review-downloads";
import { contentDispositionFor, isValidKey, type StorageDriver } from "@server/storage";

/**
 * GET /review-files/{link}/{version}/{file}?expires=&signature= (issue #45, decision 0536): an
 * approved version's master (or a rendition) through the review page's ten-minute link. The signature is the
 * authorisation (a download manager has no cookie); the link and the approval are checked again
 * now. Streamed from the storage driver with `Range` (a long master resumes), never kept.
 */
const HEADERS = {
  "Cache-Control": PRIVATE_NO_STORE,
  "X-Robots-Tag": "noindex, nofollow",
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
};

export async function serveReviewFile(
  runtime: {
    database: Pick<DatabaseHandle, "db">;
    keys: Pick<DerivedKeys, "reviewDownloads">;
    storage: StorageDriver;
  },
  params: { linkId?: string; versionId?: string; file?: string },
  request: Request,
): Promise<Response> {
  const { linkId, versionId, file } = params;
  if (!isUuid(linkId) || !isUuid(versionId) || !file) {
    return textResponse(404, "Not found.", HEADERS);
  }
  const found = await signedDownload(
    { db: runtime.database.db, key: runtime.keys.reviewDownloads },
    { linkId, versionId, file, query: new URL(request.url).searchParams },
  );
  if (!found.ok) return textResponse(found.status, found.message, HEADERS);
  if (found.kind === "rendition") {
    return renditionResponse(runtime.storage, found.playlistKey, found.fileName, request);
  }
  const head = await runtime.storage.head("media-masters", found.key);
  if (!head) return textResponse(404, DOWNLOAD_MESSAGES.missing, HEADERS);
  return rangedFileResponse(
    request,
    runtime.storage,
    { bucket: "media-masters", key: found.key },
    {
      ...HEADERS,
      "Content-Disposition": contentDispositionFor(
        "media-masters",
        found.key,
        head.contentType,
        found.fileName,
      ),
    },
  );
}

/** The files of a rendition's fMP4 media playlist, in order: its init segment, then its segments. */
export function renditionParts(playlist: string): string[] | null {
  const lines = playlist.split(/\r?\n/).map((line) => line.trim());
  const init = lines
    .map((line) => /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line)?.[1])
    .find((uri) => uri !== undefined);
  const segments = lines.filter((line) => line !== "" && !line.startsWith("#"));
  if (!init || segments.length === 0) return null;
  return [init, ...segments];
}

/**
 * A rendition as one file: its init segment and media segments streamed one after another (a
 * fragmented MP4 that players and editors open), each read from storage as it is sent. Every
 * part is checked first (its size makes the Content-Length), so a missing one is a 404, not a
 * file cut short.
 */
async function renditionResponse(
  storage: StorageDriver,
  playlistKey: string,
  fileName: string,
  request: Request,
): Promise<Response> {
  const missing = () => textResponse(404, DOWNLOAD_MESSAGES.missing, HEADERS);
  const playlist = await storage.get("media-renditions", playlistKey);
  if (!playlist) return missing();
  let text = "";
  for await (const chunk of playlist.stream) text += String(chunk);
  const folder = playlistKey.slice(0, playlistKey.lastIndexOf("/") + 1);
  const keys = renditionParts(text)?.map((part) => `${folder}${part}`);
  if (!keys?.every(isValidKey)) return missing();
  let size = 0;
  for (const key of keys) {
    const head = await storage.head("media-renditions", key);
    if (!head) return missing();
    size += head.size;
  }
  const headers = {
    ...HEADERS,
    "Content-Type": "video/mp4",
    "Content-Length": String(size),
    "Content-Disposition": contentDispositionFor(
      "media-renditions",
      "f.mp4",
      "video/mp4",
      fileName,
    ),
    "X-Content-Type-Options": "nosniff",
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  async function* parts() {
    for (const key of keys ?? []) {
      const part = await storage.get("media-renditions", key);
      if (!part) throw new Error(`rendition part missing: ${key}`);
      yield* part.stream;
    }
  }
  return new Response(Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>, {
    headers,
  });
}
