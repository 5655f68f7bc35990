import { bodyRuleFor } from "@server/http/body-limit";
import { bookingReference } from "@server/inquiries/booking";
import {
  AttachmentsUnavailableError,
  submitProjectInquiry,
  submitWeddingInquiry,
} from "@server/inquiries/intake";
import { ResumeUnavailableError, submitJobApplication } from "@server/job-applications/intake";
import {
  checkPost,
  FORM_LIMITS,
  type FormLimits,
  type FormReadError,
  type PostRead,
  readPost,
} from "@server/route-kit/forms";
import type { Runtime } from "@server/runtime";
import {
  checkUploadAllowance,
  consumeLimit,
  RATE_LIMITED_MESSAGE,
} from "@server/security/submission-limit";
import {
  findUnclaimedUploads,
  storeUpload,
  UPLOAD_RULES,
  UploadRejectedError,
} from "@server/uploads/store";
import type { VisitSource } from "@server/visits/page-views";
import type { Visitor } from "@server/visits/view-rules";
import {
  contactInquirySchema,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_MESSAGE,
} from "~/entities/inquiry/contact-form";
import { weddingInquirySchema } from "~/entities/inquiry/wedding-form";
import { jobApplicationSchema, RESUME_MAX_BYTES } from "~/entities/job-application/form";
import { textValuesOf } from "~/lib/forms/check";
import { HONEYPOT_FIELD } from "~/lib/forms/common";
import {
  APPLICATION_FAILED,
  APPLICATION_SUCCESS,
  APPLICATION_TOO_LARGE,
  APPLICATION_UPLOAD_FAILED,
  CHECK_FIELDS,
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  type FieldErrors,
  type FormResult,
  WEDDING_SUCCESS,
} from "~/lib/forms/result";

/**
 * The three public forms (project inquiry, job application, wedding inquiry) from request to
 * result: per-IP limit (counted before the body is read), spam trap, validation with SPEC's messages, files checked by content,
 * and one transaction for the row and its notification. Bad input is a 4xx with a message;
 * nothing is half written.
 */

export interface HandledForm {
  status: number;
  result: FormResult;
}

const success = (result: FormResult): HandledForm => ({ status: 200, result });

/** A refused read (not a form, malformed, too large) answered with its 4xx status and message. */
const refusedRead = (refusal: FormReadError): HandledForm => ({
  status: refusal.status,
  result: { status: "error", message: refusal.message },
});

/** The form shown again with a message per field and what was typed. */
const invalid = (
  check: { fieldErrors: FieldErrors; values: Record<string, string> },
  title?: string,
): HandledForm => ({
  status: 400,
  result: { status: "error", ...(title ? { title } : {}), message: CHECK_FIELDS, ...check },
});

/** The spam trap was filled: answer like a success, store nothing. */
const trapped = (form: FormData) => {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
};

async function limited(runtime: Runtime, ip: string): Promise<HandledForm | null> {
  const wait = await consumeLimit(runtime, "submission", ip);
  return wait === null
    ? null
    : {
        status: 429,
        result: { status: "error", title: "Too many requests", message: RATE_LIMITED_MESSAGE },
      };
}

/** Counts the post against the visitor's limit before its body is read, then reads it. */
async function readPublicForm(
  runtime: Runtime,
  request: Request,
  ip: string,
  limits: FormLimits,
  refuse = refusedRead,
): Promise<PostRead<HandledForm>> {
  const rateLimited = await limited(runtime, ip);
  if (rateLimited) return { refused: rateLimited };
  return readPost(request, limits, refuse);
}

/** Files about to be stored: refused on a critically full disk or past the daily quotas. */
function uploadRefused(runtime: Runtime, ip: string, files: File[]) {
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  return files.length === 0 ? null : checkUploadAllowance(runtime, ip, bytes);
}

/**
 * Where the visitor's visit came from (issue #33): its first page view today, found by the same
 * visit id. Attribution never fails a submission: an error only leaves the source unknown.
 */
async function sourceOf(runtime: Runtime, visitor: Visitor | null): Promise<VisitSource | null> {
  if (!visitor) return null;
  try {
    return await runtime.visits.sourceOf(visitor);
  } catch (err) {
    runtime.logger.error({ err }, "the visit source could not be read");
    return null;
  }
}

function services(runtime: Runtime) {
  return {
    db: runtime.database.db,
    jobs: runtime.jobs,
    notifyEmail: runtime.config.NOTIFY_EMAIL,
    siteUrl: runtime.config.SITE_URL,
    bookingUrl: runtime.config.BOOKING_URL,
    interviewUrl: runtime.config.INTERVIEW_BOOKING_URL,
  };
}

// ---------------------------------------------------------------------------------------------
// Project inquiry (/contact)
// ---------------------------------------------------------------------------------------------

export async function handleContactPost(
  runtime: Runtime,
  request: Request,
  ip: string,
  visitor: Visitor | null = null,
): Promise<HandledForm> {
  const rule = UPLOAD_RULES["contact-attachment"];
  const read = await readPublicForm(runtime, request, ip, {
    // Read a few past the limit so "Maximum 5 files allowed" comes back with what was typed.
    maxFiles: MAX_ATTACHMENTS * 2,
    maxFileSize: rule.maxBytes,
    maxTotalSize: bodyRuleFor("/contact").maxBytes,
    fileTooLargeMessage: `Each file must be smaller than ${rule.maxBytes / 1024 / 1024} MB.`,
    tooManyFilesMessage: MAX_ATTACHMENTS_MESSAGE,
  });
  if (read.refused) return read.refused;
  const { form } = read;
  if (trapped(form.fields)) return success({ status: "success", message: CONTACT_SUCCESS });

  const values = textValuesOf(form.fields);
  const uploadedIds = form.fields
    .getAll("attachments")
    .filter((value): value is string => typeof value === "string" && value !== "");
  const newFiles = form.files("attachment_files");
  const kept = async () => {
    const rows = await findUnclaimedUploads(
      runtime.database.db,
      "contact-uploads",
      uploadedIds,
    ).catch(() => []);
    return rows.map((row) => ({ id: row.id, name: row.originalName }));
  };
  const fail = async (status: number, message: string, fieldErrors?: FieldErrors) => ({
    status,
    result: {
      status: "error",
      message,
      fieldErrors,
      values,
      attachments: await kept(),
    } as FormResult,
  });

  if (uploadedIds.length + newFiles.length > MAX_ATTACHMENTS) {
    return fail(400, MAX_ATTACHMENTS_MESSAGE, { attachments: [MAX_ATTACHMENTS_MESSAGE] });
  }
  const checked = checkPost(form, contactInquirySchema, { extra: { attachments: uploadedIds } });
  if (checked.fieldErrors) return fail(400, CHECK_FIELDS, checked.fieldErrors);

  // Files sent with the form itself (no JavaScript): check and store them now.
  const attachmentIds = [...checked.data.attachments];
  const refused = await uploadRefused(runtime, ip, newFiles);
  if (refused) {
    return fail(refused.status, refused.message, { attachments: [refused.message] });
  }
  try {
    for (const file of newFiles) {
      const stored = await storeUpload(
        { db: runtime.database.db, storage: runtime.storage },
        "contact-attachment",
        {
          name: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
        },
      );
      attachmentIds.push(stored.id);
      uploadedIds.push(stored.id);
    }
  } catch (error) {
    if (error instanceof UploadRejectedError) {
      return fail(
        error.reason === "size" ? 413 : 415,
        `Failed to upload files. Please try again. ${error.message}`,
        {
          attachments: [error.message],
        },
      );
    }
    runtime.logger.error({ err: error }, "contact attachment upload failed");
    return fail(503, "Failed to upload files. Please try again.");
  }

  let inquiry: { id: string };
  try {
    inquiry = await submitProjectInquiry(
      services(runtime),
      { ...checked.data, attachments: attachmentIds },
      await sourceOf(runtime, visitor),
    );
  } catch (error) {
    if (error instanceof AttachmentsUnavailableError) {
      return fail(409, error.message, { attachments: [error.message] });
    }
    runtime.logger.error({ err: error }, "contact inquiry failed");
    return fail(503, CONTACT_FAILURE);
  }
  return success({
    status: "success",
    message: CONTACT_SUCCESS,
    booking: {
      name: checked.data.name,
      email: checked.data.email,
      reference: bookingReference(runtime.keys.bookingReferences, inquiry.id),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Job application (/careers)
// ---------------------------------------------------------------------------------------------

export async function handleApplicationPost(
  runtime: Runtime,
  request: Request,
  ip: string,
  visitor: Visitor | null = null,
): Promise<HandledForm> {
  const read = await readPublicForm(
    runtime,
    request,
    ip,
    {
      maxFiles: 1,
      maxFileSize: RESUME_MAX_BYTES,
      maxTotalSize: bodyRuleFor("/careers").maxBytes,
      fileTooLargeMessage: APPLICATION_TOO_LARGE.message,
      tooManyFilesMessage: "Please attach one resume.",
    },
    (refusal) => {
      const tooLarge = refusal.message === APPLICATION_TOO_LARGE.message;
      return {
        status: refusal.status,
        result: {
          status: "error",
          ...(tooLarge
            ? APPLICATION_TOO_LARGE
            : { title: APPLICATION_FAILED.title, message: refusal.message }),
          clear: tooLarge ? "resume" : undefined,
        },
      };
    },
  );
  if (read.refused) return read.refused;
  const { form } = read;
  if (trapped(form.fields)) return success({ status: "success", ...APPLICATION_SUCCESS });

  const checked = checkPost(form, jobApplicationSchema);
  if (checked.fieldErrors) return invalid(checked, APPLICATION_FAILED.title);
  const values = textValuesOf(form.fields);

  const [resume] = form.files("resume");
  let resumeId: string | null = null;
  const refused = await uploadRefused(runtime, ip, resume ? [resume] : []);
  if (refused) {
    return {
      status: refused.status,
      result: {
        status: "error",
        title: APPLICATION_UPLOAD_FAILED.title,
        message: refused.message,
        fieldErrors: { resume: [refused.message] },
        values,
        clear: "resume",
      },
    };
  }
  if (resume) {
    try {
      const stored = await storeUpload(
        { db: runtime.database.db, storage: runtime.storage },
        "resume",
        {
          name: resume.name,
          bytes: new Uint8Array(await resume.arrayBuffer()),
        },
      );
      resumeId = stored.id;
    } catch (error) {
      if (error instanceof UploadRejectedError) {
        const result =
          error.reason === "size"
            ? APPLICATION_TOO_LARGE
            : { title: APPLICATION_UPLOAD_FAILED.title, message: error.message };
        return {
          status: error.reason === "size" ? 413 : 415,
          result: {
            status: "error",
            ...result,
            fieldErrors: { resume: [result.message] },
            values,
            clear: "resume",
          },
        };
      }
      runtime.logger.error({ err: error }, "resume upload failed");
      return { status: 503, result: { status: "error", ...APPLICATION_UPLOAD_FAILED, values } };
    }
  }

  try {
    await submitJobApplication(
      services(runtime),
      checked.data,
      resumeId,
      await sourceOf(runtime, visitor),
    );
  } catch (error) {
    if (!(error instanceof ResumeUnavailableError)) {
      runtime.logger.error({ err: error }, "job application failed");
    }
    return { status: 503, result: { status: "error", ...APPLICATION_FAILED, values } };
  }
  return success({ status: "success", ...APPLICATION_SUCCESS });
}

// ---------------------------------------------------------------------------------------------
// Wedding inquiry (/weddings)
// ---------------------------------------------------------------------------------------------

export async function handleWeddingPost(
  runtime: Runtime,
  request: Request,
  ip: string,
  visitor: Visitor | null = null,
): Promise<HandledForm> {
  const read = await readPublicForm(runtime, request, ip, {
    // No files; maxFileSize also caps each text field of a multipart post.
    ...FORM_LIMITS.short,
    maxTotalSize: bodyRuleFor("/weddings").maxBytes,
  });
  if (read.refused) return read.refused;
  const { form } = read;
  if (trapped(form.fields)) return success({ status: "success", message: WEDDING_SUCCESS });

  const checked = checkPost(form, weddingInquirySchema);
  if (checked.fieldErrors) return invalid(checked);
  const values = textValuesOf(form.fields);
  try {
    await submitWeddingInquiry(services(runtime), checked.data, await sourceOf(runtime, visitor));
  } catch (error) {
    runtime.logger.error({ err: error }, "wedding inquiry failed");
    return { status: 503, result: { status: "error", message: CONTACT_FAILURE, values } };
  }
  return success({ status: "success", message: WEDDING_SUCCESS });
}
