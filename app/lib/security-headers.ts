/**
 * Security headers of every document (DESIGN.md, Security rules), built per request around a
 * fresh nonce, or around the hashes of a shared page's inline scripts (decision 0180). Pure: entry.server.tsx applies it; unit tests read it.
 *
 * Scripts: only those carrying the nonce (or matching a hash), plus what they load ('strict-dynamic': the React Router
 * chunks and, after consent, gtag.js). Frames: only the booking host, and on the back-office's
 * pages the signed links of resumes (decision 0312). Nobody may frame us.
 */

export interface SecurityHeaderOptions {
  /** This response's nonce (pages for one visitor)... */
  nonce?: string;
  /** ...or the sha256 (base64) of every inline script of a page shared by everyone (0180). */
  scriptHashes?: readonly string[];
  /** The external scheduling page shown in the booking frame. */
  bookingUrl: string;
  /** GA4 measurement id: when set, Google's analytics hosts are allowed. */
  gaMeasurementId?: string | null;
  /**
   * Sources the page may frame besides the booking host: the back-office's pages frame a resume
   * through its signed link (`'self'`, or the S3 origin; decision 0312). Public pages pass none.
   */
  frameSources?: readonly string[];
  /** Extra origins that serve uploaded images and videos (an S3 public URL). */
  mediaOrigins?: readonly string[];
  /** HSTS and upgrade-insecure-requests only when the site is served over https. */
  https: boolean;
}

const GA_SCRIPT = ["https://www.googletagmanager.com"];
const GA_CONNECT = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];
const GA_IMG = ["https://*.google-analytics.com", "https://*.googletagmanager.com"];

export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** The back-office's documents: /admin and below (never /administrators, a public path). */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const ga = Boolean(options.gaMeasurementId);
  const media = (options.mediaOrigins ?? []).map(originOf).filter((o): o is string => !!o);
  const booking = originOf(options.bookingUrl);
  const frames = [...new Set([...(booking ? [booking] : []), ...(options.frameSources ?? [])])];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'self' and the GA host only matter to browsers without 'strict-dynamic' (CSP2).
    "script-src": [
      ...(options.nonce ? [`'nonce-${options.nonce}'`] : []),
      ...(options.scriptHashes ?? []).map((hash) => `'sha256-${hash}'`),
      "'strict-dynamic'",
      "'self'",
      ...(ga ? GA_SCRIPT : []),
    ],
    // Inline style attributes (Radix positioning, scroll lock) are not a script vector.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...media, ...(ga ? GA_IMG : [])],
    "media-src": ["'self'", "blob:", ...media],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(ga ? GA_CONNECT : [])],
    "frame-src": frames.length > 0 ? frames : ["'none'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "manifest-src": ["'self'"],
    // hls.js demuxes in a worker it makes from a blob (issue #44): only a script already
    // allowed to run can make one.
    "worker-src": ["'self'", "blob:"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (options.https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Every header a document response carries. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), browsing-topics=()",
    // Allow popups we open (the booking page in a new window) to keep working.
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "X-Frame-Options": "DENY",
  };
  if (options.https) {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  return headers;
}

/** The headers that also make sense on non-document responses (data requests). */
export const BASIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};
