/**
 * The scheduler's message of a booking, and the report of it to the server (issue #30). Only the
 * event's name is read: nothing the scheduler sends about the invitee is kept or forwarded.
 */

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
