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
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get(name);
  const value = typeof pending === "string" ? pending : status;
  const selectId = `${name}-${id}`;
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
    </fetcher.Form>
  );
}
