import { Captions } from "lucide-react";
import { Form } from "react-router";
import { buttonClass } from "~/components/admin/ui";
import { FileField, FormFields, SelectField } from "~/components/forms/fields";
import { CAPTION_LANGUAGE_OPTIONS } from "~/entities/media/form";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * A Ready video's captions on the Media screen (issue #44 item 3, decision 0499): a disclosure
 * listing each language with "Remove", and "Add captions" (a language and an SRT or WebVTT
 * file). Plain posts, with or without JavaScript; a refused one comes back with its message
 * under the field and the disclosure open.
 */

export interface CaptionsItem {
  id: string;
  title: string;
  /** Changes with every save of the item: a saved form starts empty again. */
  updatedAt: string;
  captions: Array<{ language: string; name: string }>;
}

export function MediaCaptions({
  item,
  refused,
}: {
  item: CaptionsItem;
  refused: { fieldErrors: FieldErrors; values: Record<string, string> } | null;
}) {
  const { captions } = item;
  return (
    <details className="group mt-2" open={refused ? true : undefined}>
      <summary className={`${buttonClass.secondary} cursor-pointer list-none`}>
        <Captions aria-hidden="true" className="size-4" />
        Captions{captions.length > 0 ? ` (${captions.length})` : ""}
        <span className="sr-only"> of {item.title}</span>
      </summary>
      <div className="mt-3 flex max-w-xl flex-col gap-3 text-sm">
        {captions.length === 0 ? (
          <p className="text-ink-muted">No captions yet.</p>
        ) : (
          <ul
            aria-label={`Captions of ${item.title}`}
            className="divide-y divide-line rounded-lg border border-line"
          >
            {captions.map((caption) => (
              <li key={caption.language} className="flex items-center justify-between gap-3 p-2">
                <span>{caption.name}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-captions" />
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="language" value={caption.language} />
                  <button type="submit" className={buttonClass.secondary}>
                    Remove
                    <span className="sr-only">
                      {" "}
                      the {caption.name} captions of {item.title}
                    </span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form
          method="post"
          encType="multipart/form-data"
          // The item rides in the URL too: a file refused unread (too large) still names it.
          action={`/admin/media?captions=${item.id}`}
          // A refused post keeps what was chosen; a saved one starts the form empty.
          key={refused ? JSON.stringify(refused.values) : item.updatedAt}
          className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3"
        >
          <input type="hidden" name="intent" value="add-captions" />
          <input type="hidden" name="id" value={item.id} />
          <FormFields errors={refused?.fieldErrors} values={refused?.values} look="admin">
            <SelectField name="language" label="Language" options={CAPTION_LANGUAGE_OPTIONS} />
            <FileField
              name="file"
              label="Captions file"
              accept=".srt,.vtt"
              required
              hint="SRT or WebVTT, up to 1 MB. A file in a language the video has replaces it."
            />
          </FormFields>
          <div>
            <button type="submit" className={buttonClass.primary}>
              Add captions<span className="sr-only"> to {item.title}</span>
            </button>
          </div>
        </Form>
      </div>
    </details>
  );
}
