import type { BrowserFamily, DeviceClass } from "~/lib/values";

/**
 * The two things a page view keeps of its user agent (issue #33): the device class and the
 * browser family. A few patterns in a fixed order, not a user-agent library: these two answers are
 * all the analytics screen shows, and the string itself is never stored.
 */

export function deviceClassOf(userAgent: string): DeviceClass {
  if (userAgent === "") return "other";
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry/i.test(userAgent)) return "mobile";
  if (/Windows NT|Macintosh|X11|Linux|CrOS/i.test(userAgent)) return "desktop";
  return "other";
}

export function browserFamilyOf(userAgent: string): BrowserFamily {
  // The order matters: Edge, Opera and Samsung Internet also say "Chrome" and "Safari".
  if (/Edg(?:e|A|iOS)?\//.test(userAgent)) return "edge";
  if (/OPR\/|Opera/.test(userAgent)) return "opera";
  if (/SamsungBrowser\//.test(userAgent)) return "samsung";
  if (/Firefox\/|FxiOS\//.test(userAgent)) return "firefox";
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return "chrome";
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return "safari";
  return "other";
}
