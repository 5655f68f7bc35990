import { Dialog } from "radix-ui";
import type { ReactNode, RefObject } from "react";
import { XIcon } from "~/components/ui/icons";

/**
 * The one modal of the site's dialogs that load on first use (booking, job application; their
 * state is `useDialogLauncher`): the dimmed overlay, a centred card with its title, description
 * and close button. Radix traps focus, closes on Escape and outside press; focus returns to
 * `returnFocusTo`, the control that opened it. `frame`: a wide card whose body scrolls between a
 * header bar and the caller's footer; `form`: a narrower padded card that scrolls as a whole.
 */
export type ModalLook = "frame" | "form";

const LOOK: Record<
  ModalLook,
  { content: string; header: string; title: string; description: string }
> = {
  frame: {
    content:
      "dialog-content fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden card shadow-2xl",
    header: "flex items-start justify-between gap-4 border-b border-line px-5 py-4 md:px-6",
    title: "font-display text-xl font-semibold tracking-tight md:text-2xl",
    description: "mt-1 text-sm text-ink-muted",
  },
  form: {
    content:
      "dialog-content fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto card p-6 shadow-2xl md:p-8",
    header: "flex items-start justify-between gap-4",
    title: "font-display text-2xl font-semibold tracking-tight",
    description: "mt-1 text-ink-muted",
  },
};

/** What a dialog is handed by its launcher: open or not, the way to close it, where focus returns. */
export interface ModalState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

export function ModalDialog({
  look,
  open,
  onOpenChange,
  returnFocusTo,
  title,
  description,
  closeLabel = "Close",
  children,
}: ModalState & {
  look: ModalLook;
  title: ReactNode;
  description: ReactNode;
  closeLabel?: string;
  children: ReactNode;
}) {
  const style = LOOK[look];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-black/75 backdrop-blur-sm" />
        <Dialog.Content
          className={style.content}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className={style.header}>
            <div>
              <Dialog.Title className={style.title}>{title}</Dialog.Title>
              <Dialog.Description className={style.description}>{description}</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={closeLabel}
              className="grid size-10 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-ink/5 hover:text-ink"
            >
              <XIcon className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
