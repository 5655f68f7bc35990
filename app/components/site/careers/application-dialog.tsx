import { Dialog } from "radix-ui";
import { ApplicationForm } from "~/components/forms/application-form";
import { buttonClasses } from "~/components/ui/button";
import { ModalDialog, type ModalState } from "~/components/ui/dialog";
import type { CAREERS } from "~/copy/careers";

/** The application dialog: title, the chosen position, the form with Cancel and Submit. */
export default function ApplicationDialog({
  position,
  copy,
  ...modal
}: ModalState & {
  position: string;
  /** The dialog's and the form's copy, from the page's loader data (decision 0011). */
  copy: Pick<typeof CAREERS, "dialog" | "form">;
}) {
  const { dialog, form } = copy;
  return (
    <ModalDialog
      look="form"
      {...modal}
      title={dialog.title}
      description={
        <>
          {dialog.description} <strong className="font-medium text-accent">{position}</strong>
        </>
      }
    >
      <div className="mt-6">
        <ApplicationForm
          position={position}
          copy={form}
          dialog={dialog}
          onSubmitted={() => modal.onOpenChange(false)}
          cancel={
            <Dialog.Close className={buttonClasses({ variant: "secondary" })}>
              {dialog.cancel}
            </Dialog.Close>
          }
        />
      </div>
    </ModalDialog>
  );
}
