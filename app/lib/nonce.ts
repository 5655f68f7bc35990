import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response: provided by entry.server.tsx around the router and, in the
 * browser, read back from the nonced scripts by entry.client.tsx so hydration matches.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/**
 * Inline scripts a shared page adds at run time (the deferred module script): the server collects
 * them while rendering so the page's CSP can list their hashes (decision 0180).
 */
export const AddedScriptsContext = createContext<Set<string> | null>(null);
