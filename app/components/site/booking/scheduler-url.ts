/** The scheduling page's addresses (issue #30): prefilled, and as a frame of this site. */

/** The visitor's name and e-mail, filled in on the scheduler (Calendly's `name` and `email`). */
export interface SchedulerPrefill {
  name: string;
  email: string;
}

/** The scheduling page with the visitor's name and e-mail filled in (the popup, the no-JS link). */
export function schedulerUrl(url: string, prefill?: SchedulerPrefill | null): string {
  if (!prefill) return url;
  try {
    const address = new URL(url);
    address.searchParams.set("name", prefill.name);
    address.searchParams.set("email", prefill.email);
    return address.toString();
  } catch {
    return url;
  }
}

/**
 * The scheduling page as a frame of this site: Calendly's embed parameters (`embed_domain`, the
 * site's host, and `embed_type`), which its `postMessage` events need, then any prefill.
 */
export function schedulerFrameUrl(
  url: string,
  siteUrl: string,
  prefill?: SchedulerPrefill | null,
): string {
  try {
    const address = new URL(url);
    address.searchParams.set("embed_domain", new URL(siteUrl).host);
    address.searchParams.set("embed_type", "Inline");
    return schedulerUrl(address.toString(), prefill);
  } catch {
    return schedulerUrl(url, prefill);
  }
}
