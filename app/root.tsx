import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import interTightLatin from "@fontsource-variable/inter-tight/files/inter-tight-latin-wght-normal.woff2?url";
import { getRuntimeFrom, runtimeContext } from "@server/context";
import { getRuntime } from "@server/runtime";
import { crossSiteWriteRefusal } from "@server/security/origin";
import {
  isRouteErrorResponse,
  Links,
  type LinksFunction,
  Meta,
  Outlet,
  ScrollRestoration,
} from "react-router";
import { DeferredScripts } from "~/components/document/deferred-scripts";
import { ERROR_PANEL } from "~/copy/site";
import { useNonce, useScriptNonce } from "~/lib/nonce";
import { studioTimeZone } from "~/lib/studio-time";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

// The production server puts the runtime in the context; under `react-router dev` we add it here.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }, next) => {
    if (!context.get(runtimeContext)) context.set(runtimeContext, await getRuntime());
    return next();
  },
  // A back-office write from another site is refused before any route runs (issue #47).
  async ({ request, context }, next) =>
    crossSiteWriteRefusal(request, getRuntimeFrom(context).config.SITE_URL) ?? next(),
];

export const links: LinksFunction = () => [
  // First in the head: the only render-blocking request, ahead of the script preloads (over
  // HTTP/1.1 those would otherwise take every connection before it).
  // `precedence` makes React emit it with the stylesheets, before the script preloads.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  // The two Latin font files every page paints with: fetched with the CSS, not after it.
  {
    rel: "preload",
    href: interTightLatin,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
  },
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // On a shared page, the server's one-time marker instead of a nonce (decision 0266).
  const scriptNonce = useScriptNonce();
  return (
    // The studio's time zone, which the browser's date formatting reads before it renders.
    <html lang="en" data-time-zone={studioTimeZone()}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0b0c" />
        {/* Vite's lazy-chunk preloader nonces the links it adds with this (it reads the nonce
            property; HTML requires a content, which stays empty so the nonce is not exposed). */}
        {nonce ? <meta property="csp-nonce" nonce={nonce} content="" /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-canvas text-ink">
        {children}
        <ScrollRestoration nonce={scriptNonce} />
        <DeferredScripts nonce={scriptNonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last resort for errors outside the public frame (the frame has its own boundary). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-6 px-6">
      <title>{ERROR_PANEL.title}</title>
      <meta name="robots" content="noindex" />
      <p className="font-display text-6xl font-bold text-accent">{status}</p>
      <h1 className="text-3xl font-semibold">{ERROR_PANEL.title}</h1>
      <p className="text-ink-muted">{ERROR_PANEL.body}</p>
      <a className="text-accent underline underline-offset-4" href="/">
        {ERROR_PANEL.home}
      </a>
    </main>
  );
}
