import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { DialogLauncher, useDialogLauncher } from "~/components/ui/dialog-launcher";
import { BOOKING } from "~/copy/site";
import { trackEvent } from "~/lib/analytics";
import { cn } from "~/lib/cn";
import type { BookingHandoff } from "~/lib/forms/result";
import { isScheduledEvent, reportBookedCall } from "./booked-call";
import { BookingFrame, BookingStatus } from "./booking-frame";
import { schedulerFrameUrl, schedulerUrl } from "./scheduler-url";

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
 * gains "Booked a call" through its signed reference (decision 0311).
 */

const loadDialog = () => import("./booking-dialog");
const BookingDialog = lazy(loadDialog);

/** What the dialog was opened with: where from, and after a contact submission, the handoff. */
interface BookingSubject {
  source: string;
  handoff: BookingHandoff | null;
}

interface BookingContextValue {
  url: string;
  /** The scheduler as a frame of this site (the inline frame's address). */
  frameUrl: string;
  /** "Your call is booked." for the inline frame's live region (empty while the dialog is open). */
  announcement: string;
  open: (source: string, trigger: HTMLElement | null, handoff?: BookingHandoff | null) => void;
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

  useEffect(() => {
    let schedulerOrigin: string;
    try {
      schedulerOrigin = new URL(url).origin;
    } catch {
      return;
    }
    const reported = new Set<string>();
    function onMessage(event: MessageEvent) {
      if (event.origin !== schedulerOrigin || !isScheduledEvent(event.data)) return;
      const opened = current.current;
      trackEvent("calendar_booked", opened?.source ?? "inline");
      setAnnouncement(BOOKING.booked);
      const reference = opened?.handoff?.reference;
      if (reference && !reported.has(reference)) {
        reported.add(reference);
        reportBookedCall(reference);
      }
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [url]);

  const openDialog = useCallback(
    (from: string, element: HTMLElement | null, handoff: BookingHandoff | null = null) => {
      trackEvent("calendar_open", from);
      setAnnouncement("");
      launch({ source: from, handoff }, element);
    },
    [launch],
  );

  const frameUrl = useMemo(() => schedulerFrameUrl(url, siteUrl), [url, siteUrl]);
  // While the dialog is open its own region speaks (Radix hides the page behind it).
  const inlineAnnouncement = open ? "" : announcement;
  const value = useMemo(
    () => ({ url, frameUrl, announcement: inlineAnnouncement, open: openDialog }),
    [url, frameUrl, inlineAnnouncement, openDialog],
  );

  return (
    <BookingContext value={value}>
      {children}
      {subject !== null ? (
        <Suspense fallback={null}>
          <BookingDialog
            url={schedulerUrl(url, subject.handoff)}
            frameUrl={schedulerFrameUrl(url, siteUrl, subject.handoff)}
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
  children = BOOKING.trigger,
}: {
  source: string;
  className?: string;
  /** After a contact submission: the scheduler prefilled, the booking recorded on the inquiry. */
  handoff?: BookingHandoff | null;
  children?: ReactNode;
}) {
  const { url, open } = useBooking();
  return (
    <DialogLauncher
      href={schedulerUrl(url, handoff)}
      linkProps={{ target: "_blank", rel: "noopener noreferrer" }}
      onOpen={(trigger) => open(source, trigger, handoff)}
      onIntent={() => void loadDialog()}
      className={className}
    >
      {children}
    </DialogLauncher>
  );
}

/** The inline variant: the frame, titled 'Schedule a consultation', and its live region. */
export function BookingInline({ className }: { className?: string }) {
  const { frameUrl, announcement } = useBooking();
  return (
    <div className={cn("overflow-hidden rounded-card border border-line", className)}>
      <BookingFrame url={frameUrl} title={BOOKING.inlineTitle} lazy />
      <BookingStatus
        message={announcement}
        className="border-t border-line px-4 py-3 text-sm font-medium"
      />
    </div>
  );
}
