import type { ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { buttonClass, DenseField, fieldClass } from "./ui";

/**
 * The filter bar of a back-office list: a GET form, so the filters live in the URL and work
 * without JavaScript (Apply submits them). With JavaScript a select applies as soon as it is
 * chosen, as the public lists do; typed search text still applies with Enter or Apply.
 */
export function AdminListFilters({
  label,
  clearTo,
  filtered,
  children,
}: {
  /** Accessible name of the search landmark, e.g. "Filter inquiries". */
  label: string;
  /** The list without filters. */
  clearTo: string;
  /** Whether any filter is set (shows Clear). */
  filtered: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-2"
    >
      {children}
      <button type="submit" className={buttonClass.primary}>
        Apply
      </button>
      {filtered ? (
        <Link to={clearTo} className={buttonClass.ghost}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

export function FilterSearch({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <DenseField id={id} label={label} className="min-w-56 flex-1">
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={value}
        key={value}
        className={fieldClass}
      />
    </DenseField>
  );
}

/** A day of the filter bar (YYYY-MM-DD), e.g. the start or end of a date range. */
export function FilterDate({
  id,
  name,
  label,
  value,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
}) {
  return (
    <DenseField id={id} label={label}>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        key={value}
        className={fieldClass}
      />
    </DenseField>
  );
}

/** A select of the filter bar; choosing an option submits the bar (page back to 1). */
export function FilterSelect({
  id,
  name,
  label,
  value,
  allLabel,
  options,
  className = "",
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  /** The first option, which clears this filter. */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  const submit = useSubmit();
  return (
    <DenseField id={id} label={label}>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        onChange={(event) => submit(event.currentTarget.form)}
        className={`${fieldClass} ${className}`}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </DenseField>
  );
}
