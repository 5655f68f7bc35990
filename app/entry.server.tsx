import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { runtimeContext } from "@server/context";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleDataRequestFunction,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { NonceContext } from "~/lib/nonce";
import { BASIC_SECURITY_HEADERS, securityHeaders } from "~/lib/security-headers";

export const streamTimeout = 5_000;

/**
 * Renders every document. Adds a fresh CSP nonce per request (passed to React Router's scripts
 * and to React's own inline scripts) and the security headers of DESIGN.md.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = randomBytes(16).toString("base64");
  const config = loadContext.get(runtimeContext)?.config;
  const https =
    new URL(request.url).protocol === "https:" || Boolean(config?.SITE_URL.startsWith("https:"));
  // Under `react-router dev`, Vite's client injects unnonced scripts: no CSP there.
  if (import.meta.env.PROD) {
    const headers = securityHeaders({
      nonce,
      https,
      bookingUrl: config?.BOOKING_URL ?? "",
      gaMeasurementId: config?.GA_MEASUREMENT_ID,
      mediaOrigins: [config?.S3_PUBLIC_URL, config?.S3_ENDPOINT].filter((u): u is string => !!u),
    });
    for (const [name, value] of Object.entries(headers)) responseHeaders.set(name, value);
  }
  // A server error is never kept by shared caches, nor is the page a form post renders: it
  // carries what that visitor typed.
  if (responseStatusCode >= 500) responseHeaders.set("Cache-Control", "no-store");
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Data requests of client-side navigations get the basic headers too. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  for (const [name, value] of Object.entries(BASIC_SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
};
