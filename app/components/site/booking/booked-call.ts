/**
 * The scheduler's message of a booking, and the report of it to the server (issue #30). Only the
 * event's name is read: nothing the scheduler sends about the invitee is kept or forwarded.
 */

import { useEffect } from "react";

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
 * ignored), and calls `onBooked`; when it answers an inquiry's signed reference, posts it.
 * Used by the dialog and the inline frame, so the listener is loaded only with a frame.
 */
export function useSchedulerMessages(url: string, onBooked: () => string | null): void {
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
      const reference = onBooked();
      if (reference && !reported.has(reference)) {
        reported.add(reference);
        reportBookedCall(reference);
      }
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [url, onBooked]);
}
