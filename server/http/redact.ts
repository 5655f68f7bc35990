/**
 * Signed links carry their credential in the query string (local `/files` links: `signature`;
 * S3 presigned links: `X-Amz-*`). Logs keep the path and the parameter names, never the values.
 */

const SECRET_PARAMS = /^(sig|signature|token|expires|x-amz-.*)$/i;

export function redactUrl(url: string): string {
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
