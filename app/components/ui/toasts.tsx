import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { useHydrated } from "~/lib/use-hydrated";

/** What a toast says (SPEC section 8: title and description). */
export interface ToastMessage {
  /** Unique per occurrence, so each is shown once however often the page renders. */
  id: string;
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
}

/** SPEC section 9: bottom-right, Alt+T focuses the region labelled 'Notifications', 'Close toast'. */
export function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel="Notifications"
      theme="dark"
      richColors
      closeButton
      toastOptions={{ closeButtonAriaLabel: "Close toast" }}
    />
  );
}

const shown = new Set<string>();

export function showToast(message: ToastMessage) {
  if (shown.has(message.id)) return;
  shown.add(message.id);
  const show =
    message.kind === "success" ? toast.success : message.kind === "error" ? toast.error : toast;
  show(message.title, { id: message.id, description: message.description });
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
