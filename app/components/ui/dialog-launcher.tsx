import {
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type ReactNode,
  useCallback,
  useRef,
  useState,
} from "react";
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
 * A control that acts in place once scripts run. Until the page is hydrated (and without
 * JavaScript) it is a link to where the same thing is without them (`href`, `linkProps`); then a
 * button (`buttonProps`) that calls `onPress` with itself. Null `onPress`: the link stays.
 */
export function LinkUntilHydrated({
  href,
  linkProps,
  buttonProps,
  onPress,
  className,
  children,
}: {
  href: string;
  linkProps?: AnchorHTMLAttributes<HTMLAnchorElement>;
  buttonProps?: ButtonHTMLAttributes<HTMLButtonElement>;
  onPress: ((button: HTMLButtonElement) => void) | null;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  if (!hydrated || !onPress) {
    return (
      <a href={href} className={className} {...linkProps}>
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      {...buttonProps}
      onClick={(event) => onPress(event.currentTarget)}
    >
      {children}
    </button>
  );
}

/**
 * The control that opens such a dialog: a link to where the same thing lives without the dialog
 * until hydrated, then a button that opens it (`onOpen`, given itself for focus to return to).
 * `onIntent` (pointer over it, focus) lets the dialog's code start loading before the click.
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
  return (
    <LinkUntilHydrated
      href={href}
      linkProps={linkProps}
      buttonProps={{ "aria-haspopup": "dialog", onPointerEnter: onIntent, onFocus: onIntent }}
      onPress={onOpen}
      className={className}
    >
      {children}
    </LinkUntilHydrated>
  );
}
