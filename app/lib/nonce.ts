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
 * A shared page being rendered on the server (decisions 0180 and 0266). Every script the app
 * emits carries `marker` as its nonce attribute: a one-time value that nothing in the page's
 * content can know, so the server hashes exactly those scripts (never one that an HTML injection
 * slipped into the content) and then removes the attribute. `added` collects the inline scripts
 * the page adds at run time (the deferred module script), whose hashes the CSP lists too.
 */
export interface SharedRender {
  marker: string;
  added: Set<string>;
}

export const SharedRenderContext = createContext<SharedRender | null>(null);

/** The nonce attribute of the app's own scripts: this response's nonce, or the shared marker. */
export function useScriptNonce(): string | undefined {
  const nonce = useContext(NonceContext);
  const shared = useContext(SharedRenderContext);
  return nonce ?? shared?.marker;
}
