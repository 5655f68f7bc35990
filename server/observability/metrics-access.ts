import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIPv4, isIPv6 } from "node:net";

/** Who may read `/metrics` (issue #21, decision 0210): loopback peers, or the bearer token. */

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");
// IPv4-mapped loopback, as a dual-stack socket reports an IPv4 peer (::ffff:127.0.0.1).
loopback.addSubnet("::ffff:127.0.0.0", 104, "ipv6");

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (isIPv4(address)) return loopback.check(address, "ipv4");
  if (isIPv6(address)) return loopback.check(address, "ipv6");
  return false;
}

/** Headers a proxy adds: a loopback peer that sends one is relaying someone else's request. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/**
 * May this request read the metrics? With METRICS_TOKEN set, only with `Authorization: Bearer
 * <token>` — from everyone, loopback included: a reverse proxy on the same host makes every
 * visitor's request come from 127.0.0.1, and setting a token is how that setup is declared.
 * Without a token, only a loopback peer (the socket's address, never X-Forwarded-For, which any
 * client can write) whose request carries no forwarding header.
 */
export function isMetricsRequestAllowed(
  request: {
    remoteAddress: string | undefined;
    headers: Record<string, string | string[] | undefined>;
  },
  token: string | undefined,
): boolean {
  if (token) {
    const header = request.headers.authorization;
    if (typeof header !== "string") return false;
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (!match?.[1]) return false;
    // Compared as hashes: equal lengths for timingSafeEqual, and no early exit on the first byte.
    return timingSafeEqual(digest(match[1]), digest(token));
  }
  if (!isLoopbackAddress(request.remoteAddress)) return false;
  return !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
}
