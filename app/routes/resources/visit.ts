import { beaconReply, onlyPost, readBeacon } from "@server/http/beacon";
import { countNavigation } from "@server/visits/page-views";
import type { Route } from "./+types/visit";

/**
 * POST /visit: the browser's beacon for a client-side navigation of the public site (issue #33).
 * The document requests are counted by the server itself; this only adds the pages React Router
 * showed without one. Queued like every page view, never waited for; answers 204 either way.
 */

export const loader = onlyPost;

export async function action(args: Route.ActionArgs) {
  const read = await readBeacon(args);
  if (read.refused) return read.refused;
  const page = read.form.fields.get("page");
  if (typeof page !== "string" || !page.startsWith("/")) return beaconReply(400, "Not a page.");
  countNavigation(read.runtime.visits, args.request, args.context, page);
  return beaconReply(204);
}
