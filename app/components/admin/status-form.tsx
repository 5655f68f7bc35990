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
}: {
  id: string;
  status: string;
  options: readonly { value: string; label: string }[];
  /** Accessible name, e.g. "Status of Jane Doe's inquiry". */
  label: string;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : status;
  const selectId = `status-${id}`;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <select
        id={selectId}
        name="status"
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
