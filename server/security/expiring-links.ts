import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Links that open one thing until they expire: an HMAC-SHA256 of the subject and the expiry in
 * the query (`expires`, `signature`). Local storage's /files links and the backup downloads use
 * it, each with a key of its own, so a link made for one never opens the other.
 */
export interface ExpiringLinks {
  /** The query string that opens `subject` for `expiresInSeconds`. */
  sign(subject: string, expiresInSeconds: number): string;
  /** True when the query was signed for `subject` with this key and has not expired. */
  verify(subject: string, query: URLSearchParams): boolean;
}

export function expiringLinks(key: string | Buffer, now: () => number = Date.now): ExpiringLinks {
  const mac = (subject: string, expires: number) =>
    createHmac("sha256", key).update(`${subject}:${expires}`).digest();
  return {
    sign(subject, expiresInSeconds) {
      const expires = Math.floor(now() / 1000) + expiresInSeconds;
      return new URLSearchParams({
        expires: String(expires),
        signature: mac(subject, expires).toString("hex"),
      }).toString();
    },
    verify(subject, query) {
      const expires = query.get("expires") ?? "";
      const signature = query.get("signature") ?? "";
      if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
      if (Number(expires) * 1000 <= now()) return false;
      return timingSafeEqual(Buffer.from(signature, "hex"), mac(subject, Number(expires)));
    },
  };
}
