import { useCallback, useRef, useState } from "react";

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
