import { getRuntimeFrom } from "@server/context";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { ADMIN_RESPONSE_HEADERS, requireResourceAccess } from "@server/security/admin-access";
import { isCrossSiteRequest } from "@server/security/origin";
import { IMAGE_UPLOAD_MESSAGES, uploadImage } from "@server/uploads/images";
import { UploadRejectedError } from "@server/uploads/store";
import type { Route } from "./+types/image-upload";

/**
 * POST /admin/uploads/image: the editors' image fields upload a chosen file at once (with
 * JavaScript) and put the returned public URL in the field. One file, field `file`.
 */

import type { ImageUploadResult } from "~/components/admin/image-field";

function reply(body: ImageUploadResult, status: number, headers: HeadersInit = {}) {
  return Response.json(body, { status, headers: { ...ADMIN_RESPONSE_HEADERS, ...headers } });
}

export async function loader() {
  return reply({ error: "Use POST to upload an image." }, 405, { Allow: "POST" });
}

export async function action(args: Route.ActionArgs) {
  await requireResourceAccess(args);
  const { request, context } = args;
  const runtime = getRuntimeFrom(context);
  const failed = IMAGE_UPLOAD_MESSAGES.failed;
  if (request.method !== "POST") return reply({ error: "Use POST to upload an image." }, 405);
  if (isCrossSiteRequest(request, runtime.config.SITE_URL)) {
    return reply({ error: failed, detail: "Cross-site uploads are refused." }, 403);
  }
  const read = await readPost(request, FORM_LIMITS.editor, (refusal) =>
    reply({ error: failed, detail: refusal.message }, refusal.status),
  );
  if (read.refused) return read.refused;
  try {
    const [file] = read.form.files("file");
    if (!file) return reply({ error: failed, detail: "No file was sent." }, 400);
    const { url } = await uploadImage(runtime, file);
    return reply({ url }, 201);
  } catch (error) {
    if (error instanceof UploadRejectedError) {
      return reply({ error: failed, detail: error.message }, error.reason === "size" ? 413 : 415);
    }
    runtime.logger.error({ err: error }, failed);
    return reply({ error: failed, detail: "Please try again." }, 500);
  }
}
