import { beaconReply, onlyPost, readBeacon } from "@server/http/beacon";
import { reportBooking } from "@server/inquiries/booking";
import type { Route } from "./+types/booked-call";

/**
 * POST /contact/booked: the contact page reports a call booked from its success message (issue
 * #30 item 4). Same-site only, counted per IP like the other public posts; the body is the
 * signed reference alone.
 */

export const loader = onlyPost;

export async function action(args: Route.ActionArgs) {
  const read = await readBeacon(args, {
    kind: "booking",
    message: "Too many requests in a short time.",
  });
  if (read.refused) return read.refused;
  const reference = read.form.fields.get("reference");
  if (typeof reference !== "string" || reference.length > 200) {
    return beaconReply(400, "Not a booking reference.");
  }
  const outcome = await reportBooking(read.runtime, reference);
  return outcome === "invalid"
    ? beaconReply(400, "Not a booking reference, or it has expired.")
    : beaconReply(204);
}
