import { loadConfig } from "@server/config";
import { limitAddress } from "@server/security/client-ip";
import { trustsEveryAddress } from "@server/security/trusted-proxies";
import { describe, expect, it } from "vitest";

/**
 * Client addresses (decision 0269): which TRUST_PROXY values production refuses, and the address
 * a per-IP limit counts. The limit on a real request: tests/integration/public-addresses.test.ts.
 */

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as { problems?: string[] }).problems ?? [String(error)];
  }
}
const production = (TRUST_PROXY: string, extra: Record<string, string> = {}) =>
  problemsOf({ NODE_ENV: "production", TRUST_PROXY, ...extra });

/** Every spelling of "trust every client" we know of. */
const TRUSTS_EVERYONE = [
  "true",
  "0.0.0.0/1,128.0.0.0/1",
  "loopback, 0.0.0.0/1, 128.0.0.0/1",
  "::ffff:0:0/96",
  "::ffff:0.0.0.0/96",
  "::/1",
  "2000::/3",
  "2000::/4,3000::/4",
  "0.0.0.0/0.0.0.0",
  "0.0.0.0/0",
  "::/0",
  "0.0.0.0/0,::/0",
  "loopback,::/0",
  "203.0.113.7/0",
];

describe("TRUST_PROXY", () => {
  it.each(TRUSTS_EVERYONE)("refuses %s in production", (value) => {
    const problems = production(value);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.startsWith("TRUST_PROXY:"))).toBe(true);
  });

  it("takes one with TRUST_PROXY_ACKNOWLEDGE=true, unless Express cannot read it (/0)", () => {
    const acknowledged = { TRUST_PROXY_ACKNOWLEDGE: "true" };
    for (const value of ["true", "0.0.0.0/1,128.0.0.0/1", "::ffff:0:0/96", "2000::/3"]) {
      expect(production(value, acknowledged), value).toEqual([]);
    }
    for (const value of ["0.0.0.0/0", "::/0", "0.0.0.0/0,::/0", "0.0.0.0/0.0.0.0"]) {
      const problems = production(value, acknowledged);
      expect(problems.join("\n"), value).toMatch(/TRUST_PROXY: .*\/0 subnet.*TRUST_PROXY=true/);
    }
  });

  it.each([
    "loopback",
    "false",
    "1",
    "2",
    "uniquelocal",
    "loopback, linklocal, uniquelocal",
    "10.0.0.0/8, fd00::/8",
    "203.0.113.7",
    "203.0.113.0/255.255.255.0",
    "2001:db8::/32",
    "::ffff:10.0.0.1",
  ])("takes %s in production (some proxies, not everyone)", (value) => {
    expect(production(value)).toEqual([]);
    expect(trustsEveryAddress(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY)).toBe(false);
  });

  it("names what Express could not read, in every environment", () => {
    for (const value of [
      "proxy.internal",
      "10.0.0.0/33",
      "10.0.0.0/255.0.255.0",
      "loopback,",
      "",
    ]) {
      const problems = problemsOf({ TRUST_PROXY: value });
      expect(problems.length, value).toBeGreaterThan(0);
      expect(
        problems.every((p) => p.startsWith("TRUST_PROXY:")),
        value,
      ).toBe(true);
    }
    expect(problemsOf({ TRUST_PROXY: "proxy.internal" })[0]).toContain(
      '"proxy.internal" is not an IP address, a subnet or one of linklocal, loopback, uniquelocal',
    );
  });

  // Issue #47 item 14 (decision 0460): a public range wider than a /16 trusts strangers too.
  it.each([
    "203.0.0.0/15",
    "104.16.0.0/13",
    "loopback, 198.0.0.0/8",
    "203.0.113.0/255.254.0.0",
    "::ffff:198.0.0.0/104",
    "2400::/31",
  ])("refuses the wide public range %s in production, unless acknowledged", (value) => {
    const problems = production(value);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^TRUST_PROXY: .* wider than a \/16 .*TRUST_PROXY_ACKNOWLEDGE=true/,
    );
    expect(production(value, { TRUST_PROXY_ACKNOWLEDGE: "true" })).toEqual([]);
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([]);
  });

  it.each([
    "203.0.0.0/16",
    "10.0.0.0/8",
    "172.16.0.0/12",
    "100.64.0.0/10",
    "fc00::/7",
    "2400:cb00::/32",
  ])("takes %s in production (public /16 at most, or a private range)", (value) => {
    expect(production(value)).toEqual([]);
  });

  it("takes a list that trusts everyone outside production, as it takes true", () => {
    expect(problemsOf({ TRUST_PROXY: "0.0.0.0/1,128.0.0.0/1" })).toEqual([]);
    expect(problemsOf({ NODE_ENV: "test", TRUST_PROXY: "true" })).toEqual([]);
  });
});

describe("the address a per-IP limit counts", () => {
  it("is an IPv6 address's /64", () => {
    expect(limitAddress("2001:db8:28:64::1")).toBe("2001:db8:28:64::/64");
    expect(limitAddress("2001:0db8:0028:0064:ffff:ffff:ffff:fffe")).toBe("2001:db8:28:64::/64");
    expect(limitAddress("2001:db8:28:65::1")).toBe("2001:db8:28:65::/64");
    expect(limitAddress("::1")).toBe("::/64");
    expect(limitAddress("fe80::1%eth0")).toBe("fe80::/64");
  });

  it("is an IPv4 address itself, also when a dual-stack socket maps it into IPv6", () => {
    expect(limitAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(limitAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(limitAddress("::FFFF:127.0.0.1")).toBe("127.0.0.1");
  });

  it("leaves anything else as it is", () => {
    expect(limitAddress("unknown")).toBe("unknown");
  });
});
