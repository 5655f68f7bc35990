import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import type { ToastMessage, ToastSink } from "./toasts-queue";

/**
 * sonner's Toaster, loaded on the first toast (see ./toasts.tsx). SPEC section 9:
 * bottom-right, Alt+T focuses the region labelled 'Notifications', 'Close toast'.
 */
export default function SonnerToaster({ attach }: { attach: (sink: ToastSink) => () => void }) {
  // The Toaster below subscribes to sonner in its own effect, and a child's effects run before
  // its parent's: by the time this one attaches, the toasts that waited have a listener.
  useEffect(() => attach(deliver), [attach]);
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

function deliver(message: ToastMessage) {
  const show =
    message.kind === "success" ? toast.success : message.kind === "error" ? toast.error : toast;
  show(message.title, { id: message.id, description: message.description });
}
