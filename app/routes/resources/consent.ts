import { beaconReply, onlyPost, readBeacon } from "@server/http/beacon";
import { recordConsent } from "@server/privacy/consent";
import { checkPost } from "@server/route-kit/forms";
import { consentRecordSchema } from "~/entities/privacy/form";
import type { Route } from "./+types/consent";

/**
 * POST /consent: the cookie banner's record of a choice (issue #32). The client address counts
 * toward a per-IP limit in memory or the shared counters, and is never stored with the record.
 */

export const loader = onlyPost;

export async function action(args: Route.ActionArgs) {
  const read = await readBeacon(args, {
    kind: "consent",
    message: "Too many choices in a short time.",
  });
  if (read.refused) return read.refused;
  const checked = checkPost(read.form, consentRecordSchema);
  if (!checked.data) return beaconReply(400, "Not a record of consent.");
  await recordConsent(read.runtime.database.db, checked.data);
  return beaconReply(204);
}
