import type { Ref } from "react";
import { idOf } from "~/components/admin/case-study-editor/fields";
import { ROW_NOUNS } from "~/components/admin/case-study-editor/use-rows";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * A refused save's summary: the message, then a link to each field with an error. It takes the
 * focus (with `autoFocus` in the server's HTML, from the editor when JavaScript checked the save).
 */
export function ErrorSummary({
  message,
  errors,
  ref,
}: {
  message: string;
  errors: FieldErrors;
  ref: Ref<HTMLDivElement>;
}) {
  const entries = Object.entries(errors).filter(([, messages]) => messages?.length);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: a refused save posted without JavaScript lands on its summary
      autoFocus
      role="alert"
      aria-labelledby="editor-errors-title"
      className="rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm focus:outline-2 focus:outline-danger"
    >
      <p id="editor-errors-title" className="font-semibold">
        {message}
      </p>
      {entries.length ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {entries.map(([name, messages]) => (
            <li key={name}>
              <a href={`#${idOf(name)}-wrap`} className="underline underline-offset-2">
                {describeField(name)}: {messages?.join(" ")}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** "media.2.url" → "Gallery item 3, URL" for the error summary. */
function describeField(name: string): string {
  const row = /^(metrics|media)\.(\d+)\.(\w+)$/.exec(name);
  if (row) {
    const noun = ROW_NOUNS[row[1] === "metrics" ? "metric" : "media"];
    const field = FIELD_LABELS[row[3] ?? ""] ?? row[3];
    return `${noun} ${Number(row[2]) + 1}, ${field}`;
  }
  return FIELD_LABELS[name] ?? name;
}

const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  slug: "Slug",
  subtitle: "Subtitle",
  description: "Description",
  content: "Details",
  status: "Status",
  tags: "Tags",
  imageUrl: "Cover image",
  videoUrl: "Project video URL",
  videoMediaId: "Video from the Media library",
  mediaId: "Video from the Media library",
  clientName: "Client",
  serviceType: "Service",
  projectDuration: "Duration",
  budgetRange: "Investment",
  sortPosition: "Sort position",
  galleryLayout: "Gallery layout",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  socialImageUrl: "Social image",
  metrics: "Key metrics",
  media: "Media gallery",
  name: "name",
  value: "value",
  type: "type",
  url: "URL",
  thumbnailUrl: "thumbnail",
};
