import { isbot } from "isbot";
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

/** What counting needs of a user agent: whether it is a bot's (isbot), and what a view keeps. */
export interface UserAgentTraits {
  bot: boolean;
  device: DeviceClass;
  browser: BrowserFamily;
}

const traitsByUserAgent = new Map<string, UserAgentTraits>();
/** Remembered user agents, at most; the map is emptied when full. */
const MAX_REMEMBERED = 2_000;
/** A longer user agent is worked out every time rather than kept. */
const MAX_REMEMBERED_LENGTH = 512;

/**
 * A user agent's traits, remembered in memory (never stored). A site sees a few hundred distinct
 * user agents a day and every request of the public site asks: isbot's pattern and the patterns
 * above were the costliest part of counting a page view after the database's write (decision
 * 0423). Bounded in entries and in length, so odd headers cannot grow it.
 */
export function traitsOf(userAgent: string): UserAgentTraits {
  const known = traitsByUserAgent.get(userAgent);
  if (known) return known;
  const traits: UserAgentTraits = {
    bot: isbot(userAgent),
    device: deviceClassOf(userAgent),
    browser: browserFamilyOf(userAgent),
  };
  if (userAgent.length <= MAX_REMEMBERED_LENGTH) {
    if (traitsByUserAgent.size >= MAX_REMEMBERED) traitsByUserAgent.clear();
    traitsByUserAgent.set(userAgent, traits);
  }
  return traits;
}
