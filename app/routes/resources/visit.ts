import { getRuntimeFrom } from "@server/context";
import { FORM_LIMITS, readPost } from "@server/forms";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { isCrossSiteRequest } from "@server/security/origin";
import { countNavigation } from "@server/visits/page-views";
import type { Route } from "./+types/visit";

/**
 * POST /visit: the browser's beacon for a client-side navigation of the public site (issue #33).
 * The document requests are counted by the server itself; this only adds the pages React Router
 * showed without one. Queued like every page view, never waited for; answers 204 either way.
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
  const read = await readPost(request, FORM_LIMITS.short, (refusal) =>
    reply(refusal.status, refusal.message),
  );
  if (read.refused) return read.refused;
  const page = read.form.fields.get("page");
  if (typeof page !== "string" || !page.startsWith("/")) return reply(400, "Not a page.");
  countNavigation(runtime.visits, request, context, page);
  return reply(204);
}
