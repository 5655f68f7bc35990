/** The cookie banner (SPEC section 4); loaded with the banner, after hydration. */
export const COOKIE_BANNER = {
  title: "Cookies, briefly",
  body: "We use analytics cookies to see which work people watch and which pages help them decide. Nothing loads until you say so.",
  accept: "Accept",
  decline: "Decline",
  privacyLink: "Privacy Policy",
} as const;
