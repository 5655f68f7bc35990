import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { ErrorText, idOf, Wrap } from "~/components/admin/case-study-editor/fields";
import { ROW_NOUNS, type Row } from "~/components/admin/case-study-editor/use-rows";
import { ImageField } from "~/components/admin/image-field";
import { buttonClass } from "~/components/admin/ui";
import { CheckboxField, SelectField, TextField } from "~/components/forms/fields";
import {
  type MediaDraft,
  type MetricDraft,
  ROW_LISTS,
  type RowList,
  rowIntentValue,
} from "~/entities/case-study/rows";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The editor's lists of rows (key metrics, gallery items). Each row button is a submit button
 * (`intent` = `media-up:2`, …): without JavaScript the server applies it and sends the form
 * back with the focus on the same control (`focus`); with JavaScript `onIntent` does it here.
 */

const MEDIA_TYPE_OPTIONS = [
  { value: "image", label: "Image" },
  { value: "video", label: "Video" },
];

type OnIntent = (event: MouseEvent<HTMLButtonElement>) => void;

/** What a row's props are: its place in the list, and the editor's errors, focus and row buttons. */
interface RowProps<T> {
  row: Row<T>;
  index: number;
  count: number;
  errors: FieldErrors;
  focus: string | null;
  onIntent: OnIntent;
}

/** A row field's id (its label's, the row buttons' target), name, value and errors. */
function rowField<T>(base: string, { row, errors }: RowProps<T>, key: keyof T & string) {
  const name = `${base}.${key}`;
  return { id: idOf(name), name, defaultValue: String(row.data[key]), errors };
}

/** A list of rows (key metrics, gallery items): its errors, the rows, and Add. */
export function EditableRows<T>({
  list,
  rows,
  addLabel,
  empty,
  listClassName,
  errors,
  focus,
  onIntent,
  children,
}: {
  /** Which list: its field (where its own errors are) and its limit are ROW_LISTS'. */
  list: RowList;
  rows: Row<T>[];
  addLabel: string;
  /** Shown when there are no rows. */
  empty?: string;
  listClassName: string;
  errors: FieldErrors;
  focus: string | null;
  onIntent: OnIntent;
  children: (row: RowProps<T>) => ReactNode;
}) {
  const { field: name, max } = ROW_LISTS[list];
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
      <button
        type="submit"
        name="intent"
        value={rowIntentValue({ list, op: "add" })}
        data-row-add={list}
        disabled={rows.length >= max}
        // biome-ignore lint/a11y/noAutofocus: puts focus back where it was after a no-JavaScript round trip
        autoFocus={focus === `${list}-add`}
        onClick={onIntent}
        className={`${buttonClass.secondary} mt-3`}
      >
        <Plus aria-hidden="true" className="size-4" />
        {addLabel}
      </button>
    </Wrap>
  );
}

export function MetricRow(props: RowProps<MetricDraft>) {
  const { row, focus } = props;
  const base = `metrics.${props.index}`;
  return (
    <RowFieldset
      {...props}
      list="metric"
      className="grid gap-3 rounded-lg border border-line bg-surface p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      buttonsClassName="flex flex-wrap items-center gap-2 sm:pb-1"
      beforeButtons={
        <CheckboxField
          name={`${base}.hidden`}
          label="Hide on detail page"
          defaultChecked={row.data.hidden}
        />
      }
    >
      <Wrap name={`${base}.name`}>
        <TextField
          {...rowField(base, props, "name")}
          label="Name"
          data-control="first"
          autoFocus={focus === `${base}.name`}
        />
      </Wrap>
      <Wrap name={`${base}.value`}>
        <TextField {...rowField(base, props, "value")} label="Value" />
      </Wrap>
    </RowFieldset>
  );
}

export function MediaRow({
  onType,
  videos,
  ...props
}: RowProps<MediaDraft> & {
  onType: (index: number, type: string) => void;
  /** The Media library's ready videos, a video row's other source. */
  videos: readonly { value: string; label: string }[];
}) {
  const { row, index, errors, focus } = props;
  const base = `media.${index}`;
  const video = row.data.type === "video";
  const url = { name: `${base}.url`, defaultValue: row.data.url, errors };
  return (
    <RowFieldset
      {...props}
      list="media"
      className="grid gap-4 rounded-lg border border-line bg-surface p-4"
      buttonsClassName="flex flex-wrap justify-end gap-2"
    >
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <Wrap name={`${base}.type`}>
          <SelectField
            {...rowField(base, props, "type")}
            label="Type"
            options={MEDIA_TYPE_OPTIONS}
            data-control="first"
            autoFocus={focus === `${base}.type`}
            onChange={(event) => onType(index, event.currentTarget.value)}
          />
        </Wrap>
        <Wrap name={`${base}.title`}>
          <TextField {...rowField(base, props, "title")} label="Title" />
        </Wrap>
      </div>
      {/* Keyed by the type: a changed type is a fresh control, not the other one's value. */}
      <Wrap key={video ? "video" : "image"} name={url.name}>
        {video ? (
          <TextField
            {...url}
            label="Video URL"
            inputMode="url"
            hint="An address (https://…) or a site path (/media/…)."
          />
        ) : (
          <ImageField {...url} label="Image" />
        )}
      </Wrap>
      {video ? (
        <Wrap name={`${base}.mediaId`}>
          <SelectField
            {...rowField(base, props, "mediaId")}
            label="Video from the Media library"
            hint="Plays instead of the video URL."
            options={videos}
            placeholder="None"
          />
        </Wrap>
      ) : null}
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
  const position = `${ROW_NOUNS[list].toLowerCase()} ${index + 1}`;
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
  return (
    <fieldset data-row={`${list}-${row.key}`} className={className}>
      <legend className="px-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {`${ROW_NOUNS[list]} ${index + 1}`}
      </legend>
      {children}
      <div className={buttonsClassName}>
        {beforeButtons}
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
      </div>
    </fieldset>
  );
}
