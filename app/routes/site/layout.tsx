import { getRuntimeFrom } from "@server/context";
import { PUBLIC_PAGE_CACHE } from "@server/http/cache";
import { lazy, Suspense, useEffect } from "react";
import { isRouteErrorResponse, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { BookingProvider } from "~/components/site/booking/booking";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { ERROR_PANEL, SKIP_LINK } from "~/copy/site";
import { studio } from "~/copy/studio";
import { errorLog } from "~/lib/error-log";
import type { PublicSiteConfig } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/layout";

/**
 * The public frame (SPEC section 2, Shared frame): navigation, footer, cookie banner and the
 * booking dialog around every public page. Pages render their own <main id="main">.
 */

export function loader({ context }: Route.LoaderArgs): PublicSiteConfig {
  const { config } = getRuntimeFrom(context);
  return {
    siteUrl: config.SITE_URL,
    bookingUrl: config.BOOKING_URL,
    gaMeasurementId: config.GA_MEASUREMENT_ID ?? null,
  };
}

// Configuration does not change between navigations.
export const shouldRevalidate = () => false;

// Public pages carry no per-visitor data: shared caches may keep them (see the decision on nonces).
export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

// Client-only and not needed to paint: loaded once the page is interactive.
const Consent = lazy(() => import("~/components/site/cookie-banner"));
// Only an error page needs it: kept out of every page's initial JavaScript.
const ErrorPage = lazy(() =>
  import("~/components/site/error-page").then((m) => ({ default: m.ErrorPage })),
);

/** The cookie banner, once the page is hydrated: its own component, so that only it re-renders then. */
function ConsentWhenHydrated({ measurementId }: { measurementId: string | null }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Consent measurementId={measurementId} />
    </Suspense>
  );
}

function Frame({ config, children }: { config: PublicSiteConfig; children: React.ReactNode }) {
  return (
    <BookingProvider url={config.bookingUrl} siteUrl={config.siteUrl}>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-accent px-4 py-2 font-medium text-accent-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {SKIP_LINK}
      </a>
      <SiteHeader />
      {children}
      <SiteFooter />
      <ConsentWhenHydrated measurementId={config.gaMeasurementId} />
    </BookingProvider>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame config={loaderData}>
      <Outlet />
    </Frame>
  );
}

const FALLBACK_CONFIG: PublicSiteConfig = {
  siteUrl: "",
  bookingUrl: "https://calendly.com/northlight-studio/discovery-call",
  gaMeasurementId: null,
};

/** Unhandled errors of public pages: the default error panel, still inside the frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const config = useRouteLoaderData<typeof loader>("routes/site/layout") ?? FALLBACK_CONFIG;
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Route errors never reach window.onerror: keep them in the local error log too.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) errorLog()?.record(error);
  }, [error]);
  return (
    <Frame config={config}>
      <title>{`${ERROR_PANEL.title} | ${studio.name}`}</title>
      <meta name="robots" content="noindex" />
      <Suspense fallback={<main id="main" className="min-h-[70dvh]" />}>
        <ErrorPage status={status} retryHref={`${location.pathname}${location.search}`} />
      </Suspense>
    </Frame>
  );
}
