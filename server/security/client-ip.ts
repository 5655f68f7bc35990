import { createContext, type RouterContextProvider } from "react-router";

/**
 * The client's IP address as Express resolved it (honouring TRUST_PROXY), put in the request
 * context by the server's getLoadContext. Null under `react-router dev`, which has no such hook:
 * callers then share one "unknown" bucket, which only makes a limiter stricter.
 */
export const clientIpContext = createContext<string | null>(null);

export function getClientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(clientIpContext) ?? "unknown";
}
