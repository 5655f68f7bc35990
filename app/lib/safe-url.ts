/**
 * The one URL-safety rule (decision 0190): what a link or an image address from a form or from
 * stored data may hold, checked the same way in the browser and on the server.
 * - An absolute URL whose protocol is allowed: http: and https: unless `protocols` says otherwise
 *   (the blog's links add mailto: and tel:); an http(s) URL must name a host.
 * - With `sitePath`, a path on this site ("/files/…"): one leading slash, never "//" or "/\" (both
 *   name another host), no white space.
 * Never javascript:, data:, vbscript:, protocol-relative or relative ("media/x.png") addresses.
 */
export const WEB_PROTOCOLS: readonly string[] = ["http:", "https:"];

export function isSafeUrl(
  value: string,
  options: { sitePath?: boolean; protocols?: readonly string[] } = {},
): boolean {
  if (value.startsWith("/")) return options.sitePath === true && /^\/(?![/\\])\S*$/.test(value);
  try {
    const url = new URL(value);
    if (!(options.protocols ?? WEB_PROTOCOLS).includes(url.protocol)) return false;
    return !WEB_PROTOCOLS.includes(url.protocol) || url.hostname !== "";
  } catch {
    return false;
  }
}
