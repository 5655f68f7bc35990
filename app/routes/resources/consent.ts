import { getRuntimeFrom } from "@server/context";
import { checkPost, FORM_LIMITS, readPost } from "@server/forms";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { recordConsent } from "@server/privacy/consent";
import { getClientIp } from "@server/security/client-ip";
import { isCrossSiteRequest } from "@server/security/origin";
import { consumeLimit } from "@server/security/submission-limit";
import { consentRecordSchema } from "~/entities/privacy/form";
import type { Route } from "./+types/consent";

/**
 * POST /consent: the cookie banner's record of a choice (issue #32). The client address counts
 * toward a per-IP limit in memory or the shared counters, and is never stored with the record.
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
  const wait = await consumeLimit(runtime, "consent", getClientIp(context));
  if (wait !== null) return reply(429, "Too many choices in a short time.");
  const read = await readPost(request, FORM_LIMITS.short, (refusal) =>
    reply(refusal.status, refusal.message),
  );
  if (read.refused) return read.refused;
  const checked = checkPost(read.form, consentRecordSchema);
  if (!checked.data) return reply(400, "Not a record of consent.");
  await recordConsent(runtime.database.db, checked.data);
  return reply(204);
}
