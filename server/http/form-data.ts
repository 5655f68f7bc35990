import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { BodyTooLargeError, FORM_TYPES, mediaTypeOf, normalizeContentType } from "./body-limit";

/**
 * Reads a form post (urlencoded or multipart) with its limits enforced while the body streams in,
 * so an oversized upload is cut off early instead of filling memory. A limit or a malformed body
 * becomes a FormReadError carrying a 4xx status and a message for the visitor.
 */

export interface FormLimits {
  maxFiles: number;
  maxFileSize: number;
  /** Shown when one file is larger than maxFileSize. */
  fileTooLargeMessage: string;
  /** Shown when there are more than maxFiles files. */
  tooManyFilesMessage: string;
  /** Fields and files together (default 100); a form with many rows needs more. */
  maxParts?: number;
  /** The whole body (default: maxFiles full-size files plus 1 MB). */
  maxTotalSize?: number;
}

export class FormReadError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = "FormReadError";
  }
}

export interface ReadForm {
  fields: FormData;
  /** The chosen files, empty inputs (no file chosen) left out. */
  files: (field: string) => File[];
}

export async function readForm(request: Request, limits: FormLimits): Promise<ReadForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (request.body === null) return formOf(new FormData());
  // Anything but a form is refused unread (the parser would hand it to request.formData(),
  // which buffers the whole body), and the media type is matched whatever its case.
  if (!FORM_TYPES.includes(mediaTypeOf(contentType))) {
    await request.body.cancel().catch(() => {});
    throw new FormReadError(415, "Only form posts are accepted here.");
  }
  const normalized = normalizeContentType(contentType);
  if (normalized !== contentType) {
    const headers = new Headers(request.headers);
    headers.set("content-type", normalized);
    request = new Request(request.url, {
      method: request.method,
      headers,
      body: request.body,
      duplex: "half",
    } as RequestInit);
  }
  let fields: FormData;
  try {
    fields = await parseFormData(request, {
      maxFiles: limits.maxFiles,
      maxFileSize: limits.maxFileSize,
      maxParts: limits.maxParts ?? 100,
      maxTotalSize: limits.maxTotalSize ?? limits.maxFiles * limits.maxFileSize + 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      throw new FormReadError(413, limits.fileTooLargeMessage);
    }
    if (error instanceof MaxFilesExceededError) {
      throw new FormReadError(413, limits.tooManyFilesMessage);
    }
    if (error instanceof MaxTotalSizeExceededError || error instanceof MaxPartsExceededError) {
      throw new FormReadError(413, "The form is too large.");
    }
    if (error instanceof MultipartParseError || error instanceof FormDataParseError) {
      throw new FormReadError(400, "The form could not be read. Please try again.");
    }
    const cutOff = error instanceof BodyTooLargeError ? error : (error as Error)?.cause;
    if (cutOff instanceof BodyTooLargeError) throw new FormReadError(413, cutOff.message);
    if (error instanceof TypeError) {
      // A urlencoded body that is not one, or a body cut off mid-way.
      throw new FormReadError(400, "The form could not be read. Please try again.");
    }
    throw error;
  }
  return formOf(fields);
}

function formOf(fields: FormData): ReadForm {
  return {
    fields,
    files: (field) =>
      fields
        .getAll(field)
        .filter(
          (value): value is File =>
            typeof value !== "string" && value.size > 0 && value.name !== "",
        ),
  };
}

/** The text fields of a form as an object; repeated names become arrays where `arrays` says. */
export function fieldsOf(form: FormData, arrays: string[] = []): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (arrays.includes(name)) {
      const list = (result[name] as string[] | undefined) ?? [];
      list.push(value);
      result[name] = list;
    } else if (!(name in result)) {
      result[name] = value;
    }
  }
  return result;
}
