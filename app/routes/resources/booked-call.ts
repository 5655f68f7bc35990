import { reportBooking } from "@server/booking";
import { getRuntimeFrom } from "@server/context";
import { FORM_LIMITS, readPost } from "@server/forms";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { getClientIp } from "@server/security/client-ip";
import { isCrossSiteRequest } from "@server/security/origin";
import { consumeLimit } from "@server/security/submission-limit";
import type { Route } from "./+types/booked-call";

/**
 * POST /contact/booked: the contact page reports a call booked from its success message (issue
 * #30 item 4). Same-site only, counted per IP like the other public posts; the body is the
 * signed reference alone.
 */

const reply = (status: number, text = "") =>
  new Response(text || null, {
    status,
    headers: { "Cache-Control": PRIVATE_NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });

export async function loader() {
  return new Response("Use POST.", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntimeFrom(context);
  if (isCrossSiteRequest(request, runtime.config.SITE_URL)) return reply(403, "Cross-site.");
  const wait = await consumeLimit(runtime, "booking", getClientIp(context));
  if (wait !== null) return reply(429, "Too many requests in a short time.");
  const read = await readPost(request, FORM_LIMITS.short, (refusal) =>
    reply(refusal.status, refusal.message),
  );
  if (read.refused) return read.refused;
  const reference = read.form.fields.get("reference");
  if (typeof reference !== "string" || reference.length > 200) {
    return reply(400, "Not a booking reference.");
  }
  const outcome = await reportBooking(runtime, reference);
  return outcome === "invalid"
    ? reply(400, "Not a booking reference, or it has expired.")
    : reply(204);
}
