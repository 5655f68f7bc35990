import { loadConfig } from "@server/config";
import { signedUrlSource } from "@server/storage";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isAdminPath, securityHeaders } from "~/lib/security-headers";

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

  it("frames a resume's signed link on the back-office's pages only (decision 0312)", () => {
    const admin = contentSecurityPolicy({ ...base, frameSources: ["'self'"] });
    expect(directive(admin, "frame-src")).toEqual(["https://calendly.com", "'self'"]);
    expect(directive(admin, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(admin, "object-src")).toEqual(["'none'"]);
    expect(directive(contentSecurityPolicy({ ...base, bookingUrl: "" }), "frame-src")).toEqual([
      "'none'",
    ]);
    expect(
      directive(
        contentSecurityPolicy({ ...base, bookingUrl: "", frameSources: ["'self'"] }),
        "frame-src",
      ),
    ).toEqual(["'self'"]);
    for (const path of ["/admin", "/admin/", "/admin/job-applications/1"]) {
      expect(isAdminPath(path)).toBe(true);
    }
    for (const path of ["/", "/administrators", "/careers", "/files/admin/x"]) {
      expect(isAdminPath(path)).toBe(false);
    }
  });

  it("names the origin that serves the signed links: this site, or S3 as the SDK builds it", () => {
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: "/tmp", ...env });
    expect(signedUrlSource(config({ STORAGE_DRIVER: "local" }), "job-applications")).toBe("'self'");
    const s3 = { STORAGE_DRIVER: "s3", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" };
    expect(
      signedUrlSource(
        config({ ...s3, S3_ENDPOINT: "https://minio.example.com:9000/base" }),
        "job-applications",
      ),
    ).toBe("https://minio.example.com:9000");
    expect(
      signedUrlSource(
        config({
          ...s3,
          S3_ENDPOINT: "https://s3.example.com",
          S3_FORCE_PATH_STYLE: "false",
          S3_BUCKET_PREFIX: "studio-",
        }),
        "job-applications",
      ),
    ).toBe("https://studio-job-applications.s3.example.com");
    expect(
      signedUrlSource(
        config({ ...s3, S3_REGION: "eu-west-1", S3_FORCE_PATH_STYLE: "false" }),
        "job-applications",
      ),
    ).toBe("https://job-applications.s3.eu-west-1.amazonaws.com");
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
