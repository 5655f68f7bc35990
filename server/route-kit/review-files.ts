import type { DatabaseHandle } from "@server/db/client";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { rangedFileResponse } from "@server/http/ranged-file";
import { textResponse } from "@server/http/text-response";
import type { DerivedKeys } from "@server/keys";
import { isUuid } from "@server/kit/list-params";
import { DOWNLOAD_MESSAGES, signedDownload } from "@server/projects/review-downloads";
import { contentDispositionFor, type StorageDriver } from "@server/storage";

/**
 * GET /review-files/{link}/{version}/{file}?expires=&signature= (issue #45, decision 0536): an
 * approved version's master through the review page's ten-minute link. The signature is the
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
  const head = await runtime.storage.head("media-masters", found.masterKey);
  if (!head) return textResponse(404, DOWNLOAD_MESSAGES.missing, HEADERS);
  return rangedFileResponse(
    request,
    runtime.storage,
    { bucket: "media-masters", key: found.masterKey },
    {
      ...HEADERS,
      "Content-Disposition": contentDispositionFor(
        "media-masters",
        found.masterKey,
        head.contentType,
        found.fileName,
      ),
    },
  );
}
