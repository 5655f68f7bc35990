import { Readable } from "node:stream";
import { getRuntimeFrom } from "@server/context";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { textResponse } from "@server/http/text-response";
import {
  contentDispositionFor,
  isPublicBucket,
  isUploadBucket,
  isValidKey,
} from "@server/storage/types";
import type { RouterContextProvider } from "react-router";

/**
 * GET /files/:bucket/* serves stored files. Public buckets are cached forever (keys are random
 * and never reused); a private bucket needs a signed, unexpired link and is never cached. A
 * private path without a signature is no link the app ever gave out: it answers 404, as a missing
 * file does (the old public links to visitors' attachments among them: decision 0275). Only the
 * site's own pages may frame a file (decision 0312).
 */

/** Refusals are never stored, by a shared cache or the browser. */
const PRIVATE = { "Cache-Control": PRIVATE_NO_STORE };

export async function loader({
  params,
  request,
  context,
}: {
  params: Record<string, string | undefined>;
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<Response> {
  const bucket = params.bucket;
  const key = params["*"] ?? "";
  if (!isUploadBucket(bucket) || !isValidKey(key)) return textResponse(404, "Not found.", PRIVATE);

  const storage = getRuntimeFrom(context).storage;
  const isPublic = isPublicBucket(bucket);
  const query = new URL(request.url).searchParams;
  if (!(isPublic || query.has("signature"))) return textResponse(404, "Not found.", PRIVATE);
  // Only the local driver signs /files links; S3 signed links point at S3 itself.
  const authorized =
    isPublic || (storage.kind === "local" && storage.verifySignature(bucket, key, query));
  if (!authorized) return textResponse(403, "This link has expired or is invalid.", PRIVATE);

  const file = await storage.get(bucket, key);
  if (!file) return textResponse(404, "Not found.", PRIVATE);

  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Length": String(file.size),
    // A signed link may say how it is served (the resume's PDF inline, under its original name):
    // the signature covers it (decision 0312).
    "Content-Disposition":
      (!isPublic && query.get("disposition")) ||
      contentDispositionFor(bucket, key, file.contentType),
    "Cache-Control": isPublic ? "public, max-age=31536000, immutable" : PRIVATE_NO_STORE,
    "X-Content-Type-Options": "nosniff",
    // Framed by the back-office's own pages (the resume on an application's page), nobody else's.
    "X-Frame-Options": "SAMEORIGIN",
    "Content-Security-Policy": "frame-ancestors 'self'",
  });
  if (request.method === "HEAD") {
    file.stream.destroy();
    return new Response(null, { headers });
  }
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, { headers });
}
