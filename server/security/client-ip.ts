import ipaddr from "ipaddr.js";
import { createContext, type RouterContextProvider } from "react-router";

/**
 * The client's IP address as Express resolved it (honouring TRUST_PROXY), put in the request
 * context by the server's getLoadContext. Null under `react-router dev`, which has no such hook:
 * callers then share one "unknown" bucket, which only makes a limiter stricter.
 */
export const clientIpContext = createContext<string | null>(null);

/**
 * The address a per-IP limit counts (decision 0269). An IPv6 address counts as its /64: one
 * subscriber's network, in which a host picks any of 2^64 addresses, so counting each address
 * would give a client unlimited buckets. An IPv4-mapped IPv6 address (a dual-stack socket's view
 * of an IPv4 client) counts as that IPv4 address.
 */
export function limitAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.parse(ip);
  if (address.kind() === "ipv4") return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}

/** The client's address for per-IP limits (`limitAddress`), the one thing they count by. */
export function getClientIp(context: Readonly<RouterContextProvider>): string {
  const ip = context.get(clientIpContext);
  return ip === null ? "unknown" : limitAddress(ip);
}
