/** Copy of the shared frame's interactive parts: booking, errors, 404 (the banner: consent.ts). */

export const BOOKING = {
  trigger: "Book a Call",
  title: "Schedule Your Consultation",
  description:
    "Pick a time for a 30-minute discovery call with a producer. Tell us what you're making and we'll tell you how we'd make it.",
  openInNewWindow: "Open in New Window",
  inlineTitle: "Schedule a consultation",
  close: "Close",
  /** After a contact submission: the dialog with the scheduler prefilled (issue #30). */
  bookNow: "Book a call now",
  /** Said (politely) when the scheduler reports a booking. */
  booked: "Your call is booked.",
  frameHeight: 600,
  popup: { width: 700, height: 800 },
} as const;

export const NOT_FOUND = {
  code: "404",
  title: "Oops! Page not found",
  body: "The page you're looking for has moved, or never made the final cut.",
  home: "Return to Home",
} as const;

export const ERROR_PANEL = {
  title: "Something went wrong",
  body: "We encountered an error while loading this content. Please try again.",
  retry: "Try Again",
  home: "Return to Home",
} as const;

export const SKIP_LINK = "Skip to content";
