import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { COOKIE_BANNER } from "~/copy/consent";
import { OPEN_CONSENT_EVENT, trackPageView } from "~/lib/analytics";
import {
  applyConsentDefault,
  type ConsentCategories,
  type ConsentChoice,
  configureAnalytics,
  currentCategories,
  gpcEnabled,
  recordChoice,
  saveChoice,
  shouldAsk,
  startAnalytics,
} from "~/lib/consent";
import { usePageViewBeacon } from "~/lib/page-view-beacon";

/**
 * Consent Mode's default first (before any tag), then analytics when consent was already granted,
 * and a page view on every route change (path + query). All no-ops without consent or an id.
 */
function useAnalytics(measurementId: string | null) {
  const { pathname, search } = useLocation();
  // Declared first: on the first render this runs before the page-view effect below.
  useEffect(() => {
    applyConsentDefault();
    configureAnalytics(measurementId);
    startAnalytics();
  }, [measurementId]);
  useEffect(() => {
    trackPageView(`${pathname}${search}`);
  }, [pathname, search]);
}

/**
 * The cookie banner (SPEC section 4, issue #32): shown while consent is missing or 'denied', or
 * was given to another version of the banner; hidden when 'granted'; reopened with the current
 * choices by the footer's 'Cookie settings' through a window event. "Accept" and "Decline" stand
 * side by side, equal; "Choose" shows the categories and "Save choices". Rendered only in the
 * browser: without JavaScript there is nothing to consent to.
 */
function CookieBanner() {
  const [visible, setVisible] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<ConsentCategories>({ analytics: false, marketing: false });
  const [gpc, setGpc] = useState(false);
  const location = useLocation();
  const titleId = useId();
  const ids = { analytics: useId(), marketing: useId(), necessary: useId() };

  useEffect(() => {
    setGpc(gpcEnabled());
    setVisible(shouldAsk());
    const reopen = () => {
      setChosen(currentCategories());
      setChoosing(false);
      setVisible(true);
    };
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);

  if (!visible) return null;

  const decide = (choice: ConsentChoice, categories: ConsentCategories) => {
    recordChoice(saveChoice(choice, categories));
    if (categories.analytics && startAnalytics()) {
      trackPageView(`${location.pathname}${location.search}`);
    }
    setVisible(false);
    setChoosing(false);
  };
  const choose = () => {
    setChosen(currentCategories());
    setChoosing(true);
  };
  const hint = (id: string, text: string) => (
    <p id={`${id}-hint`} className="text-xs text-ink-muted">
      {text}
    </p>
  );

  return (
    <section
      aria-labelledby={titleId}
      className="cookie-banner fixed inset-x-3 bottom-3 z-40 max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-card border border-line bg-surface-raised p-5 shadow-2xl shadow-black/60 md:inset-x-auto md:bottom-6 md:left-6 md:max-w-md md:p-6"
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
      {gpc ? <p className="mt-2 text-sm leading-relaxed text-ink">{COOKIE_BANNER.gpc}</p> : null}
      {choosing ? (
        <form
          className="mt-4"
          onSubmit={(event) => {
            event.preventDefault();
            decide("custom", chosen);
          }}
        >
          <fieldset className="grid gap-3">
            <legend className="sr-only">{COOKIE_BANNER.categoriesLegend}</legend>
            <div className="flex items-start gap-3">
              <input
                id={ids.necessary}
                type="checkbox"
                checked
                readOnly
                disabled
                aria-describedby={`${ids.necessary}-hint`}
                className="mt-1 size-4 accent-[var(--color-accent)]"
              />
              <div>
                <label htmlFor={ids.necessary} className="text-sm font-medium">
                  {COOKIE_BANNER.necessary}
                </label>
                {hint(ids.necessary, COOKIE_BANNER.necessaryHint)}
              </div>
            </div>
            {(["analytics", "marketing"] as const).map((category) => (
              <div key={category} className="flex items-start gap-3">
                <input
                  id={ids[category]}
                  type="checkbox"
                  checked={chosen[category] && !(category === "marketing" && gpc)}
                  disabled={category === "marketing" && gpc}
                  onChange={(event) =>
                    setChosen((was) => ({ ...was, [category]: event.target.checked }))
                  }
                  aria-describedby={`${ids[category]}-hint`}
                  className="mt-1 size-4 accent-[var(--color-accent)]"
                />
                <div>
                  <label htmlFor={ids[category]} className="text-sm font-medium">
                    {COOKIE_BANNER[category]}
                  </label>
                  {hint(ids[category], COOKIE_BANNER[`${category}Hint`])}
                </div>
              </div>
            ))}
          </fieldset>
          <button type="submit" className={`mt-4 ${buttonClasses({ size: "sm" })}`}>
            {COOKIE_BANNER.saveChoices}
          </button>
        </form>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => decide("accept", { analytics: true, marketing: true })}
          className={buttonClasses({ size: "sm" })}
        >
          {COOKIE_BANNER.accept}
        </button>
        <button
          type="button"
          onClick={() => decide("decline", { analytics: false, marketing: false })}
          className={buttonClasses({ size: "sm" })}
        >
          {COOKIE_BANNER.decline}
        </button>
        {choosing ? null : (
          <button
            type="button"
            onClick={choose}
            className={buttonClasses({ size: "sm", variant: "secondary" })}
          >
            {COOKIE_BANNER.choose}
          </button>
        )}
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
  // The site's own cookieless count of client-side navigations (issue #33): beside the route
  // changes of analytics, but whatever the consent (it stores nothing).
  usePageViewBeacon();
  return <CookieBanner />;
}
