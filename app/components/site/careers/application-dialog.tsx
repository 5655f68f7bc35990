import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { ApplicationForm } from "~/components/forms/application-form";
import { buttonClasses } from "~/components/ui/button";
import { XIcon } from "~/components/ui/icons";
import type { CAREERS } from "~/copy/careers";

/** The application dialog: title, the chosen position, the form with Cancel and Submit. */
export default function ApplicationDialog({
  position,
  open,
  onOpenChange,
  returnFocusTo,
  copy,
}: {
  position: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  /** The dialog's and the form's copy, from the page's loader data (decision 0011). */
  copy: Pick<typeof CAREERS, "dialog" | "form">;
}) {
  const { dialog, form } = copy;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-black/75 backdrop-blur-sm" />
        <Dialog.Content
          className="dialog-content fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto card p-6 shadow-2xl md:p-8"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="font-display text-2xl font-semibold tracking-tight">
                {dialog.title}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-ink-muted">
                {dialog.description} <strong className="font-medium text-accent">{position}</strong>
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="grid size-10 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-ink/5 hover:text-ink"
            >
              <XIcon className="size-5" />
            </Dialog.Close>
          </div>
          <div className="mt-6">
            <ApplicationForm
              position={position}
              copy={form}
              dialog={dialog}
              onSubmitted={() => onOpenChange(false)}
              cancel={
                <Dialog.Close className={buttonClasses({ variant: "secondary" })}>
                  {dialog.cancel}
                </Dialog.Close>
              }
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
