import { labelOf, SERVICE_LABELS } from "~/entities/inquiry/options";
import { isSafeUrl } from "~/lib/safe-url";
import { formatStudioDateTime } from "~/lib/studio-time";
import { PORTFOLIO_SERVICE_TYPE_LABELS } from "~/lib/values";

/** Words and formats of the back-office (browser-safe: used by server render and hydration). */

export function portfolioServiceLabel(value: string): string {
  return labelOf(PORTFOLIO_SERVICE_TYPE_LABELS, value) ?? value;
}

/**
 * The reply link (SPEC: subject 'Re: Your {service} Project Inquiry'). The service is shown by its
 * label; a wedding inquiry says "Wedding Film"; an inquiry without a service reads
 * 'Re: Your Project Inquiry' (decision 0055).
 */
export function replySubject(inquiry: { kind: string; service: string | null }): string {
  // "Full Service (all of the above)" reads "Full Service" in a subject line.
  const what =
    labelOf(SERVICE_LABELS, inquiry.service)?.replace(/ \(.*\)$/, "") ??
    (inquiry.kind === "wedding" ? "Wedding Film" : null);
  return what ? `Re: Your ${what} Project Inquiry` : "Re: Your Project Inquiry";
}

/**
 * Studio time (`formatStudioDateTime`): the same text on the server and in any browser (no
 * hydration mismatch), "Dec 1, 2026, 9:00 AM PT".
 */
export const formatDateTime = (value: Date | string): string => formatStudioDateTime(value);

/** Links from stored data open only if they pass the one URL rule (a site path or http(s)). */
export function safeHref(url: string | null | undefined): string | null {
  if (!url || !isSafeUrl(url, { sitePath: true })) return null;
  return url.startsWith("/") ? url : new URL(url).toString();
}
