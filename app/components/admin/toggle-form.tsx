import { useFetcher } from "react-router";
import { buttonClass } from "./ui";

/**
 * A feature or active toggle: posts the new value (not "flip"), so a double submit or two admins
 * at once end in the state they asked for. Works as a plain form without JavaScript.
 */
export function ToggleForm({
  id,
  intent,
  on,
  onLabel,
  offLabel,
  itemName,
}: {
  id: string;
  intent: "feature" | "activate";
  /** The current value. */
  on: boolean;
  /** The button's words when `on` (it then turns the value off), e.g. "Unfeature". */
  onLabel: string;
  offLabel: string;
  /** Completes the accessible name ("Unfeature Estate Media"). */
  itemName: string;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("value");
  const shown = typeof pending === "string" ? pending === "true" : on;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="value" value={String(!shown)} />
      <button type="submit" className={buttonClass.secondary} disabled={fetcher.state !== "idle"}>
        {shown ? onLabel : offLabel}
        <span className="sr-only"> {itemName}</span>
      </button>
    </fetcher.Form>
  );
}

/** The Feature / Unfeature toggle of a content row. */
export function FeatureToggle({ id, on, itemName }: { id: string; on: boolean; itemName: string }) {
  return (
    <ToggleForm
      id={id}
      intent="feature"
      on={on}
      onLabel="Unfeature"
      offLabel="Feature"
      itemName={itemName}
    />
  );
}
