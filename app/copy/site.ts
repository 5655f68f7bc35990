/** Copy of the shared frame's interactive parts: booking, errors, 404 (the banner: consent.ts). */

/**
 * The booking triggers' words (every page). What the dialog and the frames say is
 * `BOOKING_FRAME` (app/copy/booking.ts), loaded only with them.
 */
export const BOOKING = {
  trigger: "Book a Call",
} as const;

export const NOT_FOUND = {
  code: "404",
  title: "Oops! Page not found",
  body: "The page you're looking for has moved, or never made the final cut.",
  home: "Return to Home",
} as const;

/** A path marked gone (410, decision 0370): the 404 page's frame, saying what happened. */
export const GONE = {
  code: "410",
  title: "Page gone",
  body: "This page was removed for good. The rest of the site is still here.",
  home: NOT_FOUND.home,
} as const;

export const ERROR_PANEL = {
  title: "Something went wrong",
  body: "We encountered an error while loading this content. Please try again.",
  retry: "Try Again",
  home: "Return to Home",
} as const;

export const SKIP_LINK = "Skip to content";
