import { createContext, type ReactNode, useContext, useId } from "react";
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
const labelClass = "text-sm font-medium text-ink";

interface FieldProps {
  name: string;
  label: string;
  errors?: FieldErrors;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}

function useFieldIds(errors: string[] | undefined, hint: ReactNode) {
  const id = useId();
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
  required,
  hint,
  hintId,
  errors,
  errorId,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  hintId?: string;
  errors?: string[];
  errorId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
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
        <p id={errorId} className="mt-2 text-sm text-danger">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** What the fields of one form share: its errors and what was typed (after a refused post). */
const FormContext = createContext<{ errors?: FieldErrors; values?: Record<string, string> }>({});

/**
 * Hands the fields inside a form's errors and values, so each field names only itself; a field's
 * own `errors` or `defaultValue` prop still wins.
 */
export function FormFields({
  errors,
  values,
  children,
}: {
  errors?: FieldErrors;
  values?: Record<string, string>;
  children: ReactNode;
}) {
  return <FormContext.Provider value={{ errors, values }}>{children}</FormContext.Provider>;
}

/** The frame and the control's attributes of one field: id, name, value, error wiring. */
function useField({
  name,
  label,
  errors,
  required,
  hint,
  className,
  defaultValue,
}: FieldProps & { defaultValue?: string }) {
  const form = useContext(FormContext);
  const own = (errors ?? form.errors)?.[name];
  const ids = useFieldIds(own, hint);
  return {
    frame: { ...ids, label, required, hint, errors: own, className },
    control: {
      id: ids.id,
      name,
      required,
      defaultValue: defaultValue ?? form.values?.[name],
      "aria-invalid": own?.length ? true : undefined,
      "aria-describedby": ids.describedBy,
    },
  };
}

export function TextField({
  type = "text",
  autoComplete,
  placeholder,
  min,
  inputMode,
  ...props
}: FieldProps & {
  type?: "text" | "email" | "url" | "tel" | "date" | "number";
  defaultValue?: string;
  autoComplete?: string;
  placeholder?: string;
  min?: number;
  inputMode?: "numeric" | "email" | "url" | "tel" | "text";
}) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <input
        {...control}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        min={min}
        inputMode={inputMode}
        className={`${fieldClass} ${type === "date" ? "[color-scheme:dark]" : ""}`}
      />
    </FieldFrame>
  );
}

export function SelectField({
  options,
  placeholder,
  ...props
}: FieldProps & {
  options: readonly { value: string; label: string }[];
  placeholder: string;
  defaultValue?: string;
}) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <select {...control} defaultValue={control.defaultValue ?? ""} className={fieldClass}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({
  rows,
  placeholder,
  ...props
}: FieldProps & { rows: number; defaultValue?: string; placeholder?: string }) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} rows={rows} placeholder={placeholder} className={fieldClass} />
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
