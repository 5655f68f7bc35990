import { Wrap } from "~/components/admin/case-study-editor/fields";
import { TextAreaField, TextField } from "~/components/forms/fields";
import type { CaseStudyDraft } from "~/entities/case-study/form";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The editor's plain text fields, section by section, as data: one renderer draws each in the
 * wrapper the error summary links to (the rows, selects and images are drawn by hand).
 */

/** The draft's fields that hold text. */
export type DraftText = {
  [K in keyof CaseStudyDraft]: CaseStudyDraft[K] extends string ? K : never;
}[keyof CaseStudyDraft];

/** A plain text field of the draft: its label, and `rows` for a text area. */
export type TextSpec = {
  name: DraftText;
  label: string;
  hint?: string;
  rows?: number;
  wide?: boolean;
  inputMode?: "url";
  type?: "number";
};

export const BASIC_TEXT: readonly TextSpec[] = [
  { name: "subtitle", label: "Subtitle", wide: true },
  { name: "clientName", label: "Client" },
  { name: "serviceType", label: "Service" },
  { name: "projectDuration", label: "Duration" },
  { name: "budgetRange", label: "Investment (budget range)" },
];

export const STORY_TEXT: readonly TextSpec[] = [
  {
    name: "description",
    label: "Description",
    rows: 3,
    hint: "Shown on the card and searched on /case-studies.",
  },
  {
    name: "content",
    label: "Details",
    rows: 10,
    hint: "Plain text; leave a blank line between paragraphs.",
  },
  { name: "tags", label: "Tags", hint: "Comma-separated, for example: Music, Social, Launch." },
];

export const VIDEO_TEXT: readonly TextSpec[] = [
  {
    name: "videoUrl",
    label: "Project video URL",
    inputMode: "url",
    hint: "An address (https://…) or a site path (/media/…).",
  },
];

export const PUBLISHING_TEXT: readonly TextSpec[] = [
  {
    name: "sortPosition",
    label: "Sort position",
    type: "number",
    hint: "Lower comes first: negative pins a study to the top, positive to the bottom; equal ones show newest first.",
  },
];

/** The fields of `specs` in their order, each in the wrapper the error summary links to. */
export function TextFields({
  specs,
  draft,
  errors,
}: {
  specs: readonly TextSpec[];
  draft: CaseStudyDraft;
  errors: FieldErrors;
}) {
  return specs.map(({ name, wide, rows, ...control }) => (
    <Wrap key={name} name={name} className={wide ? "sm:col-span-2" : undefined}>
      {rows ? (
        <TextAreaField
          name={name}
          defaultValue={draft[name]}
          errors={errors}
          rows={rows}
          {...control}
        />
      ) : (
        <TextField name={name} defaultValue={draft[name]} errors={errors} {...control} />
      )}
    </Wrap>
  ));
}
