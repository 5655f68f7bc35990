import { type RefObject, startTransition, useEffect, useState } from "react";

/** Set once the first hydration has committed: what mounts later starts out hydrated. */
let hydratedOnce = false;

/**
 * False on the server and in the page's first render in the browser (hydration), true afterwards
 * and for whatever mounts later. Lets a control render as a plain link in the server HTML (works
 * without JavaScript) and as a button once scripts run.
 *
 * State set from an effect, in a transition (decision 0421): the switch re-renders every user of
 * this hook, and a transition renders it in slices, in tasks of its own after the hydration's.
 * (`useSyncExternalStore` with a server snapshot did the same re-render synchronously, inside
 * the task that ran hydration's effects: one of the longest tasks of a page on a slow phone.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * A controlled field takes up what the visitor typed before the scripts started (decision 0162):
 * hydration keeps the DOM's value but not the state's, and the next render would put the state's
 * back. Once, when the field mounts, a value in the DOM other than `value` goes to `onTyped`, as
 * if just typed. (On a client-side mount they are the same, and nothing happens.)
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null>,
  value: string,
  onTyped: (typed: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) onTyped(typed);
  }, []);
}
