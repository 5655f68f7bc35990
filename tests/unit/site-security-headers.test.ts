import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "~/lib/security-headers";

const base = {
  nonce: "abc123",
  bookingUrl: "https://calendly.com/northlight/discovery",
  https: false,
};

function directive(policy: string, name: string): string[] {
  const found = policy.split("; ").find((d) => d.startsWith(`${name} `) || d === name);
  return found ? found.split(" ").slice(1) : [];
}

describe("security headers", () => {
  it("allows only nonced scripts (and what they load), never inline ones", () => {
    const csp = contentSecurityPolicy(base);
    const scripts = directive(csp, "script-src");
    expect(scripts).toContain("'nonce-abc123'");
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(directive(csp, "object-src")).toEqual(["'none'"]);
    expect(directive(csp, "base-uri")).toEqual(["'self'"]);
  });

  it("frames only the booking host and is never framed", () => {
    const csp = contentSecurityPolicy(base);
    expect(directive(csp, "frame-src")).toEqual(["https://calendly.com"]);
    expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
  });

  it("allows Google Analytics hosts only when a measurement id is configured", () => {
    expect(contentSecurityPolicy(base)).not.toContain("googletagmanager");
    const csp = contentSecurityPolicy({ ...base, gaMeasurementId: "G-TEST123" });
    expect(directive(csp, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(csp, "connect-src")).toContain("https://*.google-analytics.com");
    expect(directive(csp, "img-src")).toContain("https://*.google-analytics.com");
  });

  it("lets media come from a configured storage origin", () => {
    const csp = contentSecurityPolicy({
      ...base,
      mediaOrigins: ["https://cdn.example.com/bucket/"],
    });
    expect(directive(csp, "img-src")).toContain("https://cdn.example.com");
    expect(directive(csp, "media-src")).toContain("https://cdn.example.com");
  });

  it("sends HSTS and upgrades requests only under https", () => {
    const http = securityHeaders(base);
    expect(http["Strict-Transport-Security"]).toBeUndefined();
    expect(http["Content-Security-Policy"]).not.toContain("upgrade-insecure-requests");
    const https = securityHeaders({ ...base, https: true });
    expect(https["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(https["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    for (const headers of [http, https]) {
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
      expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["Permissions-Policy"]).toContain("camera=()");
      expect(headers["Cross-Origin-Opener-Policy"]).toBeTruthy();
    }
  });
});
