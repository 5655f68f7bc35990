import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";

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
    readonly status: 400 | 413,
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
    if (error instanceof TypeError) {
      // request.formData() on a body that is not a form.
      throw new FormReadError(400, "The form could not be read. Please try again.");
    }
    throw error;
  }
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
