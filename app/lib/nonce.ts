import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response: provided by entry.server.tsx around the router and, in the
 * browser, read back from the nonced scripts by entry.client.tsx so hydration matches.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
