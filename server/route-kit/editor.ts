import { randomUUID } from "node:crypto";
import { type AuditedRecord, audited } from "@server/audit/log";
import { getRuntimeFrom } from "@server/context";
import type { Database } from "@server/db/client";
import { isUuid } from "@server/kit/list-params";
import { redirectWithFlash } from "@server/route-kit/flash";
import {
  checkPost,
  FORM_LIMITS,
  type FormReadError,
  type ReadForm,
  readPost,
} from "@server/route-kit/forms";
import { ADMIN_RESPONSE_HEADERS, currentActor } from "@server/security/admin-access";
import { IMAGE_UPLOAD_MESSAGES, resolveImageUrl } from "@server/uploads/images";
import { UploadRejectedError } from "@server/uploads/store";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { type EditorMessages, failure, success } from "~/lib/admin-messages";
import type { Flash, FlashInput } from "~/lib/flash";
import { textValuesOf } from "~/lib/forms/check";
import type { EditorActionData, FieldErrors } from "~/lib/forms/result";

/**
 * The steps shared by the portfolio, testimonial and team editors: find the row, read the (possibly
 * multipart) form, validate it with the form's zod schema, store an image chosen without
 * JavaScript, save in one transaction, then go back to the list with SPEC's toast. Bad input comes
 * back as a 400 with a message per field and what was typed, and nothing is stored.
 */

/** A save that goes elsewhere than the list: a draft kept (its editor), or refused (a 4xx). */
export type EditorSaved =
  | { to: string; flash: FlashInput }
  | { status: number; fieldErrors?: FieldErrors; message?: string };

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const toast = (input: FlashInput): Flash => ({ id: randomUUID(), ...input });

function answer(body: EditorActionData, status: number) {
  return data(body, { status, headers: ADMIN_RESPONSE_HEADERS });
}

/**
 * The row an editor opens: null when no id is given (create); a missing or malformed id throws the
 * redirect back to the list with `gone` (it was deleted meanwhile, or the link was made up).
 */
export async function findRowOrRedirect<Row>(
  args: Args,
  options: {
    id: string | null | undefined;
    find: (db: Database, id: string) => Promise<Row | null>;
    listPath: string;
    gone: string;
  },
): Promise<Row | null> {
  const { id, find, listPath, gone } = options;
  if (id == null) return null;
  const db = getRuntimeFrom(args.context).database.db;
  const row = isUuid(id) ? await find(db, id) : null;
  if (!row) throw await redirectWithFlash(args.context, listPath, failure(gone));
  return row;
}

/**
 * The action of an editor with its own routes (/new, /{id}/edit): the row named in the URL (gone:
 * back to the list), then the post, then the save.
 */
export async function editorRouteAction<
  Schema extends z.ZodType<Record<string, unknown>>,
  Row extends { id: string },
>(
  // One module serves both routes, so the params are typed as either.
  args: Args & { params: object },
  options: {
    find: (db: Database, id: string) => Promise<Row | null>;
    save: (db: Database, id: string | null, input: z.output<Schema>) => Promise<string | null>;
    /** What the audit log calls the record. */
    entity: AuditedRecord;
    schema: Schema;
    imageField?: string;
    listPath: string;
    messages: EditorMessages;
  },
) {
  const { find, save, listPath, messages } = options;
  const row = await findRowOrRedirect(args, {
    id: (args.params as { id?: string }).id,
    find,
    listPath,
    gone: messages.saveFailed,
  });
  const read = await readPost(args.request, FORM_LIMITS.editor, editorRefusal(messages));
  if (read.refused) return read.refused;
  const db = getRuntimeFrom(args.context).database.db;
  const id = row?.id ?? null;
  return saveFromEditor(args, {
    form: read.form,
    schema: options.schema,
    imageField: options.imageField,
    id,
    save: (input) =>
      audited(db, currentActor(args.context), { entity: options.entity, id }, (tx) =>
        save(tx, id, input),
      ),
    listPath,
    messages,
  });
}

/** How an editor answers a post it could not read: the refusal's 4xx status and message. */
export function editorRefusal(messages: EditorMessages) {
  return (refusal: FormReadError) =>
    answer(
      {
        fieldErrors: { form: [refusal.message] },
        values: {},
        toast: toast(failure(messages.saveFailed)),
      },
      refusal.status,
    );
}

export async function saveFromEditor<Schema extends z.ZodType<Record<string, unknown>>>(
  args: Args,
  options: {
    form: ReadForm;
    schema: Schema;
    /** The field holding an image URL (with its `${name}File` picker), if the form has one. */
    imageField?: string;
    /** The row to update, or null to create one. */
    id: string | null;
    /**
     * Saves and returns the row's id (back to the list with SPEC's toast), null when the row is
     * gone, or where to go and what to say (a draft kept: back to its editor), or a refusal.
     */
    save: (
      input: z.output<Schema>,
      values: Record<string, string>,
    ) => Promise<string | null | EditorSaved>;
    listPath: string;
    messages: EditorMessages;
  },
) {
  const runtime = getRuntimeFrom(args.context);
  const { form, schema, imageField, id, listPath, messages } = options;
  const checked = checkPost(form, schema);
  // Invalid input stores nothing, not even a file chosen with it (it is picked again).
  if (checked.fieldErrors) {
    return answer({ fieldErrors: checked.fieldErrors, values: checked.values, toast: null }, 400);
  }
  const values = textValuesOf(form.fields);
  const input = checked.data as z.output<Schema> & Record<string, unknown>;
  if (imageField) {
    try {
      const url = await resolveImageUrl(runtime, form, imageField);
      (input as Record<string, unknown>)[imageField] = url;
      values[imageField] = url ?? "";
    } catch (error) {
      if (!(error instanceof UploadRejectedError)) {
        runtime.logger.error({ err: error }, IMAGE_UPLOAD_MESSAGES.failed);
      }
      const message =
        error instanceof UploadRejectedError ? error.message : "The image could not be stored.";
      return answer(
        {
          fieldErrors: { [imageField]: [message] },
          values,
          toast: toast(failure(IMAGE_UPLOAD_MESSAGES.failed)),
        },
        error instanceof UploadRejectedError ? (error.reason === "size" ? 413 : 415) : 500,
      );
    }
  }
  let savedId: string | null | EditorSaved;
  try {
    savedId = await options.save(input, values);
  } catch (error) {
    runtime.logger.error({ err: error }, messages.saveFailed);
    return answer({ fieldErrors: {}, values, toast: toast(failure(messages.saveFailed)) }, 500);
  }
  if (savedId && typeof savedId === "object") {
    if ("to" in savedId) return redirectWithFlash(args.context, savedId.to, savedId.flash);
    return answer(
      {
        fieldErrors: savedId.fieldErrors ?? {},
        values,
        toast: savedId.message ? toast(failure(savedId.message)) : null,
      },
      savedId.status,
    );
  }
  if (!savedId) {
    // Updating a row another admin deleted meanwhile: nothing was written.
    runtime.logger.warn({ id }, `${messages.saveFailed}: not found`);
    return redirectWithFlash(args.context, listPath, failure(messages.saveFailed));
  }
  return redirectWithFlash(
    args.context,
    listPath,
    success(id ? messages.updated : messages.created),
  );
}
