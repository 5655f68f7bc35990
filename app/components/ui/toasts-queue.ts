/** What a toast says (SPEC section 8: title and description). */
export interface ToastMessage {
  /** Unique per occurrence, so each is shown once however often the page renders. */
  id: string;
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
}

/** Puts a message on screen (sonner's `toast`, once its Toaster listens). */
export type ToastSink = (message: ToastMessage) => void;

/**
 * The toasts asked for before sonner is loaded and its Toaster subscribed. The first `show`
 * marks toasts as wanted (the Toaster host then loads sonner) and keeps the message; `attach`,
 * called once the Toaster listens, delivers what waited, in order, and everything after it
 * directly. Each message id is shown once.
 */
export function createToastQueue() {
  const shown = new Set<string>();
  const pending: ToastMessage[] = [];
  const listeners = new Set<() => void>();
  let sink: ToastSink | null = null;
  let wanted = false;

  function want() {
    if (wanted) return;
    wanted = true;
    for (const listener of listeners) listener();
  }

  return {
    show(message: ToastMessage) {
      if (shown.has(message.id)) return;
      shown.add(message.id);
      if (sink) {
        sink(message);
        return;
      }
      pending.push(message);
      want();
    },
    /** Start loading the Toaster before the first toast (a toast is coming soon). */
    want,
    /** Whether the Toaster should be on the page (for `useSyncExternalStore`). */
    isWanted: () => wanted,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** The Toaster listens: deliver what waited; returns the detach for its unmount. */
    attach(next: ToastSink) {
      sink = next;
      for (const message of pending.splice(0)) next(message);
      return () => {
        if (sink === next) sink = null;
      };
    },
  };
}

export type ToastQueue = ReturnType<typeof createToastQueue>;
