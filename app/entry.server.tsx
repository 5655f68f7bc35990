import { createHash, randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { runtimeContext } from "@server/context";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { sharedPageContext } from "@server/http/page-cache";
import { signedUrlSource } from "@server/storage";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleDataRequestFunction,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { NonceContext, type SharedRender, SharedRenderContext } from "~/lib/nonce";
import {
  BASIC_SECURITY_HEADERS,
  isAdminPath,
  type SecurityHeaderOptions,
  securityHeaders,
} from "~/lib/security-headers";

export const streamTimeout = 5_000;

/**
 * Renders every document with the security headers of DESIGN.md.
 *
 * A page for one visitor (a session, a flash message, a form's answer: anything the server did not
 * mark shared) gets a fresh CSP nonce (passed to React Router's scripts and to React's own inline
 * scripts) and is `private, no-store`. A shared page (server/http/page-cache.ts: an anonymous GET)
 * is rendered whole, without a nonce, and its CSP lists the sha256 of each inline script the app
 * emits, so the same bytes are safe for every visitor and any cache (decisions 0180 and 0266).
 * HSTS and upgrade-insecure-requests follow SITE_URL, never the request (a forwarded protocol
 * would otherwise end up in a page the cache replays to everyone).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const config = loadContext.get(runtimeContext)?.config;
  const policy = {
    https: Boolean(config?.SITE_URL.startsWith("https:")),
    bookingUrl: config?.BOOKING_URL ?? "",
    gaMeasurementId: config?.GA_MEASUREMENT_ID,
    mediaOrigins: [config?.S3_PUBLIC_URL, config?.S3_ENDPOINT].filter((u): u is string => !!u),
    // The back-office frames a resume through its signed link; public pages frame no file.
    frameSources:
      config && isAdminPath(new URL(request.url).pathname)
        ? [signedUrlSource(config, "job-applications")]
        : [],
  };
  const setSecurityHeaders = (options: Pick<SecurityHeaderOptions, "nonce" | "scriptHashes">) => {
    // Under `react-router dev`, Vite's client injects unnonced scripts: no CSP there.
    if (!import.meta.env.PROD) return;
    const headers = securityHeaders({ ...policy, ...options });
    for (const [name, value] of Object.entries(headers)) responseHeaders.set(name, value);
  };

  const sharedUrl = loadContext.get(sharedPageContext);
  if (sharedUrl !== null) {
    return renderShared(
      request,
      responseStatusCode,
      responseHeaders,
      sharedPageOf(routerContext, sharedUrl),
      (hashes) => setSecurityHeaders({ scriptHashes: hashes }),
    );
  }

  const nonce = randomBytes(16).toString("base64");
  setSecurityHeaders({ nonce });
  // A page with a nonce is for one visitor (a session, a flash, what a form post typed): no cache
  // may keep it, and a server error is never kept either.
  responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);

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

/**
 * The app's own inline scripts of a shared page: those carrying the render's one-time `marker`
 * as their nonce (set by React, React Router and our components; never by the page's content,
 * which cannot know it), plus the scripts the page adds at run time. Returns the page without
 * the marker and the sha256 (base64) of each of those scripts. Any other inline script (an HTML
 * injection) is left out of the hashes, so the browser refuses to run it (decision 0266).
 */
export function appScriptHashes(
  html: string,
  marker: string,
  added: Iterable<string> = [],
): { html: string; hashes: string[] } {
  const attribute = ` nonce="${marker}"`;
  const sources = new Set(added);
  for (const [, attributes = "", text = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (!attributes.includes(attribute)) continue;
    if (/\ssrc=/i.test(attributes) || /application\/ld\+json/i.test(attributes)) continue;
    sources.add(text);
  }
  const hashes = [...sources].map((text) =>
    createHash("sha256").update(text, "utf8").digest("base64"),
  );
  return { html: html.replaceAll(attribute, ""), hashes };
}

/**
 * The page as its shared copy's address shows it (decision 0265): the components see only the
 * query the page reads, so the copy kept for `/blog?utm_source=x` is the page of `/blog` (a form's
 * default action, for one, is the current URL). The loaders read only that query already.
 */
function sharedPageOf(context: EntryContext, sharedUrl: string): EntryContext {
  const handler = context.staticHandlerContext;
  const { search } = new URL(sharedUrl, "http://shared.invalid");
  return {
    ...context,
    staticHandlerContext: { ...handler, location: { ...handler.location, search } },
  };
}

/**
 * A shared page: rendered whole (no streaming: the hashes need every script), its scripts marked
 * with a one-time value instead of a nonce, and its CSP made of the hashes of those scripts.
 */
function renderShared(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  setHashes: (hashes: string[]) => void,
): Promise<Response> {
  const shared: SharedRender = { marker: randomBytes(16).toString("hex"), added: new Set() };
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new PassThrough();
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => {
      clearTimeout(timeoutId);
      const rendered = Buffer.concat(chunks).toString("utf8");
      const { html, hashes } = appScriptHashes(rendered, shared.marker, shared.added);
      setHashes(hashes);
      headers.set("Content-Type", "text/html; charset=utf-8");
      if (status >= 500) headers.set("Cache-Control", "no-store");
      const head = request.method.toUpperCase() === "HEAD";
      resolve(new Response(head ? null : html, { headers, status }));
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <SharedRenderContext value={shared}>
        <ServerRouter context={routerContext} url={request.url} nonce={shared.marker} />
      </SharedRenderContext>,
      {
        nonce: shared.marker,
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
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
