import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/admin/case-study-editor/error-summary";
import { idOf, Section, Wrap } from "~/components/admin/case-study-editor/fields";
import { EditableRows, MediaRow, MetricRow } from "~/components/admin/case-study-editor/rows";
import {
  BASIC_TEXT,
  type DraftText,
  PUBLISHING_TEXT,
  STORY_TEXT,
  TextFields,
  VIDEO_TEXT,
} from "~/components/admin/case-study-editor/text-fields";
import { useRows } from "~/components/admin/case-study-editor/use-rows";
import { ImageField } from "~/components/admin/image-field";
import { type Publishing, PublishingButtons } from "~/components/admin/publishing-controls";
import { type DefaultHead, SeoFieldset } from "~/components/admin/seo-fieldset";
import { buttonClass } from "~/components/admin/ui";
import { CheckboxField, SelectField, TextField } from "~/components/forms/fields";
import {
  CASE_STUDY_TEXT,
  type CaseStudyDraft,
  parseCaseStudy,
  readDraft,
} from "~/entities/case-study/form";
import { caseStudyHead } from "~/entities/case-study/head";
import type { FieldErrors } from "~/lib/forms/result";
import { slugify } from "~/lib/slug";
import { useTypedBeforeHydration } from "~/lib/use-hydrated";
import { GALLERY_LAYOUTS } from "~/lib/values";

/**
 * The case-study editor (issue #7): every field of SPEC section 3 plus slug, sort position,
 * gallery layout and hidden metrics. Key metrics and gallery items are rows that can be added,
 * removed and moved (rows.tsx, use-rows.ts); fields come from the form kit.
 */

export interface EditorProps {
  mode: "create" | "edit";
  draft: CaseStudyDraft;
  fieldErrors: FieldErrors;
  message: string | null;
  /** The control to focus after a no-JavaScript row change (its name or intent value). */
  focus: string | null;
  /** The stored slug is one of the fixed built-in addresses: shown read-only. */
  slugLocked: boolean;
  cancelHref: string;
  publishing: Publishing;
  /** The Media library's ready videos, to play instead of the video URL. */
  videos: readonly { value: string; label: string }[];
  /** Extra actions in the header (delete, view on site). */
  actions?: ReactNode;
  /** A note above the form (the built-in study explanation). */
  notice?: ReactNode;
}

const GALLERY_LAYOUT_LABELS: Record<(typeof GALLERY_LAYOUTS)[number], string> = {
  grid: "Grid",
  "music-videos": "Music videos",
  curated: "Curated",
};

/** The study's head by default, from the form's current values (the SEO preview's). */
const studyHeadOf: DefaultHead = (read) =>
  caseStudyHead({
    title: read("title"),
    subtitle: read("subtitle") || null,
    description: read("description") || null,
    imageUrl: read("imageUrl") || null,
    path: read("slug") || slugify(read("title")) || "your-slug",
  });

/** The editor form's id: the heading row's buttons, outside it, send it by this id. */
const FORM_ID = "case-study-form";

export function CaseStudyEditor(props: EditorProps) {
  const { mode, draft, focus, slugLocked } = props;
  // The browser's own check of a save (quick feedback; the server checks again either way).
  const [local, setLocal] = useState<{ errors: FieldErrors } | null>(null);
  const focusSummary = useRef(false);
  const errors = local ? local.errors : props.fieldErrors;
  const message = local ? CASE_STUDY_TEXT.checkFields : props.message;
  const saving = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const rows = useRows(draft, formRef);
  const [slug, setSlug] = useState(draft.slug);
  const [slugEdited, setSlugEdited] = useState(mode === "edit" || draft.slug !== "");
  const slugRef = useRef<HTMLInputElement>(null);
  function typeSlug(next: string) {
    setSlug(next);
    setSlugEdited(true);
  }
  // Typed before the scripts started: taken up as if typed now (decision 0162).
  useTypedBeforeHydration(slugRef, slug, typeSlug);

  // A refused save: the summary takes the focus (the server HTML does the same with autofocus).
  useEffect(() => {
    if (message) summaryRef.current?.focus();
  }, [message]);
  useLayoutEffect(() => {
    if (!focusSummary.current) return;
    focusSummary.current = false;
    summaryRef.current?.focus();
  });

  // name, starting value and errors of a top-level field.
  const field = (name: DraftText) => ({ name, defaultValue: draft[name], errors });

  return (
    <div className="max-w-4xl space-y-8">
      {/*
        The heading row stands outside the form: its actions (Delete) have forms of their own, and
        a form inside a form is no HTML. Its buttons send the form by its id, and come first in the
        document, so Enter in a field saves a draft (never moves a row).
      */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1
          id="editor-title"
          className="font-display text-2xl font-bold tracking-tight sm:text-3xl"
        >
          {mode === "create" ? "New Case Study" : `Edit: ${draft.title || "Case Study"}`}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {props.actions}
          <CancelAndSave {...props} saving={saving} compact form={FORM_ID} />
        </div>
      </div>
      <Form
        id={FORM_ID}
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={(event) => {
          // "Unpublish" sends no fields to check.
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (submitter?.getAttribute("value") === "unpublish") return;
          const checked = parseCaseStudy(readDraft(new FormData(event.currentTarget)));
          if (checked.ok) {
            setLocal(null);
            return;
          }
          event.preventDefault();
          setLocal({ errors: checked.fieldErrors });
          focusSummary.current = true;
        }}
        aria-labelledby="editor-title"
        className="space-y-8"
      >
        {props.notice}

        {message ? <ErrorSummary ref={summaryRef} message={message} errors={errors} /> : null}

        <Section title="Basics">
          <div className="grid gap-5 sm:grid-cols-2">
            <Wrap name="title" className="sm:col-span-2">
              <TextField
                {...field("title")}
                id={idOf("title")}
                label="Title"
                required
                autoFocus={focus === "title"}
                onChange={(event) => {
                  if (!slugEdited && !slugLocked) setSlug(slugify(event.currentTarget.value));
                }}
              />
            </Wrap>
            <Wrap name="slug" className="sm:col-span-2">
              <TextField
                ref={slugRef}
                id={idOf("slug")}
                name="slug"
                label="Slug"
                errors={errors}
                value={slug}
                readOnly={slugLocked}
                onChange={(event) => typeSlug(event.currentTarget.value)}
                spellCheck={false}
                autoComplete="off"
                controlClassName="read-only:opacity-70"
                hint={
                  <>
                    {slugLocked
                      ? "A study with a built-in copy keeps its address."
                      : "Made from the title when left empty; lowercase letters, numbers and hyphens."}{" "}
                    Address: /case-studies/{slug || "your-slug"}
                  </>
                }
              />
            </Wrap>
            <TextFields specs={BASIC_TEXT} draft={draft} errors={errors} />
          </div>
        </Section>

        <Section title="Story">
          <div className="grid gap-5">
            <TextFields specs={STORY_TEXT} draft={draft} errors={errors} />
          </div>
        </Section>

        <Section title="Cover and video">
          <div className="grid gap-5">
            <Wrap name="imageUrl">
              <ImageField {...field("imageUrl")} label="Cover image" />
            </Wrap>
            <TextFields specs={VIDEO_TEXT} draft={draft} errors={errors} />
            <Wrap name="videoMediaId">
              <SelectField
                {...field("videoMediaId")}
                label="Video from the Media library"
                hint="Plays on the page instead of the video URL."
                options={props.videos}
                placeholder="None"
              />
            </Wrap>
          </div>
        </Section>

        <Section
          title="Key metrics"
          description="Name and value pairs, in this order; the first three visible ones show on the cards. Names use underscores for spaces (total_views). Hidden ones stay off the detail page."
        >
          <EditableRows
            list="metric"
            rows={rows.metrics}
            addLabel="Add metric"
            listClassName="space-y-3"
            errors={errors}
            focus={focus}
            onIntent={rows.onRowIntent}
          >
            {(row) => <MetricRow {...row} />}
          </EditableRows>
        </Section>

        <Section
          title="Media gallery"
          description="Images and videos shown on the detail page, in this order. Upload an image or enter an address; a video needs its address or a video from the Media library, and may have a thumbnail."
        >
          <div className="grid gap-5">
            <Wrap name="galleryLayout">
              <SelectField
                {...field("galleryLayout")}
                label="Gallery layout"
                placeholder="Choose…"
                options={GALLERY_LAYOUTS.map((value) => ({
                  value,
                  label: GALLERY_LAYOUT_LABELS[value],
                }))}
                hint="Grid for most studies; music videos for a video-first label; curated for a hand-picked set."
              />
            </Wrap>
            <EditableRows
              list="media"
              rows={rows.media}
              addLabel="Add gallery item"
              empty="No gallery items yet."
              listClassName="space-y-4"
              errors={errors}
              focus={focus}
              onIntent={rows.onRowIntent}
            >
              {(row) => <MediaRow {...row} onType={rows.onMediaType} videos={props.videos} />}
            </EditableRows>
          </div>
        </Section>

        <SeoFieldset initial={draft} defaults={studyHeadOf} errors={errors} idFor={idOf} />

        <Section title="Publishing">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextFields specs={PUBLISHING_TEXT} draft={draft} errors={errors} />
            <div className="sm:col-span-2">
              <CheckboxField name="isFeatured" label="Featured" defaultChecked={draft.isFeatured} />
            </div>
          </div>
        </Section>

        <p role="status" aria-live="polite" className="sr-only">
          {rows.announcement}
        </p>

        <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-6">
          <CancelAndSave {...props} saving={saving} />
        </div>
      </Form>
    </div>
  );
}

/** Shown above and below the form: Cancel and the publishing buttons. */
function CancelAndSave({
  cancelHref,
  publishing,
  saving,
  fieldErrors,
  compact = false,
  form,
}: {
  cancelHref: string;
  publishing: Publishing;
  saving: boolean;
  fieldErrors?: FieldErrors;
  /** The top row: buttons only (the schedule field and the reviewer's answers are below). */
  compact?: boolean;
  /** The form's id, for buttons outside it. */
  form?: string;
}) {
  return (
    <>
      <Link to={cancelHref} className={buttonClass.secondary}>
        Cancel
      </Link>
      <PublishingButtons
        publishing={publishing}
        saving={saving}
        commentError={fieldErrors?.reviewComment?.[0]}
        compact={compact}
        form={form}
      />
    </>
  );
}
