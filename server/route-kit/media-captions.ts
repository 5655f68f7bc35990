import { getRuntimeFrom } from "@server/context";
import type { FormLimits, ReadForm } from "@server/http/form-data";
import { addCaptions, captionsText, removeCaptions } from "@server/media/item-captions";
import { MediaProbeError } from "@server/media/probe";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost } from "@server/route-kit/forms";
import { ADMIN_RESPONSE_HEADERS, currentActor } from "@server/security/admin-access";
import { data, type RouterContextProvider } from "react-router";
import { CAPTIONS_MAX_BYTES, CAPTIONS_MESSAGES, captionsSchema } from "~/entities/media/form";
import { BAD_REQUEST, failure, success } from "~/lib/admin-messages";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The Media screen's captions intents (issue #44 item 3, decision 0499): "Add captions" (a
 * multipart post: language and one SRT or WebVTT file) and "Remove". Saved changes redirect with
 * a toast; a refused post answers 4xx with the messages by field, for the item named in the
 * form's action URL (`?captions={id}`), which survives a body refused unread (too large).
 */

export const CAPTIONS_INTENTS = ["add-captions", "remove-captions"] as const;
export type CaptionsIntent = (typeof CAPTIONS_INTENTS)[number];

/** The Media screen's posts: Retry and Delete carry no file, "Add captions" one small one. */
export const MEDIA_FORM_LIMITS: FormLimits = {
  maxFiles: 1,
  maxFileSize: CAPTIONS_MAX_BYTES,
  maxTotalSize: CAPTIONS_MAX_BYTES + 64 * 1024,
  fileTooLargeMessage: CAPTIONS_MESSAGES.tooLarge,
  tooManyFilesMessage: CAPTIONS_MESSAGES.oneFile,
};

/** What a refused captions post gives the screen: the item it was for and what to show there. */
export interface CaptionsRefusal {
  itemId: string | null;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The item a captions form posts for, from its action URL (`?captions={id}`). */
function itemOfUrl(request: Request): string | null {
  const id = new URL(request.url).searchParams.get("captions");
  return id && UUID.test(id) ? id : null;
}

export function refuseCaptions(
  request: Request,
  status: number,
  fieldErrors: FieldErrors,
  values: Record<string, string> = {},
) {
  return data<CaptionsRefusal>(
    { itemId: itemOfUrl(request), fieldErrors, values },
    { status, headers: ADMIN_RESPONSE_HEADERS },
  );
}

export async function captionsAction(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  form: ReadForm,
  intent: CaptionsIntent,
  back: string,
) {
  const { request, context } = args;
  const runtime = getRuntimeFrom(context);
  const actor = currentActor(context);
  const checked = checkPost(form, captionsSchema);
  if (checked.fieldErrors) {
    if (checked.fieldErrors.id) return redirectWithFlash(context, back, failure(BAD_REQUEST));
    return refuseCaptions(request, 400, checked.fieldErrors, checked.values);
  }
  const { id, language } = checked.data;
  if (intent === "remove-captions") {
    const removed = await removeCaptions(runtime, actor, { id, language });
    return redirectWithFlash(
      context,
      back,
      removed.ok
        ? success(CAPTIONS_MESSAGES.removed(removed.name))
        : failure(
            removed.reason === "gone" ? CAPTIONS_MESSAGES.notRemoved : CAPTIONS_MESSAGES.notReady,
          ),
    );
  }
  const [file] = form.files("file");
  const values = { language };
  if (!file || file.size === 0) {
    return refuseCaptions(request, 400, { file: [CAPTIONS_MESSAGES.chooseFile] }, values);
  }
  let added: Awaited<ReturnType<typeof addCaptions>>;
  try {
    const text = captionsText(new Uint8Array(await file.arrayBuffer()));
    added = await addCaptions(runtime, actor, { id, language, text });
  } catch (error) {
    if (!(error instanceof MediaProbeError)) throw error;
    return refuseCaptions(request, 422, { file: [error.message] }, values);
  }
  if (!added.ok) {
    return redirectWithFlash(
      context,
      back,
      failure(added.reason === "gone" ? CAPTIONS_MESSAGES.gone : CAPTIONS_MESSAGES.notReady),
    );
  }
  const message = added.replaced ? CAPTIONS_MESSAGES.replaced : CAPTIONS_MESSAGES.added;
  return redirectWithFlash(context, back, success(message(added.name)));
}
