import type { Runtime } from "@server/runtime";
import { DISK_FULL_MESSAGE, diskState } from "@server/storage/disk-space";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { counterStoreFor } from "./counter-store";
import { countRefusal } from "./refusals";

/**
 * Per-IP limits on anonymous writes: form submissions, attachment uploads and password-reset
 * requests (DESIGN: spam defence on every public form). Counted per runtime: in PostgreSQL when the runtime is on it,
 * shared by every instance, else in memory (decision 0170).
 */

const WINDOW_SECONDS = 10 * 60;

export const RATE_LIMITED_MESSAGE =
  "You've sent several requests in a short time. Please wait a few minutes and try again, or email us directly.";

export type LimitKind =
  | "submission"
  | "upload"
  | "password-reset"
  | "consent"
  | "booking"
  | "passkey"
  | "review-password"
  | "review-comment"
  | "review-comment-link";

/** Passkey sign-ins one address may begin in the window (each stores a challenge). */
const PASSKEY_SIGN_INS_PER_WINDOW = 30;

/** Banner choices one address may record in the window: a person makes one or two. */
const CONSENT_RECORDS_PER_WINDOW = 30;

/** Booked calls one address may report in the window: a visitor books one. */
const BOOKINGS_PER_WINDOW = 10;

/**
 * The review room (issue #45, decision 0531): password tries one address may make on share links;
 * comments and replies one address may post; comments and replies one link may take from everyone
 * (a link is shared with a client's team: ten people noting a cut, each every few seconds).
 */
export const REVIEW_LIMITS = { passwords: 10, commentsPerAddress: 60, commentsPerLink: 300 };

/** Reset e-mails one address may ask for in the window: a person needs one or two. */
const PASSWORD_RESETS_PER_WINDOW = 5;

export const UPLOAD_QUOTA_MESSAGE =
  "Today's upload allowance is used up. Please try again tomorrow, or email us the files directly.";

interface Limiters {
  submission: RateLimiterAbstract;
  upload: RateLimiterAbstract;
  "password-reset": RateLimiterAbstract;
  consent: RateLimiterAbstract;
  booking: RateLimiterAbstract;
  passkey: RateLimiterAbstract;
  "review-password": RateLimiterAbstract;
  "review-comment": RateLimiterAbstract;
  /** Counted by the link's id, not an address. */
  "review-comment-link": RateLimiterAbstract;
  /** Bytes stored per IP per day, and from everyone per day (one key). */
  uploadBytes: RateLimiterAbstract;
  uploadBytesTotal: RateLimiterAbstract;
}

const DAY_SECONDS = 24 * 60 * 60;
const MB = 1024 * 1024;

const byRuntime = new WeakMap<Runtime, Limiters>();

function limitersFor(runtime: Runtime): Limiters {
  let limiters = byRuntime.get(runtime);
  if (!limiters) {
    const counter = counterStoreFor(runtime.database, runtime.logger);
    limiters = {
      submission: counter({
        keyPrefix: "submission",
        points: runtime.config.SUBMISSION_RATE_LIMIT,
        duration: WINDOW_SECONDS,
      }),
      upload: counter({
        keyPrefix: "upload",
        points: runtime.config.UPLOAD_RATE_LIMIT,
        duration: WINDOW_SECONDS,
      }),
      "password-reset": counter({
        keyPrefix: "password-reset",
        points: PASSWORD_RESETS_PER_WINDOW,
        duration: WINDOW_SECONDS,
      }),
      consent: counter({
        keyPrefix: "consent",
        points: CONSENT_RECORDS_PER_WINDOW,
        duration: WINDOW_SECONDS,
      }),
      booking: counter({
        keyPrefix: "booking",
        points: BOOKINGS_PER_WINDOW,
        duration: WINDOW_SECONDS,
      }),
      passkey: counter({
        keyPrefix: "passkey",
        points: PASSKEY_SIGN_INS_PER_WINDOW,
        duration: WINDOW_SECONDS,
      }),
      "review-password": counter({
        keyPrefix: "review-password",
        points: REVIEW_LIMITS.passwords,
        duration: WINDOW_SECONDS,
      }),
      "review-comment": counter({
        keyPrefix: "review-comment",
        points: REVIEW_LIMITS.commentsPerAddress,
        duration: WINDOW_SECONDS,
      }),
      "review-comment-link": counter({
        keyPrefix: "review-comment-link",
        points: REVIEW_LIMITS.commentsPerLink,
        duration: WINDOW_SECONDS,
      }),
      uploadBytes: counter({
        keyPrefix: "upload-bytes",
        points: runtime.config.UPLOAD_DAILY_MB_PER_IP * MB,
        duration: DAY_SECONDS,
      }),
      uploadBytesTotal: counter({
        keyPrefix: "upload-bytes-total",
        points: runtime.config.UPLOAD_DAILY_MB_TOTAL * MB,
        duration: DAY_SECONDS,
      }),
    };
    byRuntime.set(runtime, limiters);
  }
  return limiters;
}

/**
 * Counts one request of `key` (the client's address; a share link's id for "review-comment-link");
 * returns the seconds to wait when over the limit, else null.
 */
export async function consumeLimit(
  runtime: Runtime,
  kind: LimitKind,
  ip: string,
): Promise<number | null> {
  try {
    await limitersFor(runtime)[kind].consume(ip);
    return null;
  } catch (rejection) {
    // A store failure is not a refusal: the insurance limiter answers instead (counter-store.ts).
    countRefusal(runtime, kind);
    const wait = (rejection as { msBeforeNext?: number }).msBeforeNext ?? WINDOW_SECONDS * 1000;
    return Math.max(1, Math.ceil(wait / 1000));
  }
}

/**
 * Counts `bytes` of visitors' files against the daily quotas (per IP, and everyone together)
 * before they are stored. Returns false, counting nothing, when either would be exceeded.
 */
export async function consumeUploadQuota(
  runtime: Runtime,
  ip: string,
  bytes: number,
): Promise<boolean> {
  if (bytes <= 0) return true;
  const { uploadBytes, uploadBytesTotal } = limitersFor(runtime);
  const [mine, all] = await Promise.all([uploadBytes.get(ip), uploadBytesTotal.get("all")]);
  const fits = (used: number | undefined, limiter: RateLimiterAbstract) =>
    (used ?? 0) + bytes <= limiter.points;
  if (!fits(mine?.consumedPoints, uploadBytes) || !fits(all?.consumedPoints, uploadBytesTotal)) {
    countRefusal(runtime, "upload-quota");
    return false;
  }
  // A concurrent upload may have taken the last bytes meanwhile: over by at most one request.
  await Promise.all([
    uploadBytes.consume(ip, bytes).catch(() => {}),
    uploadBytesTotal.consume("all", bytes).catch(() => {}),
  ]);
  return true;
}

/**
 * May a visitor store `bytes` more? Null when yes (and counted); else the status and message to
 * answer: 507 when the disk is critically short, 429 when a daily quota is used up.
 */
export async function checkUploadAllowance(
  runtime: Runtime,
  ip: string,
  bytes: number,
): Promise<{ status: 429 | 507; message: string } | null> {
  if ((await diskState(runtime.config)) === "critical") {
    runtime.logger.warn("visitor upload refused: DATA_DIR is critically short of space");
    return { status: 507, message: DISK_FULL_MESSAGE };
  }
  if (!(await consumeUploadQuota(runtime, ip, bytes))) {
    return { status: 429, message: UPLOAD_QUOTA_MESSAGE };
  }
  return null;
}
