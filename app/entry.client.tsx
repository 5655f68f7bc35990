import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installErrorLog } from "~/lib/error-log";
import { NonceContext } from "~/lib/nonce";

// Record uncaught errors and unhandled rejections locally from the very start (SPEC section 7).
installErrorLog();

// The server rendered the scripts with this response's nonce; read it back so hydration matches.
// (Browsers hide the nonce attribute; the property still holds it.)
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext value={nonce}>
        <HydratedRouter />
      </NonceContext>
    </StrictMode>,
  );
});
