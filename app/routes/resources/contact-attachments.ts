import { getRuntimeFrom } from "@server/context";
import { bodyRuleFor } from "@server/http/body-limit";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { readPost } from "@server/route-kit/forms";
import { getClientIp } from "@server/security/client-ip";
import { isCrossSiteRequest } from "@server/security/origin";
import {
  checkUploadAllowance,
  consumeLimit,
  RATE_LIMITED_MESSAGE,
} from "@server/security/submission-limit";
import { detectKind, storeUpload, UPLOAD_RULES, UploadRejectedError } from "@server/uploads/store";
import type { RouterContextProvider } from "react-router";
import { MAX_ATTACHMENTS, MAX_ATTACHMENTS_MESSAGE } from "~/entities/inquiry/contact-form";

/**
 * POST /uploads/contact-attachments: with JavaScript, the contact form uploads files as soon as
 * they are chosen and submits their ids with the inquiry. Files are checked by content, stored
 * under random keys and stay unclaimed (deleted after a day) until an inquiry claims them.
 */

export const UPLOAD_FAILED_MESSAGE = "Failed to upload files. Please try again.";

export interface UploadedAttachment {
  id: string;
  name: string;
  size: number;
}
export type AttachmentUploadResult =
  | { files: UploadedAttachment[] }
  | { error: string; detail?: string };

function reply(body: AttachmentUploadResult, status: number, headers: HeadersInit = {}) {
  return Response.json(body, {
    status,
    headers: { "Cache-Control": PRIVATE_NO_STORE, ...headers },
  });
}

export async function loader() {
  return reply({ error: "Use POST to upload files." }, 405, { Allow: "POST" });
}

export async function action({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const runtime = getRuntimeFrom(context);
  if (request.method !== "POST") return reply({ error: "Use POST to upload files." }, 405);
  if (isCrossSiteRequest(request, runtime.config.SITE_URL)) {
    return reply({ error: UPLOAD_FAILED_MESSAGE, detail: "Cross-site uploads are refused." }, 403);
  }
  const ip = getClientIp(context);
  // Counted before the body is read: a refused address costs no reading.
  const wait = await consumeLimit(runtime, "upload", ip);
  if (wait !== null) {
    return reply({ error: UPLOAD_FAILED_MESSAGE, detail: RATE_LIMITED_MESSAGE }, 429, {
      "Retry-After": String(wait),
    });
  }

  const rule = UPLOAD_RULES["contact-attachment"];
  const read = await readPost(
    request,
    {
      maxFiles: MAX_ATTACHMENTS,
      maxFileSize: rule.maxBytes,
      maxTotalSize: bodyRuleFor("/uploads/contact-attachments").maxBytes,
      fileTooLargeMessage: `Each file must be smaller than ${rule.maxBytes / 1024 / 1024} MB.`,
      tooManyFilesMessage: MAX_ATTACHMENTS_MESSAGE,
    },
    (refusal) => reply({ error: UPLOAD_FAILED_MESSAGE, detail: refusal.message }, refusal.status),
  );
  if (read.refused) return read.refused;
  const files = read.form.files("files");
  if (files.length === 0)
    return reply({ error: UPLOAD_FAILED_MESSAGE, detail: "No file was sent." }, 400);

  // Check every file before storing any, so a refused file leaves nothing behind.
  const chosen = await Promise.all(
    files.map(async (file) => ({
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  try {
    for (const file of chosen) await detectKind("contact-attachment", file.name, file.bytes);
  } catch (error) {
    if (error instanceof UploadRejectedError) {
      return reply(
        { error: UPLOAD_FAILED_MESSAGE, detail: error.message },
        error.reason === "size" ? 413 : 415,
      );
    }
    throw error;
  }

  const refused = await checkUploadAllowance(
    runtime,
    ip,
    chosen.reduce((sum, file) => sum + file.bytes.byteLength, 0),
  );
  if (refused) {
    return reply({ error: UPLOAD_FAILED_MESSAGE, detail: refused.message }, refused.status);
  }

  const stored: UploadedAttachment[] = [];
  for (const file of chosen) {
    const upload = await storeUpload(
      { db: runtime.database.db, storage: runtime.storage },
      "contact-attachment",
      file,
    );
    stored.push({ id: upload.id, name: upload.originalName, size: upload.size });
  }
  return reply({ files: stored }, 201);
}
