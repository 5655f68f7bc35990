import { type ChangeEvent, useId, useRef, useState } from "react";
import { fieldClass } from "~/components/forms/fields";
import { showToast } from "~/components/ui/toasts";
import type { FieldErrors } from "~/lib/forms/result";
import { useTypedBeforeHydration } from "~/lib/use-hydrated";

/**
 * An editor's image: a URL field, a file picker and a preview. With JavaScript a chosen file is
 * uploaded at once (POST /admin/uploads/image) and its public URL fills the field; without it the
 * file travels with the form (which must be multipart) and the server stores it on save
 * (server/uploads/images.ts `resolveImageUrl`). Either way the saved value is the URL.
 */

export type ImageUploadResult = { url: string } | { error: string; detail?: string };

export const IMAGE_UPLOAD_PATH = "/admin/uploads/image";

const toastId = () => `image-upload-${Date.now()}-${Math.random().toString(36).slice(2)}`;

export function ImageField({
  name,
  label,
  defaultValue,
  errors,
  hint,
}: {
  name: string;
  label: string;
  defaultValue?: string | null;
  /** The form's field errors; this field's are under `name`. */
  errors?: FieldErrors;
  hint?: string;
}) {
  const id = useId();
  const [url, setUrl] = useState(defaultValue ?? "");
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  // Typed before the scripts started: taken up as if typed now (decision 0162).
  useTypedBeforeHydration(urlInput, url, setUrl);
  const messages = [...(errors?.[name] ?? []), ...(uploadError ? [uploadError] : [])];
  const errorId = messages.length ? `${id}-error` : undefined;
  const hintId = `${id}-hint`;

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    let detail: string | undefined;
    try {
      const body = new FormData();
      body.append("file", file);
      const response = await fetch(IMAGE_UPLOAD_PATH, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      const result = (await response.json()) as ImageUploadResult;
      if ("url" in result) {
        setUrl(result.url);
        showToast({
          id: toastId(),
          kind: "success",
          title: "Success",
          description: "Image uploaded successfully",
        });
        return;
      }
      detail = result.detail;
    } catch {
      detail = "Please check your connection and try again.";
    } finally {
      setUploading(false);
      // The file is stored (or refused) now: it must not travel again with the form.
      if (fileInput.current) fileInput.current.value = "";
    }
    setUploadError(detail ?? "Please try again.");
    showToast({
      id: toastId(),
      kind: "error",
      title: "Error",
      description: "Failed to upload image",
    });
  }

  return (
    <fieldset className="min-w-0" aria-describedby={errorId}>
      <legend className="text-sm font-medium text-ink">{label}</legend>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
        {url ? (
          <img
            src={url}
            alt={`${label} preview`}
            className="h-24 w-32 shrink-0 rounded-lg border border-line bg-surface object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="grid h-24 w-32 shrink-0 place-items-center rounded-lg border border-dashed border-line text-xs text-ink-faint"
          >
            No image
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <label htmlFor={`${id}-url`} className="sr-only">
            {label} URL
          </label>
          <input
            ref={urlInput}
            id={`${id}-url`}
            name={name}
            type="text"
            inputMode="url"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            placeholder="https://… or upload a file"
            aria-invalid={messages.length ? true : undefined}
            aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
            className={fieldClass}
          />
          <label htmlFor={`${id}-file`} className="block text-sm text-ink-muted">
            Upload {label.toLowerCase()}
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            name={`${name}File`}
            type="file"
            accept="image/*"
            disabled={uploading}
            onChange={upload}
            aria-describedby={hintId}
            className="block w-full text-sm text-ink-muted file:mr-3 file:rounded-md file:border file:border-line file:bg-surface-raised file:px-3 file:py-1.5 file:text-sm file:text-ink"
          />
          <p id={hintId} className="text-xs text-ink-faint">
            {uploading ? "Uploading..." : (hint ?? "PNG, JPEG, GIF, WebP or AVIF, up to 10 MB.")}
          </p>
          {messages.length ? (
            <p id={errorId} className="text-sm text-danger">
              {messages.join(" ")}
            </p>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
