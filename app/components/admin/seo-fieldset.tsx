import { useEffect, useId, useRef, useState } from "react";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { studio } from "~/copy/studio";
import type { FieldErrors } from "~/lib/forms/result";
import {
  type PageHeadPreview,
  SEO_CUT,
  type SeoValues,
  seoValuesOf,
  withOwnSeo,
} from "~/lib/forms/seo-fields";
import { isSafeUrl } from "~/lib/safe-url";

/**
 * "Search and social" (issue #31 item 6, decision 0371): a page's own meta title, meta
 * description and social image, each optional, with a preview of the search result and of the
 * social card and character counts against where search engines cut. Rendered on the server
 * with the current values (so it shows without JavaScript); once hydrated it follows what is
 * typed, in these fields and in the page's own (title, description, cover), read from the form.
 */

/** What the page shows by default, from its form's current values (`read(name)`). */
export type DefaultHead = (read: (name: string) => string) => PageHeadPreview;

export function SeoFieldset({
  initial,
  defaults,
  errors,
  idFor,
}: {
  errors?: FieldErrors;
  /** The id of a field's control, where the form's error summary links to it. */
  idFor?: (name: keyof SeoValues) => string;
  /**
   * The form's values when rendered (stored, or as sent back after a refused save): this
   * fieldset's own, and the others for the defaults before any typing.
   */
  initial: SeoValues;
  defaults: DefaultHead;
}) {
  const values = seoValuesOf(initial);
  const ref = useRef<HTMLFieldSetElement>(null);
  const descriptionId = useId();
  const [own, setOwn] = useState(values);
  const [page, setPage] = useState(() =>
    defaults((name) => {
      const value = (initial as Record<string, unknown>)[name];
      return typeof value === "string" ? value : "";
    }),
  );
  // The page's fields are the form's: read on every input anywhere in it.
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const read = (name: string) => {
      const control = form.elements.namedItem(name);
      return control instanceof HTMLInputElement ||
        control instanceof HTMLTextAreaElement ||
        control instanceof HTMLSelectElement
        ? control.value
        : "";
    };
    // The fieldset's own fields are read the same way as the page's: one path for every change.
    const update = () => {
      setPage(defaultsRef.current(read));
      setOwn({
        metaTitle: read("metaTitle"),
        metaDescription: read("metaDescription"),
        socialImageUrl: read("socialImageUrl"),
      });
    };
    update();
    form.addEventListener("input", update);
    return () => form.removeEventListener("input", update);
  }, []);

  const head = withOwnSeo(page, own);
  const image = head.image && isSafeUrl(head.image, { sitePath: true }) ? head.image : null;
  const change = (name: keyof SeoValues) => ({
    name,
    id: idFor?.(name),
    errors,
    defaultValue: values[name],
  });

  return (
    <fieldset
      ref={ref}
      aria-describedby={descriptionId}
      className="space-y-5 rounded-xl border border-line bg-surface/40 p-5 sm:p-6"
    >
      {/* A heading inside the legend: the group is named by it and found among the headings. */}
      <legend className="float-left w-full">
        <h2 className="font-display text-lg font-semibold">Search and social</h2>
      </legend>
      <div className="clear-both">
        <p id={descriptionId} className="text-sm text-ink-muted">
          How the page appears in search results and when shared. Leave a field empty to use the
          page's own title, description and image.
        </p>
      </div>
      <TextField
        label="Meta title"
        autoComplete="off"
        {...change("metaTitle")}
        hint={<Count label="Title" text={head.title} cut={SEO_CUT.title} own={own.metaTitle} />}
      />
      <TextAreaField
        label="Meta description"
        rows={3}
        {...change("metaDescription")}
        hint={
          <Count
            label="Description"
            text={head.description}
            cut={SEO_CUT.description}
            own={own.metaDescription}
          />
        }
      />
      <TextField
        label="Social image"
        inputMode="url"
        autoComplete="off"
        {...change("socialImageUrl")}
        hint="An address (https://…) or a site path (/files/…), 1200 × 630 works best. Empty: the page's cover image."
      />

      <div className="grid gap-4 lg:grid-cols-2">
        <figure className="min-w-0">
          <figcaption className="mb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Search result preview
          </figcaption>
          <div className="rounded-lg bg-white p-4 text-left font-sans text-[#202124]">
            <p className="truncate text-xs text-[#4d5156]">
              {studio.name} › {head.path.split("/").filter(Boolean).join(" › ")}
            </p>
            <p className="mt-1 text-lg leading-snug text-[#1a0dab]">
              {cut(head.title, SEO_CUT.title)}
            </p>
            <p className="mt-1 text-sm leading-snug text-[#4d5156]">
              {cut(head.description, SEO_CUT.description)}
            </p>
          </div>
        </figure>
        <figure className="min-w-0">
          <figcaption className="mb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Social card preview
          </figcaption>
          <div className="overflow-hidden rounded-lg border border-line bg-surface-raised">
            {image ? (
              <img src={image} alt="" className="aspect-[1.91/1] w-full object-cover" />
            ) : (
              <div className="flex aspect-[1.91/1] items-center justify-center text-sm text-ink-muted">
                No image
              </div>
            )}
            <div className="space-y-1 p-3">
              <p className="truncate text-sm font-semibold">{head.title}</p>
              <p className="line-clamp-2 text-sm text-ink-muted">{head.description}</p>
            </div>
          </div>
        </figure>
      </div>
    </fieldset>
  );
}

/** Where the text stands against the cut, and whose text it is. */
function Count({
  label,
  text,
  cut: at,
  own,
}: {
  label: string;
  text: string;
  cut: number;
  own: string;
}) {
  const length = [...text].length;
  return (
    <>
      {own.trim() ? "" : `Empty: the page's own ${label.toLowerCase()} is used. `}
      <span className={length > at ? "font-semibold text-danger" : undefined}>
        {label}: {length} of {at} characters
        {length > at ? ", search engines cut the rest" : ""}.
      </span>
    </>
  );
}

/** The text as a search result shows it: cut at `at` characters with an ellipsis. */
function cut(text: string, at: number): string {
  const chars = [...text];
  return chars.length > at
    ? `${chars
        .slice(0, at - 1)
        .join("")
        .trimEnd()}…`
    : text;
}
