/**
 * The cookie banner (SPEC section 4, issue #32); loaded with the banner, after hydration. Its
 * version is a hash of this text (app/lib/consent.ts): changing a word asks every visitor again.
 */
export const COOKIE_BANNER = {
  title: "Cookies, briefly",
  body: "We use analytics cookies to see which work people watch and which pages help them decide. Nothing loads until you say so.",
  accept: "Accept",
  decline: "Decline",
  choose: "Choose",
  saveChoices: "Save choices",
  categoriesLegend: "Cookie categories",
  necessary: "Necessary",
  necessaryHint:
    "Always on: your choice here, and the sign-in of the studio's staff. Nothing that follows you.",
  analytics: "Analytics",
  analyticsHint: "Google Analytics: which pages and films people view, counted without your name.",
  marketing: "Marketing",
  marketingHint: "Advertising measurement, to see which campaigns bring people to the studio.",
  gpc: "Your browser sends Global Privacy Control: we treat it as a refusal of marketing cookies, whatever you choose here.",
  privacyLink: "Privacy Policy",
} as const;
