import { useFetcher } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { buttonClass, fieldClass } from "./ui";

/**
 * A row's status, saved as soon as it changes (SPEC section 4). With JavaScript the change posts
 * through a fetcher and the new value shows at once; without it, the form has a Save button.
 */
export function StatusForm({
  id,
  status,
  options,
  label,
  name = "status",
  showLabel = false,
  error,
}: {
  id: string;
  status: string;
  options: readonly { value: string; label: string }[];
  /** Accessible name, e.g. "Status of Jane Doe's inquiry". */
  label: string;
  /** The field and the intent: "status", or "owner" on a pipeline page (issue #30). */
  name?: "status" | "owner";
  /** The label shown above the select (a record's page) instead of only to screen readers. */
  showLabel?: boolean;
  /** The server's refusal of a post without JavaScript (the fetcher's own answer otherwise). */
  error?: string;
}) {
  const fetcher = useFetcher<{ fieldErrors?: Record<string, string[] | undefined> }>();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get(name);
  const value = typeof pending === "string" ? pending : status;
  const selectId = `${name}-${id}`;
  // A refused choice (an owner who cannot open the record: a 400 with its message) shows by the
  // select, which is back on the saved value.
  const refused =
    fetcher.state === "idle" && fetcher.data ? fetcher.data.fieldErrors?.[name]?.[0] : error;
  const errorId = refused ? `${selectId}-error` : undefined;
  return (
    <fetcher.Form
      method="post"
      className={showLabel ? "flex flex-wrap items-end gap-2" : "flex items-center gap-2"}
    >
      <input type="hidden" name="intent" value={name} />
      <input type="hidden" name="id" value={id} />
      <label
        htmlFor={selectId}
        className={showLabel ? "w-full text-sm font-medium text-ink-muted" : "sr-only"}
      >
        {label}
      </label>
      <select
        id={selectId}
        name={name}
        value={value}
        aria-invalid={refused ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) =>
          fetcher.submit(event.currentTarget.form, { method: "post", preventScrollReset: true })
        }
        className={`${fieldClass} min-w-32 capitalize`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className={buttonClass.secondary}>
          Save
        </button>
      )}
      {refused ? (
        <p id={errorId} role="alert" className="w-full text-sm text-danger">
          {refused}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
