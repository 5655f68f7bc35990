import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import {
  type MouseEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Form, Link, useNavigation } from "react-router";
import { fieldClass, RequiredMark } from "~/components/forms/fields";
import {
  CASE_STUDY_TEXT,
  type CaseStudyDraft,
  emptyMedia,
  emptyMetric,
  GALLERY_LAYOUT_LABELS,
  MAX_KEY_METRICS,
  MAX_MEDIA_ITEMS,
  type MediaDraft,
  type MetricDraft,
  moveRows,
  parseCaseStudy,
  parseRowIntent,
  type RowIntent,
  type RowList,
  readDraft,
  rowIntentValue,
} from "~/entities/case-study/form";
import type { FieldErrors } from "~/lib/forms/result";
import { slugify } from "~/lib/slug";
import { useTypedBeforeHydration } from "~/lib/use-hydrated";
import { GALLERY_LAYOUTS } from "~/lib/values";
import { CONTENT_STATUS_OPTIONS } from "./format";
import { ImageField } from "./image-field";
import { buttonClass } from "./ui";

/**
 * The case-study editor (issue #7): every field of SPEC section 3 plus slug, sort position,
 * gallery layout and hidden metrics. Key metrics and gallery items are rows that can be added,
 * removed and moved. Each row button is a submit button (`intent` = `media-up:2`, …): without
 * JavaScript the server applies it and sends the form back; with JavaScript the same change
 * happens here, focus stays on the control that moved, and a status line says where the row went.
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
  /** Extra actions in the header (delete, view on site). */
  actions?: ReactNode;
  /** A note above the form (the built-in study explanation). */
  notice?: ReactNode;
}

/** What a row of each list is called: legends, announcements, button labels, error summary. */
const ROW_NOUNS: Record<RowList, string> = { metric: "Key metric", media: "Gallery item" };

const idOf = (name: string) => `cs-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;

/** The draft's fields that hold text. */
type DraftText = {
  [K in keyof CaseStudyDraft]: CaseStudyDraft[K] extends string ? K : never;
}[keyof CaseStudyDraft];

interface Row<T> {
  key: number;
  data: T;
}

/** Keys from the position on first render: the same on the server and in the browser. */
const toRows = <T,>(items: readonly T[]): Row<T>[] => items.map((data, key) => ({ key, data }));

type FocusTarget =
  | { list: RowList; key: number; control: "up" | "down" | "first" }
  | {
      list: RowList;
      key: null;
      control: "add";
    };

export function CaseStudyEditor(props: EditorProps) {
  const { mode, draft, focus, slugLocked } = props;
  // The browser's own check of a save (quick feedback; the server checks again either way).
  const [local, setLocal] = useState<{ errors: FieldErrors } | null>(null);
  const focusSummary = useRef(false);
  const errors = local ? local.errors : props.fieldErrors;
  const message = local ? CASE_STUDY_TEXT.checkFields : props.message;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [metrics, setMetrics] = useState(() => toRows(draft.metrics));
  const [media, setMedia] = useState(() => toRows(draft.media));
  // New rows get keys past every first-render key.
  const lastKey = useRef(Math.max(draft.metrics.length, draft.media.length));
  const newKey = () => ++lastKey.current;
  const [slug, setSlug] = useState(draft.slug);
  const [slugEdited, setSlugEdited] = useState(mode === "edit" || draft.slug !== "");
  const slugRef = useRef<HTMLInputElement>(null);
  function typeSlug(next: string) {
    setSlug(next);
    setSlugEdited(true);
  }
  // Typed before the scripts started: taken up as if typed now (decision 0162).
  useTypedBeforeHydration(slugRef, slug, typeSlug);
  const [announcement, setAnnouncement] = useState("");
  const pendingFocus = useRef<FocusTarget | null>(null);

  // A refused save: the summary takes the focus (the server HTML does the same with autofocus).
  useEffect(() => {
    if (message) summaryRef.current?.focus();
  }, [message]);

  // After a row moved, was added or removed: focus where the user's attention is.
  useLayoutEffect(() => {
    if (focusSummary.current) {
      focusSummary.current = false;
      summaryRef.current?.focus();
    }
    const target = pendingFocus.current;
    if (!target || !formRef.current) return;
    pendingFocus.current = null;
    const selector =
      target.control === "add"
        ? `[data-row-add="${target.list}"]`
        : `[data-row="${target.list}-${target.key}"] [data-control="${target.control}"]`;
    let element = formRef.current.querySelector<HTMLElement>(selector);
    if (element instanceof HTMLButtonElement && element.disabled) {
      // Moved to an edge: that button is off now, its twin is the next step.
      const other = target.control === "up" ? "down" : "up";
      element = formRef.current.querySelector<HTMLElement>(
        `[data-row="${target.list}-${target.key}"] [data-control="${other}"]`,
      );
    }
    element?.focus();
  });

  function onRowIntent(event: MouseEvent<HTMLButtonElement>) {
    const intent = parseRowIntent(event.currentTarget.value);
    if (!intent) return;
    // JavaScript runs: the change happens here, no round trip (the server does it otherwise).
    event.preventDefault();
    if (intent.list === "metric") {
      setMetrics(change(metrics, intent, emptyMetric, MAX_KEY_METRICS));
    } else {
      setMedia(change(media, intent, emptyMedia, MAX_MEDIA_ITEMS));
    }
  }

  /** The rows after `intent`; notes where the focus goes and what to announce. */
  function change<T>(rows: Row<T>[], intent: RowIntent, make: () => T, max: number): Row<T>[] {
    const { list } = intent;
    const noun = ROW_NOUNS[list];
    if (intent.op === "add") {
      if (rows.length >= max) return rows;
      const row = { key: newKey(), data: make() };
      pendingFocus.current = { list, key: row.key, control: "first" };
      setAnnouncement(`${noun} ${rows.length + 1} added.`);
      return [...rows, row];
    }
    const moved = rows[intent.index];
    if (!moved) return rows;
    const next = moveRows(rows, intent, () => ({ key: newKey(), data: make() }));
    if (intent.op === "remove") {
      const neighbour = next[Math.min(intent.index, next.length - 1)];
      pendingFocus.current = neighbour
        ? { list, key: neighbour.key, control: "first" }
        : { list, key: null, control: "add" };
      setAnnouncement(`${noun} ${intent.index + 1} removed.`);
    } else {
      pendingFocus.current = { list, key: moved.key, control: intent.op };
      setAnnouncement(`${noun} moved to position ${next.indexOf(moved) + 1} of ${next.length}.`);
    }
    return next;
  }

  /** A media row's type changed: keep what was typed in its URL, swap image/video controls. */
  function onMediaType(index: number, type: string) {
    const form = formRef.current;
    const read = (name: string) =>
      (form?.elements.namedItem(`media.${index}.${name}`) as HTMLInputElement | null)?.value ?? "";
    setMedia((rows) =>
      rows.map((row, i) =>
        i === index
          ? { key: row.key, data: { ...row.data, type, url: read("url"), title: read("title") } }
          : row,
      ),
    );
  }

  // name, starting value and errors of a top-level field.
  const field = (name: DraftText) => ({ name, defaultValue: draft[name], errors });

  const errorEntries = Object.entries(errors).filter(([, messages]) => messages?.length);

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={(event) => {
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
      className="max-w-4xl space-y-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1
          id="editor-title"
          className="font-display text-2xl font-bold tracking-tight sm:text-3xl"
        >
          {mode === "create" ? "New Case Study" : `Edit: ${draft.title || "Case Study"}`}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {props.actions}
          {/* First submit button of the form: Enter in a field saves (never moves a row). */}
          <CancelAndSave cancelHref={props.cancelHref} saving={saving} />
        </div>
      </div>
      {props.notice}

      {message ? (
        <div
          ref={summaryRef}
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
          {errorEntries.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {errorEntries.map(([name, messages]) => (
                <li key={name}>
                  <a href={`#${idOf(name)}-wrap`} className="underline underline-offset-2">
                    {describeField(name)}: {messages?.join(" ")}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <Section title="Basics">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            {...field("title")}
            label="Title"
            required
            className="sm:col-span-2"
            autoFocus={focus === "title"}
            onChange={(value) => {
              if (!slugEdited && !slugLocked) setSlug(slugify(value));
            }}
          />
          <Wrap name="slug" className="sm:col-span-2">
            <label htmlFor={idOf("slug")} className={labelClass}>
              Slug
            </label>
            <input
              ref={slugRef}
              id={idOf("slug")}
              name="slug"
              type="text"
              value={slug}
              readOnly={slugLocked}
              onChange={(event) => typeSlug(event.currentTarget.value)}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={errors.slug?.length ? true : undefined}
              aria-describedby={describedBy("slug", errors, true)}
              className={`${fieldClass} read-only:opacity-70`}
            />
            <Hint name="slug">
              {slugLocked
                ? "A study with a built-in copy keeps its address."
                : "Made from the title when left empty; lowercase letters, numbers and hyphens."}{" "}
              Address: /case-studies/{slug || "your-slug"}
            </Hint>
            <ErrorText name="slug" errors={errors} />
          </Wrap>
          <TextInput {...field("subtitle")} label="Subtitle" className="sm:col-span-2" />
          <TextInput {...field("clientName")} label="Client" />
          <TextInput {...field("serviceType")} label="Service" />
          <TextInput {...field("projectDuration")} label="Duration" />
          <TextInput {...field("budgetRange")} label="Investment (budget range)" />
        </div>
      </Section>

      <Section title="Story">
        <div className="grid gap-5">
          <TextArea
            {...field("description")}
            label="Description"
            rows={3}
            hint="Shown on the card and searched on /case-studies."
          />
          <TextArea
            {...field("content")}
            label="Details"
            rows={10}
            hint="Plain text; leave a blank line between paragraphs."
          />
          <TextInput
            {...field("tags")}
            label="Tags"
            hint="Comma-separated, for example: Music, Social, Launch."
          />
        </div>
      </Section>

      <Section title="Cover and video">
        <div className="grid gap-5">
          <Wrap name="imageUrl">
            <ImageField {...field("imageUrl")} label="Cover image" />
          </Wrap>
          <TextInput
            {...field("videoUrl")}
            label="Project video URL"
            inputMode="url"
            hint="An address (https://…) or a site path (/media/…)."
          />
        </div>
      </Section>

      <Section
        title="Key metrics"
        description="Name and value pairs, in this order; the first three visible ones show on the cards. Names use underscores for spaces (total_views). Hidden ones stay off the detail page."
      >
        <EditableRows
          name="metrics"
          list="metric"
          rows={metrics}
          max={MAX_KEY_METRICS}
          addLabel="Add metric"
          listClassName="space-y-3"
          errors={errors}
          focus={focus}
          onIntent={onRowIntent}
        >
          {(row) => <MetricRow {...row} />}
        </EditableRows>
      </Section>

      <Section
        title="Media gallery"
        description="Images and videos shown on the detail page, in this order. Upload an image or enter an address; a video needs its address and may have a thumbnail."
      >
        <div className="grid gap-5">
          <SelectInput
            {...field("galleryLayout")}
            label="Gallery layout"
            options={GALLERY_LAYOUTS.map((value) => ({
              value,
              label: GALLERY_LAYOUT_LABELS[value],
            }))}
            hint="Grid for most studies; music videos for a video-first label; curated for a hand-picked set."
          />
          <EditableRows
            name="media"
            list="media"
            rows={media}
            max={MAX_MEDIA_ITEMS}
            addLabel="Add gallery item"
            empty="No gallery items yet."
            listClassName="space-y-4"
            errors={errors}
            focus={focus}
            onIntent={onRowIntent}
          >
            {(row) => <MediaRow {...row} onType={onMediaType} />}
          </EditableRows>
        </div>
      </Section>

      <Section title="Publishing">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectInput
            {...field("status")}
            label="Status"
            options={CONTENT_STATUS_OPTIONS}
            hint="Only published studies appear on the website."
          />
          <TextInput
            {...field("sortPosition")}
            label="Sort position"
            type="number"
            hint="Lower comes first: negative pins a study to the top, positive to the bottom; equal ones show newest first."
          />
          <div className="flex items-center gap-3 sm:col-span-2">
            <input
              id={idOf("isFeatured")}
              name="isFeatured"
              type="checkbox"
              defaultChecked={draft.isFeatured}
              className="size-4 accent-accent"
            />
            <label htmlFor={idOf("isFeatured")} className="text-sm font-medium">
              Featured
            </label>
          </div>
        </div>
      </Section>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-6">
        <CancelAndSave cancelHref={props.cancelHref} saving={saving} />
      </div>
    </Form>
  );
}

/** Shown above and below the form. */
function CancelAndSave({ cancelHref, saving }: { cancelHref: string; saving: boolean }) {
  return (
    <>
      <Link to={cancelHref} className={buttonClass.secondary}>
        Cancel
      </Link>
      <button
        type="submit"
        name="intent"
        value="save"
        disabled={saving}
        className={buttonClass.primary}
      >
        {saving ? "Saving..." : "Save"}
      </button>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/** What a row's props are: its place in the list, and the editor's errors, focus and row buttons. */
interface RowProps<T> {
  row: Row<T>;
  index: number;
  count: number;
  errors: FieldErrors;
  focus: string | null;
  onIntent: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** A list of rows (key metrics, gallery items): its errors, the rows, and Add. */
function EditableRows<T>({
  name,
  list,
  rows,
  max,
  addLabel,
  empty,
  listClassName,
  errors,
  focus,
  onIntent,
  children,
}: {
  /** The field the list's own errors are under. */
  name: string;
  list: RowList;
  rows: Row<T>[];
  max: number;
  addLabel: string;
  /** Shown when there are no rows. */
  empty?: string;
  listClassName: string;
  errors: FieldErrors;
  focus: string | null;
  onIntent: (event: MouseEvent<HTMLButtonElement>) => void;
  children: (row: RowProps<T>) => ReactNode;
}) {
  return (
    <Wrap name={name}>
      <ErrorText name={name} errors={errors} />
      {empty && rows.length === 0 ? <p className="text-sm text-ink-muted">{empty}</p> : null}
      <ol className={listClassName}>
        {rows.map((row, index) => (
          <li key={row.key}>
            {children({ row, index, count: rows.length, errors, focus, onIntent })}
          </li>
        ))}
      </ol>
      <AddButton
        list={list}
        label={addLabel}
        disabled={rows.length >= max}
        autoFocus={focus === `${list}-add`}
        onIntent={onIntent}
      />
    </Wrap>
  );
}

/** One row: a numbered fieldset, its fields, then its move and remove buttons. */
function RowFieldset({
  list,
  row,
  index,
  count,
  focus,
  onIntent,
  className,
  buttonsClassName,
  beforeButtons,
  children,
}: Omit<RowProps<unknown>, "errors"> & {
  list: RowList;
  className: string;
  buttonsClassName: string;
  beforeButtons?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset data-row={`${list}-${row.key}`} className={className}>
      <legend className="px-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {`${ROW_NOUNS[list]} ${index + 1}`}
      </legend>
      {children}
      <div className={buttonsClassName}>
        {beforeButtons}
        <RowButtons
          list={list}
          noun={ROW_NOUNS[list].toLowerCase()}
          index={index}
          count={count}
          focus={focus}
          onIntent={onIntent}
        />
      </div>
    </fieldset>
  );
}

function MetricRow(props: RowProps<MetricDraft>) {
  const { row, errors, focus } = props;
  const base = `metrics.${props.index}`;
  return (
    <RowFieldset
      {...props}
      list="metric"
      className="grid gap-3 rounded-lg border border-line bg-surface p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      buttonsClassName="flex flex-wrap items-center gap-2 sm:pb-1"
      beforeButtons={
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={`${base}.hidden`}
            defaultChecked={row.data.hidden}
            className="size-4 accent-accent"
          />
          Hide on detail page
        </label>
      }
    >
      <TextInput
        name={`${base}.name`}
        label="Name"
        defaultValue={row.data.name}
        errors={errors}
        dataControl="first"
        autoFocus={focus === `${base}.name`}
        compact
      />
      <TextInput
        name={`${base}.value`}
        label="Value"
        defaultValue={row.data.value}
        errors={errors}
        compact
      />
    </RowFieldset>
  );
}

function MediaRow({
  onType,
  ...props
}: RowProps<MediaDraft> & { onType: (index: number, type: string) => void }) {
  const { row, index, errors, focus } = props;
  const base = `media.${index}`;
  const isVideo = row.data.type === "video";
  return (
    <RowFieldset
      {...props}
      list="media"
      className="grid gap-4 rounded-lg border border-line bg-surface p-4"
      buttonsClassName="flex flex-wrap justify-end gap-2"
    >
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <SelectInput
          name={`${base}.type`}
          label="Type"
          defaultValue={row.data.type}
          errors={errors}
          options={[
            { value: "image", label: "Image" },
            { value: "video", label: "Video" },
          ]}
          dataControl="first"
          autoFocus={focus === `${base}.type`}
          onChange={(value) => onType(index, value)}
          compact
        />
        <TextInput
          name={`${base}.title`}
          label="Title"
          defaultValue={row.data.title}
          errors={errors}
          compact
        />
      </div>
      {isVideo ? (
        <TextInput
          key="video"
          name={`${base}.url`}
          label="Video URL"
          defaultValue={row.data.url}
          errors={errors}
          inputMode="url"
          hint="An address (https://…) or a site path (/media/…)."
          compact
        />
      ) : (
        <Wrap key="image" name={`${base}.url`}>
          <ImageField
            name={`${base}.url`}
            label="Image"
            defaultValue={row.data.url}
            errors={errors}
          />
        </Wrap>
      )}
      <Wrap name={`${base}.thumbnailUrl`}>
        <ImageField
          name={`${base}.thumbnailUrl`}
          label="Thumbnail"
          defaultValue={row.data.thumbnailUrl}
          errors={errors}
          hint="Optional: the still shown before a video plays."
        />
      </Wrap>
    </RowFieldset>
  );
}

function RowButtons({
  list,
  noun,
  index,
  count,
  focus,
  onIntent,
}: {
  list: RowList;
  noun: string;
  index: number;
  count: number;
  focus: string | null;
  onIntent: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const button = (op: "up" | "down" | "remove", disabled: boolean, content: ReactNode) => {
    const value = rowIntentValue({ list, op, index });
    return (
      <button
        type="submit"
        name="intent"
        value={value}
        data-control={op}
        disabled={disabled}
        // biome-ignore lint/a11y/noAutofocus: puts focus back where it was after a no-JavaScript round trip
        autoFocus={focus === value}
        onClick={onIntent}
        className={op === "remove" ? buttonClass.danger : buttonClass.secondary}
      >
        {content}
      </button>
    );
  };
  const position = `${noun} ${index + 1}`;
  return (
    <>
      {button(
        "up",
        index === 0,
        <>
          <ArrowUp aria-hidden="true" className="size-4" />
          <span className="sr-only">Move {position} up</span>
        </>,
      )}
      {button(
        "down",
        index === count - 1,
        <>
          <ArrowDown aria-hidden="true" className="size-4" />
          <span className="sr-only">Move {position} down</span>
        </>,
      )}
      {button(
        "remove",
        false,
        <>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> {position}</span>
        </>,
      )}
    </>
  );
}

function AddButton({
  list,
  label,
  disabled,
  autoFocus,
  onIntent,
}: {
  list: RowList;
  label: string;
  disabled: boolean;
  autoFocus: boolean;
  onIntent: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={rowIntentValue({ list, op: "add" })}
      data-row-add={list}
      disabled={disabled}
      // biome-ignore lint/a11y/noAutofocus: puts focus back where it was after a no-JavaScript round trip
      autoFocus={autoFocus}
      onClick={onIntent}
      className={`${buttonClass.secondary} mt-3`}
    >
      <Plus aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}

// ---------------------------------------------------------------------------------------------
// Fields: labelled, errors tied with aria-describedby, ids the error summary links to
// ---------------------------------------------------------------------------------------------

const labelClass = "text-sm font-medium text-ink";

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = idOf(`section-${title}`);
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-line bg-surface/40 p-5 sm:p-6"
    >
      <h2 id={id} className="font-display text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Wrap({
  name,
  className,
  children,
}: {
  name: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div id={`${idOf(name)}-wrap`} className={className}>
      {children}
    </div>
  );
}

function Hint({ name, children }: { name: string; children: ReactNode }) {
  return (
    <p id={`${idOf(name)}-hint`} className="mt-2 text-xs text-ink-muted">
      {children}
    </p>
  );
}

function ErrorText({ name, errors }: { name: string; errors: FieldErrors }) {
  const messages = errors[name];
  if (!messages?.length) return null;
  return (
    <p id={`${idOf(name)}-error`} className="mt-2 text-sm text-danger">
      {messages.join(" ")}
    </p>
  );
}

function describedBy(name: string, errors: FieldErrors, hint: boolean): string | undefined {
  const ids = [
    hint ? `${idOf(name)}-hint` : null,
    errors[name]?.length ? `${idOf(name)}-error` : null,
  ];
  return ids.filter(Boolean).join(" ") || undefined;
}

interface InputProps {
  name: string;
  label: string;
  errors: FieldErrors;
  defaultValue: string;
  hint?: string;
  required?: boolean;
  className?: string;
  autoFocus?: boolean;
  dataControl?: string;
  /** A row's field: tighter spacing. */
  compact?: boolean;
}

function TextInput({
  type = "text",
  inputMode,
  onChange,
  ...props
}: InputProps & {
  type?: "text" | "number";
  inputMode?: "url" | "numeric";
  onChange?: (value: string) => void;
}) {
  const { name, label, errors, hint, required } = props;
  const invalid = Boolean(errors[name]?.length);
  return (
    <Wrap name={name} className={props.className}>
      <label htmlFor={idOf(name)} className={labelClass}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input
        id={idOf(name)}
        name={name}
        type={type}
        inputMode={inputMode}
        defaultValue={props.defaultValue}
        required={required}
        // biome-ignore lint/a11y/noAutofocus: puts focus back where it was after a no-JavaScript round trip
        autoFocus={props.autoFocus}
        data-control={props.dataControl}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(name, errors, Boolean(hint))}
        className={props.compact ? `${fieldClass} py-2` : fieldClass}
      />
      {hint ? <Hint name={name}>{hint}</Hint> : null}
      <ErrorText name={name} errors={errors} />
    </Wrap>
  );
}

function TextArea({ rows, ...props }: InputProps & { rows: number }) {
  const { name, label, errors, hint } = props;
  return (
    <Wrap name={name} className={props.className}>
      <label htmlFor={idOf(name)} className={labelClass}>
        {label}
      </label>
      <textarea
        id={idOf(name)}
        name={name}
        rows={rows}
        defaultValue={props.defaultValue}
        aria-invalid={errors[name]?.length ? true : undefined}
        aria-describedby={describedBy(name, errors, Boolean(hint))}
        className={fieldClass}
      />
      {hint ? <Hint name={name}>{hint}</Hint> : null}
      <ErrorText name={name} errors={errors} />
    </Wrap>
  );
}

function SelectInput({
  options,
  onChange,
  ...props
}: InputProps & {
  options: readonly { value: string; label: string }[];
  onChange?: (value: string) => void;
}) {
  const { name, label, errors, hint } = props;
  const known = options.some((option) => option.value === props.defaultValue);
  return (
    <Wrap name={name} className={props.className}>
      <label htmlFor={idOf(name)} className={labelClass}>
        {label}
      </label>
      <select
        id={idOf(name)}
        name={name}
        defaultValue={props.defaultValue}
        // biome-ignore lint/a11y/noAutofocus: puts focus back where it was after a no-JavaScript round trip
        autoFocus={props.autoFocus}
        data-control={props.dataControl}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        aria-invalid={errors[name]?.length ? true : undefined}
        aria-describedby={describedBy(name, errors, Boolean(hint))}
        className={props.compact ? `${fieldClass} py-2` : fieldClass}
      >
        {known ? null : <option value={props.defaultValue}>Choose…</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? <Hint name={name}>{hint}</Hint> : null}
      <ErrorText name={name} errors={errors} />
    </Wrap>
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
  clientName: "Client",
  serviceType: "Service",
  projectDuration: "Duration",
  budgetRange: "Investment",
  sortPosition: "Sort position",
  galleryLayout: "Gallery layout",
  metrics: "Key metrics",
  media: "Media gallery",
  name: "name",
  value: "value",
  type: "type",
  url: "URL",
  thumbnailUrl: "thumbnail",
};
