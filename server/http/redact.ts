/**
 * Signed links carry their credential in the query string (local `/files` links: `signature`;
 * S3 presigned links: `X-Amz-*`). Logs keep the path and the parameter names, never the values.
 * A signed link's disposition (`disposition`, S3's `response-content-disposition`) names the
 * visitor's file (decision 0312): personal data, redacted too. A review page's path is its
 * share link's token: redacted as well.
 */

const SECRET_PARAMS =
  /^(sig|signature|token|expires|disposition|response-content-disposition|x-amz-.*)$/i;

/** A share link's page carries its token in the path (issue #45): the log keeps the route only. */
const TOKEN_PATH = /^\/review\/[^/?#.]+/;

export function redactUrl(address: string): string {
  const url = address.replace(TOKEN_PATH, "/review/[redacted]");
  const at = url.indexOf("?");
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0] ?? "";
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape: judge the raw name.
      }
      return SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, at)}?${query}`;
}
