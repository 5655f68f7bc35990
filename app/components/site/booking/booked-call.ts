/**
 * The scheduler's message of a booking, and the report of it to the server (issue #30). Only the
 * event's name is read: nothing the scheduler sends about the invitee is kept or forwarded.
 */

import { type RefObject, useEffect } from "react";
import { BOOKING_FRAME } from "~/copy/booking";
import { trackEvent } from "~/lib/analytics";
import type { BookingHandoff } from "~/lib/forms/result";

/** What the dialog was opened with: where from, and after a contact submission, the handoff. */
export interface BookingSubject {
  source: string;
  handoff: BookingHandoff | null;
}

/** Calendly's event for a booked call. */
export const SCHEDULED_EVENT = "calendly.event_scheduled";

/** Where the contact page reports a call booked from its success message. */
export const BOOKED_CALL_URL = "/contact/booked";

export function isScheduledEvent(data: unknown): boolean {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as { event?: unknown }).event === SCHEDULED_EVENT
  );
}

/** Posts the inquiry's signed reference (no answer awaited: it never holds the page). */
export function reportBookedCall(reference: string): void {
  const body = new URLSearchParams({ reference });
  void fetch(BOOKED_CALL_URL, { method: "POST", body, keepalive: true }).catch(() => {});
}

/** A message heard by both listeners (the dialog's and the inline frame's) counts once. */
const heard = new WeakSet<Event>();
/** An inquiry's booking is reported once per page, however many messages say so. */
const reported = new Set<string>();

/**
 * Listens, while the component that shows a scheduler frame is mounted, for
 * `calendly.event_scheduled` from the scheduler's origin (the origin of `url`; any other is
 * ignored): records `calendar_booked` (labelled with where the dialog was opened from, or
 * `inline`), says "Your call is booked.", and posts the inquiry's signed reference when the dialog
 * was opened after a contact submission. Used by the dialog and the inline frame, so the
 * listener is loaded only with a frame.
 */
export function useSchedulerMessages(
  url: string,
  opened: RefObject<BookingSubject | null>,
  announce: (message: string) => void,
): void {
  useEffect(() => {
    let schedulerOrigin: string;
    try {
      schedulerOrigin = new URL(url).origin;
    } catch {
      return;
    }
    function onMessage(event: MessageEvent) {
      if (event.origin !== schedulerOrigin || !isScheduledEvent(event.data)) return;
      if (heard.has(event)) return;
      heard.add(event);
      const subject = opened.current;
      trackEvent("calendar_booked", subject?.source ?? "inline");
      announce(BOOKING_FRAME.booked);
      const reference = subject?.handoff?.reference;
      if (reference && !reported.has(reference)) {
        reported.add(reference);
        reportBookedCall(reference);
      }
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [url, opened, announce]);
}
