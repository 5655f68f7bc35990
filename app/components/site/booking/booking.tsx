import {
  createContext,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
import { DialogLauncher, useDialogLauncher } from "~/components/ui/dialog-launcher";
import { BOOKING } from "~/copy/site";
import { trackEvent } from "~/lib/analytics";
import type { BookingHandoff } from "~/lib/forms/result";
import type { BookingSubject } from "./booked-call";

/**
 * The booking dialog (SPEC section 2): one dialog per page, opened by any 'Book a Call' trigger.
 * Each trigger records `calendar_open` labelled with where it sits (navigation, hero, cta...).
 *
 * The dialog (Radix) is loaded on first use, keeping it out of the initial JavaScript. Without
 * JavaScript a trigger is a link to the scheduling page itself.
 *
 * The scheduler tells its embedding page of a booking with `postMessage` (issue #30): a
 * `calendly.event_scheduled` from the scheduler's origin (BOOKING_URL's; any other is ignored)
 * records `calendar_booked` (after consent, like every event) and says "Your call is booked."
 * When the dialog was opened from the contact form's success message, the inquiry just sent
 * gains "Booked a call" through its signed reference (decision 0311). The listener lives with
 * the frames (the lazily loaded dialog, the inline frame of /contact), so a page without a frame
 * loads none of it: every page's initial JavaScript stays within its budget.
 */

const loadDialog = () => import("./booking-dialog");
const BookingDialog = lazy(loadDialog);

interface BookingContextValue {
  url: string;
  /** This site's address: the scheduler's frames name it (`schedulerFrameUrl`). */
  siteUrl: string;
  /** "Your call is booked." for the inline frame's live region (empty while the dialog is open). */
  announcement: string;
  open: (source: string, trigger: HTMLElement | null, handoff?: BookingHandoff | null) => void;
  /** What the dialog was opened with, while it is open (the frames' listener reads it). */
  opened: RefObject<BookingSubject | null>;
  /** Says a message in the live regions ("Your call is booked."). */
  announce: (message: string) => void;
}

const BookingContext = createContext<BookingContextValue | null>(null);

export function BookingProvider({
  url,
  siteUrl,
  children,
}: {
  url: string;
  siteUrl: string;
  children?: ReactNode;
}) {
  const { subject, open, setOpen, trigger, launch } = useDialogLauncher<BookingSubject>();
  const [announcement, setAnnouncement] = useState("");

  // The listener is added once; it reads what is open now through this ref.
  const current = useRef<BookingSubject | null>(null);
  current.current = open ? subject : null;

  const openDialog = useCallback(
    (from: string, element: HTMLElement | null, handoff: BookingHandoff | null = null) => {
      trackEvent("calendar_open", from);
      setAnnouncement("");
      launch({ source: from, handoff }, element);
    },
    [launch],
  );

  // While the dialog is open its own region speaks (Radix hides the page behind it).
  const inlineAnnouncement = open ? "" : announcement;
  const value = useMemo(
    () => ({
      url,
      siteUrl,
      announcement: inlineAnnouncement,
      open: openDialog,
      opened: current,
      announce: setAnnouncement,
    }),
    [url, siteUrl, inlineAnnouncement, openDialog],
  );

  return (
    <BookingContext value={value}>
      {children}
      {subject !== null ? (
        <Suspense fallback={null}>
          <BookingDialog
            url={url}
            handoff={subject.handoff}
            opened={current}
            announce={setAnnouncement}
            announcement={announcement}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={trigger}
          />
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
  handoff = null,
  href,
  children = BOOKING.trigger,
}: {
  source: string;
  className?: string;
  /**
   * After a contact submission: the scheduler prefilled, the booking recorded on the inquiry.
   * `href` is then the prefilled page (`schedulerUrl`), the link without JavaScript.
   */
  handoff?: BookingHandoff | null;
  href?: string;
  children?: ReactNode;
}) {
  const { url, open } = useBooking();
  return (
    <DialogLauncher
      href={href ?? url}
      linkProps={{ target: "_blank", rel: "noopener noreferrer" }}
      onOpen={(trigger) => open(source, trigger, handoff)}
      onIntent={() => void loadDialog()}
      className={className}
    >
      {children}
    </DialogLauncher>
  );
}
