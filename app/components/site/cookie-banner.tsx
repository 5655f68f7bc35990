import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { COOKIE_BANNER } from "~/copy/consent";
import { OPEN_CONSENT_EVENT, trackPageView } from "~/lib/analytics";
import { configureAnalytics, readConsent, saveConsent, startAnalytics } from "~/lib/consent";

/**
 * Starts analytics when consent was already granted and reports a page view on every route
 * change (path + query). All no-ops without consent or without a measurement id.
 */
function useAnalytics(measurementId: string | null) {
  const { pathname, search } = useLocation();
  // Declared first: on the first render this runs before the page-view effect below.
  useEffect(() => {
    configureAnalytics(measurementId);
    startAnalytics();
  }, [measurementId]);
  useEffect(() => {
    trackPageView(`${pathname}${search}`);
  }, [pathname, search]);
}

/**
 * The cookie banner (SPEC section 4): shown while consent is missing or 'denied', hidden when
 * 'granted'; reopened by the footer's 'Cookie settings' through a window event. Rendered only in
 * the browser: without JavaScript there is nothing to consent to.
 */
function CookieBanner() {
  const [visible, setVisible] = useState(false);
  const location = useLocation();
  const titleId = useId();

  useEffect(() => {
    setVisible(readConsent() !== "granted");
    const reopen = () => setVisible(true);
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);

  if (!visible) return null;

  const accept = () => {
    saveConsent("granted");
    if (startAnalytics()) trackPageView(`${location.pathname}${location.search}`);
    setVisible(false);
  };
  const decline = () => {
    saveConsent("denied");
    setVisible(false);
  };

  return (
    <section
      aria-labelledby={titleId}
      className="cookie-banner fixed inset-x-3 bottom-3 z-40 rounded-card border border-line bg-surface-raised p-5 shadow-2xl shadow-black/60 md:inset-x-auto md:bottom-6 md:left-6 md:max-w-md md:p-6"
    >
      <h2 id={titleId} className="font-display text-lg font-semibold tracking-tight">
        {COOKIE_BANNER.title}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-ink-muted">
        {COOKIE_BANNER.body}{" "}
        <Link to="/privacy" className="text-ink underline underline-offset-4 hover:text-accent">
          {COOKIE_BANNER.privacyLink}
        </Link>
      </p>
      <div className="mt-4 flex gap-2">
        <button type="button" onClick={accept} className={buttonClasses({ size: "sm" })}>
          {COOKIE_BANNER.accept}
        </button>
        <button
          type="button"
          onClick={decline}
          className={buttonClasses({ size: "sm", variant: "secondary" })}
        >
          {COOKIE_BANNER.decline}
        </button>
      </div>
    </section>
  );
}

/**
 * Consent and analytics, loaded after hydration (nothing here is in the server HTML): the
 * banner, and page views on every route change once consent is granted.
 */
export default function Consent({ measurementId }: { measurementId: string | null }) {
  useAnalytics(measurementId);
  return <CookieBanner />;
}
