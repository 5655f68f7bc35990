/**
 * No live link in stored mail (issue 47 item 2, decision 0440). A mail may carry a single-use
 * link (an invitation, a reset, an unlock: `singleUseLink` of `server/security/single-use-links.ts`
 * puts the token in the `token` query parameter, 32 random bytes as 43 base64url characters). The
 * outbox row keeps it only until the mail is sent: the update that records the send also
 * replaces every such token in the stored bodies, so a sent mail's row (and anything copied from
 * it) opens nothing. Found by its form, not by the kind of mail, so a new mail with a link is
 * covered without being listed.
 */

/** A single-use token as it stands in a link of a mail's text or HTML (`&amp;token=` included). */
const LINK_TOKEN = /(\btoken=)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/** What a sent mail's stored body shows where its link's token was. */
export const SENT_TOKEN_PLACEHOLDER = "removed-once-sent";

/** The body with every single-use token replaced by the placeholder. */
export function withoutLinkTokens(body: string): string;
export function withoutLinkTokens(body: string | null): string | null;
export function withoutLinkTokens(body: string | null): string | null {
  return body === null ? null : body.replace(LINK_TOKEN, `$1${SENT_TOKEN_PLACEHOLDER}`);
}
