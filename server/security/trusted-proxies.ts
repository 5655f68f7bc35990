import ipaddr from "ipaddr.js";

/**
 * TRUST_PROXY (Express "trust proxy") read as Express reads it (proxy-addr, on ipaddr.js): `true`,
 * a hop count, or a comma-separated list of addresses, subnets (`address/bits`, or an IPv4
 * `address/netmask`) and the names below. Checked at start (config.ts; decision 0269): a list
 * Express would reject is a configuration error, and one that trusts every client address
 * (whatever its spelling: `0.0.0.0/1,128.0.0.0/1` is as open as `true`) lets any client write the
 * address per-IP limits count, so production refuses it without TRUST_PROXY_ACKNOWLEDGE.
 */

/** proxy-addr's names for address ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  loopback: ["127.0.0.1/8", "::1/128"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** A range of the IPv6 space as numbers; IPv4 sits in the IPv4-mapped block (::ffff:0:0/96). */
type Range = readonly [first: bigint, last: bigint];

const SPACE_BITS = 128n;

function toBigInt(address: ipaddr.IPv4 | ipaddr.IPv6): bigint {
  const v6 = address.kind() === "ipv4" ? (address as ipaddr.IPv4).toIPv4MappedAddress() : address;
  return v6.toByteArray().reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
}

function rangeOf(address: ipaddr.IPv4 | ipaddr.IPv6, bits: number): Range {
  const prefix = BigInt(bits + (address.kind() === "ipv4" ? 96 : 0));
  const size = 1n << (SPACE_BITS - prefix);
  const first = (toBigInt(address) / size) * size;
  return [first, first + size - 1n];
}

/** Every IPv4 address, and every address of the public IPv6 internet (global unicast, 2000::/3). */
const ALL_IPV4: Range = rangeOf(ipaddr.parse("0.0.0.0"), 0);
const ALL_PUBLIC_IPV6: Range = rangeOf(ipaddr.parse("2000::"), 3);

/**
 * Ranges that are no one's public address: private, loopback, link-local, shared (CGNAT) and
 * unique-local. A proxy there is on the operator's own network.
 */
const NOT_PUBLIC: Range[] = [...Object.values(NAMED_RANGES).flat(), "100.64.0.0/10"].map((cidr) => {
  const [text, bits] = cidr.split("/");
  return rangeOf(ipaddr.parse(text ?? ""), Number(bits));
});

/** The widest public range taken without TRUST_PROXY_ACKNOWLEDGE: an IPv4 /16, an IPv6 /32. */
const WIDEST_PUBLIC_IPV4 = 1n << 16n;
const WIDEST_PUBLIC_IPV6 = 1n << 96n;

/** One entry of the list as a range, or why Express would reject it. */
function parseEntry(entry: string): Range | string {
  const slash = entry.lastIndexOf("/");
  const text = slash === -1 ? entry : entry.slice(0, slash);
  if (!ipaddr.isValid(text)) {
    return `"${entry}" is not an IP address, a subnet or one of ${Object.keys(NAMED_RANGES).join(", ")}`;
  }
  let address = ipaddr.parse(text);
  if (slash === -1 && address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  const max = address.kind() === "ipv6" ? 128 : 32;
  const suffix = slash === -1 ? null : entry.slice(slash + 1);
  let bits: number | null = max;
  if (suffix !== null) {
    if (/^\d+$/.test(suffix)) bits = Number(suffix);
    else if (address.kind() === "ipv4" && ipaddr.IPv4.isValid(suffix)) {
      bits = ipaddr.IPv4.parse(suffix).prefixLengthFromSubnetMask();
    } else bits = null;
  }
  if (bits === 0) {
    return `"${entry}" is a /0 subnet, which Express does not accept; to trust every address, set TRUST_PROXY=true (production also needs TRUST_PROXY_ACKNOWLEDGE=true)`;
  }
  if (bits === null || bits < 0 || bits > max) return `"${entry}" has an invalid subnet size`;
  return rangeOf(address, bits);
}

/**
 * The entries of a TRUST_PROXY list that trust a public range wider than an IPv4 /16 (65,536
 * addresses) or an IPv6 /32 (issue #47 item 14, decision 0460): production takes them only with
 * TRUST_PROXY_ACKNOWLEDGE. Private, loopback and link-local ranges of any size are the
 * operator's own network and stay accepted.
 */
export function widePublicEntries(value: boolean | number | string): string[] {
  if (typeof value !== "string") return [];
  return value
    .split(",")
    .map((part) => part.trim())
    .filter((entry) => {
      if (Object.hasOwn(NAMED_RANGES, entry)) return false;
      const range = parseEntry(entry);
      if (typeof range === "string") return false;
      const [first, last] = range;
      if (NOT_PUBLIC.some(([from, to]) => from <= first && last <= to)) return false;
      const size = last - first + 1n;
      const ipv4 = ALL_IPV4[0] <= first && last <= ALL_IPV4[1];
      return size > (ipv4 ? WIDEST_PUBLIC_IPV4 : WIDEST_PUBLIC_IPV6);
    });
}

/** The ranges of a TRUST_PROXY list, or the problems Express would have reading it. */
export function trustedRanges(list: string): { ranges: Range[]; problems: string[] } {
  const ranges: Range[] = [];
  const problems: string[] = [];
  for (const entry of list.split(",").map((part) => part.trim())) {
    for (const note of NAMED_RANGES[entry] ?? [entry]) {
      const parsed = parseEntry(note);
      if (typeof parsed === "string") problems.push(parsed);
      else ranges.push(parsed);
    }
  }
  return { ranges, problems };
}

/** Whether `ranges` together hold every address of `target`. */
function covers(ranges: readonly Range[], [first, last]: Range): boolean {
  let next = first;
  for (const [from, to] of [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (from > next) break;
    if (to >= next) next = to + 1n;
    if (next > last) return true;
  }
  return next > last;
}

/**
 * Whether this TRUST_PROXY value trusts every client: `true`, or a list that spans all of IPv4 or
 * the whole public IPv6 internet. A hop count trusts positions, not addresses: not this.
 */
export function trustsEveryAddress(value: boolean | number | string): boolean {
  if (value === true) return true;
  if (typeof value !== "string") return false;
  const { ranges } = trustedRanges(value);
  return covers(ranges, ALL_IPV4) || covers(ranges, ALL_PUBLIC_IPV6);
}
