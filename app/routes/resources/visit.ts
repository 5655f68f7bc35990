import { getRuntimeFrom } from "@server/context";
import { beaconReply, onlyPost, readBeacon } from "@server/http/beacon";
import { countNavigation, isSameSiteBeacon } from "@server/route-kit/visits";
import { clientIpContext } from "@server/security/client-ip";
import type { Route } from "./+types/visit";

/**
 * POST /visit: the browser's beacon for a client-side navigation of the public site (issue #33).
 * The document requests are counted by the server itself; this only adds the pages React Router
 * showed without one. Only from the site's own pages (`Origin` or `Sec-Fetch-Site`), at most
 * `beaconsPerMinute` per address (an IPv6 /64), counted only to a real public page (decision
 * 0450). Queued like every page view, never waited for; 204 whether counted or not.
 */

export const loader = onlyPost;

export async function action(args: Route.ActionArgs) {
  const runtime = getRuntimeFrom(args.context);
  if (!isSameSiteBeacon(args.request, runtime.config.SITE_URL)) {
    return beaconReply(403, "Cross-site.");
  }
  if (!runtime.visits.admitBeacon(args.context.get(clientIpContext) ?? "unknown")) {
    return beaconReply(429, "Too many page views from this address. Please slow down.");
  }
  const read = await readBeacon(args);
  if (read.refused) return read.refused;
  const page = read.form.fields.get("page");
  if (typeof page !== "string" || !page.startsWith("/")) return beaconReply(400, "Not a page.");
  await countNavigation(read.runtime.visits, args.request, args.context, page);
  return beaconReply(204);
}
