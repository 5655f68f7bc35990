import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { createToastQueue, type ToastMessage } from "./toasts-queue";

export type { ToastMessage } from "./toasts-queue";

/**
 * Toasts without sonner in the page's first JavaScript: `showToast` keeps the message, the
 * `<AppToaster>` on the page then loads sonner (`./toasts-sonner`), mounts its Toaster and hands
 * it what waited. Pages that never toast never load it.
 */
const queue = createToastQueue();
const SonnerToaster = lazy(() => import("./toasts-sonner"));
const notWanted = () => false;

/** Where toasts appear; renders nothing until the first toast (or `prepareToasts`). */
export function AppToaster() {
  const wanted = useSyncExternalStore(queue.subscribe, queue.isWanted, notWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster attach={queue.attach} />
    </Suspense>
  );
}

/** Shows `message` once (per id), as soon as the Toaster is loaded. */
export function showToast(message: ToastMessage) {
  queue.show(message);
}

/** Starts loading the Toaster ahead of a toast that is about to come (a form being sent). */
export function prepareToasts() {
  queue.want();
}

/**
 * Shows `message` as a toast once the page runs JavaScript. Until then (and for good without
 * JavaScript) it is a visible status line, so a no-JS form post still tells the user what happened.
 */
export function ToastMessageView({ message }: { message: ToastMessage | null | undefined }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && message) showToast(message);
  }, [hydrated, message]);
  if (!message || hydrated) return null;
  return (
    <div
      role={message.kind === "error" ? "alert" : "status"}
      className={`mb-4 rounded-lg border px-4 py-3 text-sm ${
        message.kind === "error"
          ? "border-danger/40 bg-danger/10 text-ink"
          : "border-success/40 bg-success/10 text-ink"
      }`}
    >
      <strong className="font-semibold">{message.title}</strong>
      {message.description ? <span>: {message.description}</span> : null}
    </div>
  );
}
