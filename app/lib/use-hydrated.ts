import { type RefObject, useEffect, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true afterwards. Lets a control render as a plain
 * link in the server HTML (works without JavaScript) and as a button once scripts run.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
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
