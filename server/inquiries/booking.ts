import { recordBooking } from "@server/pipeline/steps";
import type { Runtime } from "@server/runtime";
import { expiringLinks } from "@server/security/expiring-links";

/**
 * A call booked from the contact page's success message (issue #30 item 4, decision 0311). The
 * page gets a signed, short-lived reference to the inquiry it just sent (never its bare id); when
 * the scheduler reports a booking, the browser posts that reference back and the inquiry gains
 * "Booked a call" once. Nothing from the scheduler (who, when) is sent or stored.
 */

/** How long after sending the inquiry its page may report a booking. */
export const BOOKING_REFERENCE_SECONDS = 2 * 60 * 60;

const subjectOf = (inquiryId: string) => `booked-call:inquiry:${inquiryId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The reference the page carries: `<id>.<expires>.<signature>`, signed with its own key. */
export function bookingReference(key: string, inquiryId: string, now: () => number = Date.now) {
  const query = new URLSearchParams(
    expiringLinks(key, now).sign(subjectOf(inquiryId), BOOKING_REFERENCE_SECONDS),
  );
  return `${inquiryId}.${query.get("expires")}.${query.get("signature")}`;
}

/** The inquiry a reference names when it is ours and unexpired; null otherwise. */
export function checkBookingReference(
  key: string,
  reference: string,
  now: () => number = Date.now,
): string | null {
  const [id = "", expires = "", signature = "", ...rest] = reference.split(".");
  if (rest.length > 0 || !UUID.test(id)) return null;
  const valid = expiringLinks(key, now).verify(
    subjectOf(id),
    new URLSearchParams({ expires, signature }),
  );
  return valid ? id : null;
}

/** The outcome of a report: 204 recorded (or already), 400 not a reference of ours or expired. */
export async function reportBooking(
  runtime: Runtime,
  reference: string,
  now: () => number = Date.now,
): Promise<"recorded" | "already" | "invalid"> {
  const id = checkBookingReference(runtime.keys.bookingReferences, reference, now);
  if (!id) return "invalid";
  const outcome = await recordBooking(runtime.database.db, id);
  return outcome === "gone" ? "invalid" : outcome;
}
