import { createHash, randomBytes } from "node:crypto";
import { browserFamilyOf, deviceClassOf, traitsOf } from "@server/visits/user-agent";
import { visitIdOf } from "@server/visits/view-rules";
import { isbot } from "isbot";
import { describe, expect, it } from "vitest";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const EDGE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";
const TABLET =
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("a user agent's traits", () => {
  it("tells the device class and browser family, and a bot", () => {
    expect(traitsOf(IPHONE)).toEqual({ bot: false, device: "mobile", browser: "safari" });
    expect(traitsOf(EDGE)).toEqual({ bot: false, device: "desktop", browser: "edge" });
    expect(traitsOf(TABLET)).toEqual({ bot: false, device: "tablet", browser: "chrome" });
    expect(traitsOf(GOOGLEBOT).bot).toBe(true);
    expect(traitsOf("")).toMatchObject({ device: "other", browser: "other" });
  });

  it("remembers a user agent's traits, and answers the same past its bounds", () => {
    // Remembered: the same answer object, not worked out again.
    expect(traitsOf(IPHONE)).toBe(traitsOf(IPHONE));
    // Past the bound of remembered user agents (the map is emptied) and of their length, every
    // answer is still the one the patterns give.
    for (let i = 0; i < 2_500; i++) {
      const agent = i % 2 ? `${EDGE} build/${i}` : `Mozilla/5.0 (compatible; Crawler-${i}bot/1.0)`;
      const traits = traitsOf(agent);
      expect(traits.bot).toBe(isbot(agent));
      expect(traits.device).toBe(deviceClassOf(agent));
      expect(traits.browser).toBe(browserFamilyOf(agent));
    }
    const long = `${IPHONE} ${"x".repeat(600)}`;
    expect(traitsOf(long)).toEqual({ bot: false, device: "mobile", browser: "safari" });
    expect(traitsOf(long)).not.toBe(traitsOf(long));
  });
});

describe("a visit id", () => {
  it("is the first 64 bits of SHA-256 of the salt, the site, the IP address and the user agent", () => {
    const salt = randomBytes(32);
    const visitor = { ip: "203.0.113.9", userAgent: IPHONE };
    const digest = createHash("sha256")
      .update(salt)
      .update("\u0000")
      .update("https://studio.example")
      .update("\u0000")
      .update("203.0.113.9")
      .update("\u0000")
      .update(IPHONE)
      .digest();
    expect(visitIdOf(salt, "https://studio.example", visitor)).toBe(digest.readBigInt64BE(0));
    expect(visitIdOf(randomBytes(32), "https://studio.example", visitor)).not.toBe(
      digest.readBigInt64BE(0),
    );
  });
});
