import { useMemo } from "react";
import { BOOKING_FRAME } from "~/copy/booking";
import { cn } from "~/lib/cn";
import { useSchedulerMessages } from "./booked-call";
import { useBooking } from "./booking";
import { BookingFrame, BookingStatus } from "./booking-frame";
import { schedulerFrameUrl } from "./scheduler-url";

/**
 * The inline variant: the frame, titled 'Schedule a consultation', and its live region. Its own
 * module, so only the page that shows it (/contact) loads it.
 */
export function BookingInline({ className }: { className?: string }) {
  const { url, siteUrl, announcement, opened, announce } = useBooking();
  useSchedulerMessages(url, opened, announce);
  const frameUrl = useMemo(() => schedulerFrameUrl(url, siteUrl), [url, siteUrl]);
  return (
    <div className={cn("overflow-hidden rounded-card border border-line", className)}>
      <BookingFrame url={frameUrl} title={BOOKING_FRAME.inlineTitle} lazy />
      <BookingStatus
        message={announcement}
        className="border-t border-line px-4 py-3 text-sm font-medium"
      />
    </div>
  );
}
