/**
 * The spam trap: a field people never see (hidden with CSS, labelled "leave empty") that bots
 * fill in. A filled trap is accepted silently and nothing is stored. Kept apart from the schemas so
 * the form fields can name it without bringing zod into pages that validate nothing in the browser.
 */
export const HONEYPOT_FIELD = "website";
