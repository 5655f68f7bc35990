import { type AnchorHTMLAttributes, type ReactNode, useCallback, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The state of a dialog whose code loads on first use (booking, job application): what it was
 * last opened with (null until the first opening, so the dialog is rendered, and its chunk
 * fetched, only then), whether it is open, and the control that opened it, where focus returns.
 */
export function useDialogLauncher<Subject>() {
  const [subject, setSubject] = useState<Subject | null>(null);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement | null>(null);
  const launch = useCallback((value: Subject, element: HTMLElement | null) => {
    trigger.current = element;
    setSubject(value);
    setOpen(true);
  }, []);
  return { subject, open, setOpen, trigger, launch };
}

/**
 * The control that opens such a dialog. Until the page is hydrated (and without JavaScript) it is
 * a link to where the same thing lives without the dialog (`href`, `linkProps`); then a button
 * that opens the dialog (`onOpen`, given itself for focus to return to). `onIntent` (pointer over
 * it, focus) lets the dialog's code start loading before the click.
 */
export function DialogLauncher({
  href,
  linkProps,
  onOpen,
  onIntent,
  className,
  children,
}: {
  href: string;
  linkProps?: AnchorHTMLAttributes<HTMLAnchorElement>;
  /** Null while there is nothing to open the dialog with: the link stays. */
  onOpen: ((trigger: HTMLButtonElement) => void) | null;
  onIntent?: () => void;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  if (!hydrated || !onOpen) {
    return (
      <a href={href} className={className} {...linkProps}>
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className={className}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onClick={(event) => onOpen(event.currentTarget)}
    >
      {children}
    </button>
  );
}
