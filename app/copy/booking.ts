/**
 * What the booking dialog and the scheduler's frames say (SPEC section 2), apart from the
 * triggers' words (`BOOKING` in app/copy/site.ts): its own module, so a page loads it only with
 * the dialog or the inline frame.
 */
export const BOOKING_FRAME = {
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
