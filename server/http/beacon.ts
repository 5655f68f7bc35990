import { getRuntimeFrom } from "@server/context";
import { FORM_LIMITS, type ReadForm, readPost } from "@server/route-kit/forms";
import type { Runtime } from "@server/runtime";
import { getClientIp } from "@server/security/client-ip";
import { isCrossSiteRequest } from "@server/security/origin";
import { consumeLimit, type LimitKind } from "@server/security/submission-limit";
import type { RouterContextProvider } from "react-router";
import { PRIVATE_NO_STORE } from "./cache";

/**
 * The public pages' small posts from their own scripts (the consent record, a booked call, a
 * client-side navigation's page view): same-site only, a short form body, counted per IP when a
 * limit is named. Every answer is plain text (none for 204) and never stored.
 */

export function beaconReply(status: number, text = ""): Response {
  return new Response(text || null, {
    status,
    headers: { "Cache-Control": PRIVATE_NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The loader of a beacon's route: it only answers POST. */
export function onlyPost(): Response {
  return new Response("Use POST.", { status: 405, headers: { Allow: "POST" } });
}

export type BeaconRead =
  | { runtime: Runtime; form: ReadForm; refused?: never }
  | { refused: Response };

export async function readBeacon(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  limit?: { kind: LimitKind; message: string },
): Promise<BeaconRead> {
  const runtime = getRuntimeFrom(context);
  if (isCrossSiteRequest(request, runtime.config.SITE_URL)) {
    return { refused: beaconReply(403, "Cross-site.") };
  }
  if (limit && (await consumeLimit(runtime, limit.kind, getClientIp(context))) !== null) {
    return { refused: beaconReply(429, limit.message) };
  }
  const read = await readPost(request, FORM_LIMITS.short, (refusal) =>
    beaconReply(refusal.status, refusal.message),
  );
  return read.refused ? { refused: read.refused } : { runtime, form: read.form };
}
