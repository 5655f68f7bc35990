import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo } from "react";
import { DialogLauncher, useDialogLauncher } from "~/components/ui/dialog-launcher";
import type { CAREERS } from "~/copy/careers";

/**
 * 'Apply Now' buttons and the application dialog they open, titled 'Apply for Position' with the
 * chosen position (SPEC section 2). The dialog and its form are loaded on first use. Without
 * JavaScript, Apply Now links to the same form as a section of /careers (`?apply=…#apply`).
 */

const ApplicationDialog = lazy(() => import("./application-dialog"));

interface ApplyContextValue {
  apply: (position: string, trigger: HTMLElement | null) => void;
}
const ApplyContext = createContext<ApplyContextValue | null>(null);

export function ApplyProvider({
  children,
  copy,
}: {
  children: ReactNode;
  /** The dialog's and the form's copy (loader data). */
  copy: Pick<typeof CAREERS, "dialog" | "form">;
}) {
  const { subject: position, open, setOpen, trigger, launch } = useDialogLauncher<string>();
  const value = useMemo(() => ({ apply: launch }), [launch]);
  return (
    <ApplyContext value={value}>
      {children}
      {position !== null ? (
        <Suspense fallback={null}>
          <ApplicationDialog
            position={position}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={trigger}
            copy={copy}
          />
        </Suspense>
      ) : null}
    </ApplyContext>
  );
}

export function ApplyButton({
  position,
  className,
  children,
}: {
  position: string;
  className?: string;
  children: ReactNode;
}) {
  const context = useContext(ApplyContext);
  return (
    <DialogLauncher
      href={`/careers?apply=${encodeURIComponent(position)}#apply`}
      onOpen={context && ((trigger) => context.apply(position, trigger))}
      className={className}
    >
      {children}
      <span className="sr-only">: {position}</span>
    </DialogLauncher>
  );
}
