import { type ComponentProps, createContext, type ReactNode, useContext, useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The one field kit (decision 0200): labelled form controls for the public forms, the sign-in and
 * the back-office editors: each with its error text tied to the input
 * (aria-describedby, aria-invalid), so a no-JavaScript post that comes back with errors reads
 * the same as one checked in the browser.
 */

export const fieldClass =
  "mt-2 block w-full rounded-xl border border-line bg-canvas px-4 py-3 text-ink placeholder:text-ink-faint transition-colors focus:border-accent focus:outline-none aria-[invalid=true]:border-danger disabled:opacity-60";
/** The back-office's dense control (filters, status selects, the sign-in's look). */
export const denseFieldClass =
  "rounded-md border border-line bg-canvas px-2.5 py-1.5 text-sm text-ink placeholder:text-ink-faint focus:border-accent focus:outline-none";
const labelClass = "text-sm font-medium text-ink";
const fileClass =
  "file:mr-4 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-1.5 file:text-sm file:font-medium file:text-canvas";

/**
 * How the fields look: "public" (the site's forms and the editors) or "admin" (the back-office's
 * dense controls, as on the sign-in). Set per field or for a whole form on `FormFields`.
 */
export type FieldLook = "public" | "admin";
const LOOKS: Record<FieldLook, { control: string; label: string }> = {
  public: { control: fieldClass, label: labelClass },
  admin: {
    control: `${denseFieldClass} mt-1.5 block w-full py-2 aria-[invalid=true]:border-danger disabled:opacity-60`,
    label: `block ${labelClass}`,
  },
};

interface FieldProps {
  name: string;
  label: string;
  errors?: FieldErrors;
  required?: boolean;
  hint?: ReactNode;
  /** The wrapper's classes (grid spans). */
  className?: string;
  /** The control's id (an error summary links to it); its hint and error take `{id}-hint`, `{id}-error`. */
  id?: string;
  /** Classes added to the look's own on the control (font-mono, capitalize). */
  controlClassName?: string;
  look?: FieldLook;
}

/** What the kit sets itself; every other attribute of the native control passes through. */
type Own = "id" | "name" | "required" | "className" | "defaultValue" | "type" | "children";

function useFieldIds(own: string | undefined, errors: string[] | undefined, hint: ReactNode) {
  const generated = useId();
  const id = own ?? generated;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return {
    id,
    errorId,
    hintId,
    describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined,
  };
}

/** The asterisk after a required field's label (the input says so to assistive tech). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-accent">
      {" "}
      *
    </span>
  );
}

function FieldFrame({
  id,
  label,
  labelClassName,
  required,
  hint,
  hintId,
  errors,
  errorId,
  announce,
  className,
  children,
}: {
  id: string;
  label: string;
  labelClassName: string;
  required?: boolean;
  hint?: ReactNode;
  hintId?: string;
  errors?: string[];
  errorId?: string;
  /** The error appears without a page load (an upload's): read out when it does. */
  announce?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-2 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} role={announce ? "alert" : undefined} className="mt-2 text-sm text-danger">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** What the fields of one form share: its errors, what was typed (after a refused post), the look. */
const FormContext = createContext<{
  errors?: FieldErrors;
  values?: Record<string, string>;
  look?: FieldLook;
}>({});

/**
 * Hands the fields inside a form's errors, values and look, so each field names only itself; a
 * field's own `errors`, `defaultValue` or `look` prop still wins.
 */
export function FormFields({
  errors,
  values,
  look,
  children,
}: {
  errors?: FieldErrors;
  values?: Record<string, string>;
  look?: FieldLook;
  children: ReactNode;
}) {
  return <FormContext.Provider value={{ errors, values, look }}>{children}</FormContext.Provider>;
}

/**
 * The frame and the control's attributes of one field (id, name, value, error wiring, look), and
 * the rest of the props: the native attributes, passed through. A controlled field (`value`
 * passed) gets no default value.
 */
function useField<P extends FieldProps & { value?: unknown }>(
  { name, label, errors, required, hint, className, id, controlClassName, look, ...native }: P,
  defaultValue?: string,
) {
  const form = useContext(FormContext);
  const own = (errors ?? form.errors)?.[name];
  const ids = useFieldIds(id, own, hint);
  const styles = LOOKS[look ?? form.look ?? "public"];
  const controlled = native.value !== undefined;
  return {
    frame: { ...ids, label, labelClassName: styles.label, required, hint, errors: own, className },
    control: {
      id: ids.id,
      name,
      required,
      defaultValue: controlled ? undefined : (defaultValue ?? form.values?.[name]),
      "aria-invalid": own?.length ? true : undefined,
      "aria-describedby": ids.describedBy,
      className: controlClassName ? `${styles.control} ${controlClassName}` : styles.control,
    },
    native,
  };
}

/**
 * A one-line input. Besides the field's own props, any attribute of `<input>` passes through
 * (`ref`, `autoFocus`, `value` and `onChange`, `data-*`, `autoComplete`, …).
 */
export function TextField({
  type = "text",
  defaultValue,
  ...props
}: FieldProps &
  Omit<ComponentProps<"input">, Own> & {
    type?: "text" | "email" | "url" | "tel" | "date" | "datetime-local" | "number" | "password";
    defaultValue?: string;
  }) {
  const dated = type === "date" || type === "datetime-local";
  const { frame, control, native } = useField(props, defaultValue);
  return (
    <FieldFrame {...frame}>
      <input
        {...native}
        {...control}
        type={type}
        className={dated ? `${control.className} [color-scheme:dark]` : control.className}
      />
    </FieldFrame>
  );
}

/**
 * A file input, drawn as every field (label, hint, error under `name`); any attribute of `<input>`
 * passes through. It posts under `postAs` when given (`null`: not at all, the files went to an
 * upload endpoint), else under `name`. `announce` reads out an error that appears without a page
 * load (an upload's).
 */
export function FileField({
  postAs,
  announce,
  ...props
}: FieldProps &
  Omit<ComponentProps<"input">, Own> & { postAs?: string | null; announce?: boolean }) {
  const { frame, control, native } = useField(props);
  return (
    <FieldFrame {...frame} announce={announce}>
      <input
        {...native}
        {...control}
        name={postAs === undefined ? control.name : (postAs ?? undefined)}
        defaultValue={undefined}
        type="file"
        className={`${control.className} ${fileClass}`}
      />
    </FieldFrame>
  );
}

/** A select; any attribute of `<select>` passes through. Without `placeholder`, no empty choice. */
export function SelectField({
  options,
  placeholder,
  defaultValue,
  ...props
}: FieldProps &
  Omit<ComponentProps<"select">, Own> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
    defaultValue?: string;
  }) {
  const { frame, control, native } = useField(props, defaultValue);
  return (
    <FieldFrame {...frame}>
      <select
        {...native}
        {...control}
        defaultValue={native.value === undefined ? (control.defaultValue ?? "") : undefined}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A multi-line input; any attribute of `<textarea>` passes through. */
export function TextAreaField({
  defaultValue,
  ...props
}: FieldProps & Omit<ComponentProps<"textarea">, Own> & { rows: number; defaultValue?: string }) {
  const { frame, control, native } = useField(props, defaultValue);
  return (
    <FieldFrame {...frame}>
      <textarea {...native} {...control} />
    </FieldFrame>
  );
}

/** A labelled checkbox (featured, active), its hint tied to it. */
export function CheckboxField({
  name,
  label,
  defaultChecked,
  hint,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 size-4 accent-[var(--color-accent)]"
      />
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The spam trap: out of sight and out of the tab order; people leave it empty, bots do not. */
export function Honeypot() {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** A form's outcome: a status line (success) or an alert (failure), announced when it appears. */
export function FormMessage({
  result,
  className = "",
}: {
  result: { status: "success" | "error"; title?: string; message: string } | null | undefined;
  className?: string;
}) {
  if (!result) return null;
  const failed = result.status === "error";
  return (
    <div
      role={failed ? "alert" : "status"}
      className={`rounded-xl border px-4 py-3 ${
        failed ? "border-danger/40 bg-danger/10" : "border-success/40 bg-success/10"
      } ${className}`}
    >
      {result.title ? <strong className="font-semibold">{result.title}: </strong> : null}
      {result.message}
    </div>
  );
}

/**
 * What every public form opens with, inside its errors and values: the spam trap, then the
 * visitor's name and e-mail (both required by SPEC section 5, with the browser's autofill).
 */
export function PublicFormFields({
  errors,
  values,
  labels,
  children,
}: {
  errors?: FieldErrors;
  values?: Record<string, string>;
  labels: { name: string; email: string };
  children: ReactNode;
}) {
  return (
    <FormFields errors={errors} values={values}>
      <Honeypot />
      <TextField name="name" label={labels.name} required autoComplete="name" />
      <TextField name="email" type="email" label={labels.email} required autoComplete="email" />
      {children}
    </FormFields>
  );
}
