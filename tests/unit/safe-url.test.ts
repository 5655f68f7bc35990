import { describe, expect, it } from "vitest";
import { isSafeUrl } from "~/lib/safe-url";

/** The one URL-safety rule (app/lib/safe-url.ts, decision 0190). */

const DANGEROUS = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "data:image/png;base64,AAAA",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.example/x.png",
  "/\\evil.example/x.png",
  "ftp://x.test/a",
  "file:///etc/passwd",
];

describe("isSafeUrl", () => {
  it("accepts absolute http and https URLs with a host", () => {
    for (const ok of [
      "https://cdn.example.com/a.jpg",
      "http://x.test/v.mp4",
      "https://a.b/?q=1#x",
    ]) {
      expect(isSafeUrl(ok)).toBe(true);
      expect(isSafeUrl(ok, { sitePath: true })).toBe(true);
    }
  });

  it("refuses javascript:, data:, other schemes and protocol-relative addresses, always", () => {
    for (const bad of DANGEROUS) {
      expect(isSafeUrl(bad), bad).toBe(false);
      expect(isSafeUrl(bad, { sitePath: true }), bad).toBe(false);
      expect(
        isSafeUrl(bad, { sitePath: true, protocols: ["http:", "https:", "mailto:", "tel:"] }),
        bad,
      ).toBe(false);
    }
  });

  it("accepts a path on this site only when asked, never a relative one", () => {
    expect(isSafeUrl("/media/reel.mp4")).toBe(false);
    expect(isSafeUrl("/media/reel.mp4", { sitePath: true })).toBe(true);
    expect(isSafeUrl("/files/a.pdf?x=1", { sitePath: true })).toBe(true);
    for (const bad of ["media/x.png", "./x.png", "../x.png", "/media/a b.png", "x.test/a"]) {
      expect(isSafeUrl(bad, { sitePath: true }), bad).toBe(false);
    }
  });

  it("accepts mailto: and tel: only where they are allowed (the blog's links)", () => {
    const links = { sitePath: true, protocols: ["http:", "https:", "mailto:", "tel:"] };
    expect(isSafeUrl("mailto:hello@example.com")).toBe(false);
    expect(isSafeUrl("tel:+15551234567")).toBe(false);
    expect(isSafeUrl("mailto:hello@example.com", links)).toBe(true);
    expect(isSafeUrl("tel:+15551234567", links)).toBe(true);
  });

  it("refuses what is not a URL at all", () => {
    for (const bad of ["", "not a url", "https://", "http://"])
      expect(isSafeUrl(bad), bad).toBe(false);
  });
});
