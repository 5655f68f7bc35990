import { getRuntimeFrom } from "@server/context";
import type { Executor } from "@server/db/client";
import { redirectWithFlash } from "@server/route-kit/flash";
import type { Runtime } from "@server/runtime";
import { ADMIN_RESPONSE_HEADERS, requireResourceAccess } from "@server/security/admin-access";
import { contentDispositionFor, isServedInline, type UploadBucket } from "@server/storage";
import { findUploadByKey } from "@server/uploads/store";
import { type RouterContextProvider, redirect } from "react-router";
import { failure } from "~/lib/admin-messages";

/**
 * The one way staff open a file of a private bucket (resumes: decision 0057; inquiry attachments:
 * decision 0275). An admin-only route finds the file's key, checks that the file is really there
 * (so a broken link is a message, not an error page), and answers with a fresh signed link valid
 * 60 seconds, made at the moment of the click: a 302 for the browser (a new tab without
 * JavaScript), or JSON `{ url }` for the page's script (`SignedFileLink`), whose failure is a toast.
 * The link serves the file under the visitor's original name, a resume's PDF inline (decision 0312).
 */
export const FILE_LINK_SECONDS = 60;

export interface StoredFileLinkOptions {
  bucket: UploadBucket;
  /** The list a failure without JavaScript returns to, with the message as a flash toast. */
  listPath: string;
  /** Shown when the file cannot be opened (missing, storage down). */
  failedMessage: string;
  /** The file's key, or the message (a 404) when the row has no such file. */
  find(db: Executor): Promise<{ key: string } | { missing: string }>;
  /** What the log lines name (the row's id). */
  logContext: Record<string, unknown>;
}

export async function storedFileLink(
  args: { request: Request; pattern: string; context: Readonly<RouterContextProvider> },
  options: StoredFileLinkOptions,
): Promise<Response> {
  await requireResourceAccess(args);
  const { request, context } = args;
  const runtime = getRuntimeFrom(context);
  const wantsJson = request.headers.get("accept")?.includes("application/json") ?? false;
  const fail = async (status: number, message: string) =>
    wantsJson
      ? Response.json({ error: message }, { status, headers: ADMIN_RESPONSE_HEADERS })
      : redirectWithFlash(context, options.listPath, failure(message));

  try {
    const found = await options.find(runtime.database.db);
    if ("missing" in found) return fail(404, found.missing);
    const file = await runtime.storage.get(options.bucket, found.key);
    if (!file) {
      runtime.logger.error(options.logContext, `${options.failedMessage}: file missing`);
      return fail(404, options.failedMessage);
    }
    file.stream.destroy();
    const upload = await findUploadByKey(runtime.database.db, options.bucket, found.key);
    const url = await runtime.storage.signedUrl(options.bucket, found.key, {
      expiresInSeconds: FILE_LINK_SECONDS,
      contentDisposition: contentDispositionFor(
        options.bucket,
        found.key,
        file.contentType,
        upload?.originalName,
      ),
    });
    return wantsJson
      ? Response.json({ url }, { headers: ADMIN_RESPONSE_HEADERS })
      : redirect(url, { headers: ADMIN_RESPONSE_HEADERS });
  } catch (error) {
    runtime.logger.error({ err: error, ...options.logContext }, options.failedMessage);
    return fail(503, options.failedMessage);
  }
}

/** A private file as a page shows it: its name, and a link to frame it when browsers can. */
export interface StoredFileView {
  /** The visitor's file name (the key's last segment when no upload row was kept). */
  fileName: string;
  /** A fresh signed link valid FILE_LINK_SECONDS, served inline; null when it downloads instead. */
  frameUrl: string | null;
}

/**
 * For a page that shows a private file in place (the resume on an application's page, decision
 * 0312): signs a fresh link at each render of the page (a private, uncached page, so the link is
 * never older than the page), only for a type browsers display (a PDF); a Word file gets none.
 * The type and name come from the upload's row (no storage round trip): a key without one (data
 * from before uploads were recorded) is taken at its extension.
 */
export async function storedFileView(
  runtime: Pick<Runtime, "database" | "storage">,
  bucket: UploadBucket,
  key: string,
): Promise<StoredFileView> {
  const upload = await findUploadByKey(runtime.database.db, bucket, key);
  const fileName = upload?.originalName ?? key.slice(key.lastIndexOf("/") + 1);
  const contentType =
    upload?.contentType ?? (key.toLowerCase().endsWith(".pdf") ? "application/pdf" : "");
  if (!isServedInline(bucket, contentType)) return { fileName, frameUrl: null };
  const frameUrl = await runtime.storage.signedUrl(bucket, key, {
    expiresInSeconds: FILE_LINK_SECONDS,
    contentDisposition: contentDispositionFor(bucket, key, contentType, fileName),
  });
  return { fileName, frameUrl };
}
