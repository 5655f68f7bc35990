import { type ReactNode, useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * Labelled form controls for the public forms: each with its error text tied to the input
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

export function TextField({
  name,
  label,
  errors,
  required,
  hint,
  className,
  type = "text",
  defaultValue,
  autoComplete,
  placeholder,
  min,
  inputMode,
}: FieldProps & {
  type?: "text" | "email" | "url" | "tel" | "date" | "number";
  defaultValue?: string;
  autoComplete?: string;
  placeholder?: string;
  min?: number;
  inputMode?: "numeric" | "email" | "url" | "tel" | "text";
}) {
  const own = errors?.[name];
  const ids = useFieldIds(own, hint);
  return (
    <FieldFrame
      {...ids}
      label={label}
      required={required}
      hint={hint}
      errors={own}
      className={className}
    >
      <input
        id={ids.id}
        name={name}
        type={type}
        required={required}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        placeholder={placeholder}
        min={min}
        inputMode={inputMode}
        aria-invalid={own?.length ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`${fieldClass} ${type === "date" ? "[color-scheme:dark]" : ""}`}
      />
    </FieldFrame>
  );
}

export function SelectField({
  name,
  label,
  errors,
  required,
  hint,
  className,
  options,
  placeholder,
  defaultValue = "",
}: FieldProps & {
  options: readonly { value: string; label: string }[];
  placeholder: string;
  defaultValue?: string;
}) {
  const own = errors?.[name];
  const ids = useFieldIds(own, hint);
  return (
    <FieldFrame
      {...ids}
      label={label}
      required={required}
      hint={hint}
      errors={own}
      className={className}
    >
      <select
        id={ids.id}
        name={name}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={own?.length ? true : undefined}
        aria-describedby={ids.describedBy}
        className={fieldClass}
      >
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
  name,
  label,
  errors,
  required,
  hint,
  className,
  rows,
  defaultValue,
  placeholder,
}: FieldProps & { rows: number; defaultValue?: string; placeholder?: string }) {
  const own = errors?.[name];
  const ids = useFieldIds(own, hint);
  return (
    <FieldFrame
      {...ids}
      label={label}
      required={required}
      hint={hint}
      errors={own}
      className={className}
    >
      <textarea
        id={ids.id}
        name={name}
        rows={rows}
        required={required}
        defaultValue={defaultValue}
        placeholder={placeholder}
        aria-invalid={own?.length ? true : undefined}
        aria-describedby={ids.describedBy}
        className={fieldClass}
      />
    </FieldFrame>
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
