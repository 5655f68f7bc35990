import type { RefObject } from "react";
import { ModalDialog, type ModalState } from "~/components/ui/dialog";
import { ExternalLinkIcon } from "~/components/ui/icons";
import { BOOKING_FRAME } from "~/copy/booking";
import type { BookingHandoff } from "~/lib/forms/result";
import { type BookingSubject, useSchedulerMessages } from "./booked-call";
import { BookingFrame, BookingStatus } from "./booking-frame";
import { schedulerFrameUrl, schedulerUrl } from "./scheduler-url";

/** Opens the scheduling page in a 700x800 popup (SPEC section 2). */
export function openBookingPopup(url: string): void {
  const { width, height } = BOOKING_FRAME.popup;
  const popup = window.open(url, "northlight-booking", `width=${width},height=${height}`);
  // Cut the link back to this page while the popup is still about:blank.
  if (popup) popup.opener = null;
}

/**
 * The modal itself (loaded on first use). Radix traps focus, closes on Escape and outside
 * press; focus returns to whichever trigger opened it.
 */
export default function BookingDialog({
  url: schedulerPage,
  handoff,
  opened,
  announce,
  announcement,
  ...modal
}: ModalState & {
  /** The scheduling page (BOOKING_URL). */
  url: string;
  /** After a contact submission: the visitor's name and e-mail, prefilled. */
  handoff: BookingHandoff | null;
  /** What the dialog was opened with, and the live regions' voice: for the frame's listener. */
  opened: RefObject<BookingSubject | null>;
  announce: (message: string) => void;
  /** "Your call is booked." once the scheduler says so: the page outside is hidden meanwhile. */
  announcement: string;
}) {
  // The popup's address and the frame's (embed parameters), both with any prefill.
  const url = schedulerUrl(schedulerPage, handoff);
  // Rendered only in the browser (after a click): the frame names this page's own address.
  const frameUrl = schedulerFrameUrl(schedulerPage, window.location.origin, handoff);
  useSchedulerMessages(schedulerPage, opened, announce);
  return (
    <ModalDialog
      look="frame"
      {...modal}
      title={BOOKING_FRAME.title}
      description={BOOKING_FRAME.description}
      closeLabel={BOOKING_FRAME.close}
    >
      <div className="min-h-0 flex-1 overflow-y-auto bg-canvas">
        <BookingFrame url={frameUrl} title={BOOKING_FRAME.title} />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line px-5 py-3 md:px-6">
        <BookingStatus message={announcement} className="mr-auto text-sm font-medium" />
        <button
          type="button"
          onClick={() => openBookingPopup(url)}
          className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium text-ink hover:bg-ink/5"
        >
          <ExternalLinkIcon className="size-4" />
          {BOOKING_FRAME.openInNewWindow}
        </button>
      </div>
    </ModalDialog>
  );
}
