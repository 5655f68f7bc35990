import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
} from "react";
import { DialogLauncher, useDialogLauncher } from "~/components/ui/dialog-launcher";
import { BOOKING } from "~/copy/site";
import { trackEvent } from "~/lib/analytics";

/**
 * The booking dialog (SPEC section 2): one dialog per page, opened by any 'Book a Call' trigger.
 * Each trigger records `calendar_open` labelled with where it sits (navigation, hero, cta...).
 *
 * The dialog (Radix) is loaded on first use, keeping it out of the initial JavaScript. Without
 * JavaScript a trigger is a link to the scheduling page itself.
 */

const loadDialog = () => import("./booking-dialog");
const BookingDialog = lazy(loadDialog);

interface BookingContextValue {
  url: string;
  open: (source: string, trigger: HTMLElement | null) => void;
}

const BookingContext = createContext<BookingContextValue | null>(null);

export function BookingProvider({ url, children }: { url: string; children: ReactNode }) {
  const { subject: source, open, setOpen, trigger, launch } = useDialogLauncher<string>();

  const openDialog = useCallback(
    (from: string, element: HTMLElement | null) => {
      trackEvent("calendar_open", from);
      launch(from, element);
    },
    [launch],
  );

  const value = useMemo(() => ({ url, open: openDialog }), [url, openDialog]);

  return (
    <BookingContext value={value}>
      {children}
      {source !== null ? (
        <Suspense fallback={null}>
          <BookingDialog url={url} open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
        </Suspense>
      ) : null}
    </BookingContext>
  );
}

export function useBooking(): BookingContextValue {
  const context = useContext(BookingContext);
  if (!context) throw new Error("useBooking needs a BookingProvider");
  return context;
}

/** A control that opens the booking dialog; `source` labels the tracking event. */
export function BookingTrigger({
  source,
  className,
  children = BOOKING.trigger,
}: {
  source: string;
  className?: string;
  children?: ReactNode;
}) {
  const { url, open } = useBooking();
  return (
    <DialogLauncher
      href={url}
      linkProps={{ target: "_blank", rel: "noopener noreferrer" }}
      onOpen={(trigger) => open(source, trigger)}
      onIntent={() => void loadDialog()}
      className={className}
    >
      {children}
    </DialogLauncher>
  );
}
