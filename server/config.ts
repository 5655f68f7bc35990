import path from "node:path";
import { z } from "zod";
import { DEFAULT_STUDIO_TIME_ZONE, isTimeZone } from "~/lib/studio-time";
import { passwordProblem } from "./security/passwords";
import { trustedRanges, trustsEveryAddress, widePublicEntries } from "./security/trusted-proxies";

/**
 * Configuration comes from the environment only, validated once at start.
 * A bad value stops the start with a message that names the variable.
 */

const boolean = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || protocols.some((p) => value.startsWith(`${p}:`)),
      `must be a URL starting with ${protocols.map((p) => `${p}://`).join(" or ")}`,
    )
    .refine((value) => value === undefined || URL.canParse(value), "must be a valid URL");

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** Hours of a session lifetime: decimals allowed (0.5 is 30 minutes), from a quarter hour to a year. */
const sessionHours = (fallback: number) =>
  optionalText
    .refine(
      (value) =>
        value === undefined ||
        (/^\d+(\.\d+)?$/.test(value) && Number(value) >= 0.25 && Number(value) <= 8760),
      "must be a number of hours from 0.25 to 8760",
    )
    .transform((value) => (value === undefined ? fallback : Number(value)));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /** Express "trust proxy": which hops may set X-Forwarded-For (for per-IP rate limits). */
    TRUST_PROXY: z
      .string()
      .default("loopback")
      .transform((value): boolean | number | string =>
        value === "true"
          ? true
          : value === "false"
            ? false
            : /^\d+$/.test(value)
              ? Number(value)
              : value,
      ),
    DATA_DIR: z.string().min(1).default("./data"),
    SITE_URL: optionalUrl(["http", "https"]),
    DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
    ADMIN_EMAIL: z
      .email()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    ADMIN_PASSWORD: optionalText.superRefine((value, ctx) => {
      const problem = value === undefined ? null : passwordProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem.reason });
    }),
    /** A back-office session ends this many hours after sign-in, however busy (decision 0276). */
    SESSION_MAX_HOURS: sessionHours(12),
    /** A back-office session unused this many hours ends. */
    SESSION_IDLE_HOURS: sessionHours(2),
    SMTP_URL: optionalUrl(["smtp", "smtps"]),
    MAIL_FROM: z.string().default("Studio Website <website@localhost>"),
    NOTIFY_EMAIL: z.email().default("hello@northlight.studio"),
    S3_BUCKET_PREFIX: z.string().default(""),
    S3_ENDPOINT: optionalUrl(["http", "https"]),
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: boolean.default(true),
    S3_PUBLIC_URL: optionalUrl(["http", "https"]),
    STORAGE_DRIVER: z.enum(["local", "s3"]).optional(),
    BOOKING_URL: z.url().default("https://calendly.com/northlight-studio/discovery-call"),
    /**
     * Applicants' own scheduling page (issue #47 item 18): the application's acknowledgement and
     * the interview template offer it. Unset: they offer no link (never BOOKING_URL's sales call).
     */
    INTERVIEW_BOOKING_URL: optionalUrl(["http", "https"]),
    GA_MEASUREMENT_ID: z
      .string()
      .trim()
      .regex(/^(G-[A-Z0-9]+)?$/, "must look like G-XXXXXXX")
      .optional()
      .transform((value) => (value ? value : undefined)),
    SEED_DEMO: boolean.default(true),
    AUTH_SECRET: optionalText.refine(
      (value) => value === undefined || value.length >= 32,
      "must be at least 32 characters",
    ),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /**
     * "off": this instance serves requests and enqueues jobs but runs none (no mail delivery, no
     * schedules); another instance on the same database does the work (decision 0493).
     */
    JOBS_WORK: z.enum(["on", "off"]).default("on"),
    /** The largest video master the Media library takes (issue #44), in bytes: 20 GB. */
    MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(20 * 1000 ** 3),
    /** The system's ffmpeg and ffprobe (Debian: `apt-get install ffmpeg`); found on PATH by default. */
    FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
    FFPROBE_PATH: z.string().min(1).default("ffprobe"),
    /** Public form submissions (inquiries, applications) per IP address per 10 minutes. */
    SUBMISSION_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Upload requests (contact attachments) per IP address per 10 minutes. */
    UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(40),
    /** Bytes of visitors' uploads stored per IP address per day, in MB. */
    UPLOAD_DAILY_MB_PER_IP: z.coerce.number().int().min(1).default(200),
    /** Bytes of visitors' uploads stored per day from everyone together, in MB. */
    UPLOAD_DAILY_MB_TOTAL: z.coerce.number().int().min(1).default(5120),
    /** Free space on DATA_DIR (local storage) under which unclaimed uploads go after an hour. */
    DISK_LOW_MB: z.coerce.number().int().min(0).default(2048),
    /** Free space on DATA_DIR (local storage) under which visitors' uploads are refused. */
    DISK_CRITICAL_MB: z.coerce.number().int().min(0).default(512),
    /**
     * Bearer token for /metrics (decision 0210). Unset: loopback peers only. Set: required from
     * everyone, loopback included (a reverse proxy on the same host makes visitors look local).
     */
    METRICS_TOKEN: optionalText.refine(
      (value) => value === undefined || (value.length >= 32 && /^\S+$/.test(value)),
      "must be at least 32 characters, without spaces",
    ),
    /** Where backup archives are kept (issue #21); `${DATA_DIR}/backups` when unset. */
    BACKUP_DIR: optionalText,
    /** Keep backup archives in this S3 bucket (S3_* credentials) instead of BACKUP_DIR. */
    BACKUP_S3_BUCKET: optionalText.refine(
      (value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
      "must be an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens)",
    ),
    /**
     * Hours between scheduled backups (decimals allowed); 0 turns the schedule off. Unset: 24 on
     * the embedded database, 0 with DATABASE_URL (a PostgreSQL server has its own backups).
     */
    BACKUP_INTERVAL_HOURS: optionalText
      .refine(
        (value) => value === undefined || (/^\d+(\.\d+)?$/.test(value) && Number(value) <= 8760),
        "must be a number of hours from 0 to 8760 (0 turns scheduled backups off)",
      )
      .transform((value) => (value === undefined ? undefined : Number(value))),
    /** How many succeeded backup archives rotation keeps. */
    BACKUP_KEEP: z.coerce
      .number({ error: "must be a whole number from 1 to 1000" })
      .int("must be a whole number from 1 to 1000")
      .min(1, "must be a whole number from 1 to 1000")
      .max(1000, "must be a whole number from 1 to 1000")
      .default(7),
    /** How many days audit-log rows are kept (issue #29: two years); pruned once a day. */
    AUDIT_RETENTION_DAYS: z.coerce
      .number({ error: "must be a whole number of days from 30 to 36500" })
      .int("must be a whole number of days from 30 to 36500")
      .min(30, "must be a whole number of days from 30 to 36500")
      .max(36_500, "must be a whole number of days from 30 to 36500")
      .default(730),
    /**
     * The studio's time zone (an IANA name): every date shown, scheduled publishing, the analytics
     * days and the audit log's dates are in it (issues #31 and 47; held by app/lib/studio-time.ts).
     */
    STUDIO_TIME_ZONE: z
      .string()
      .trim()
      .refine(isTimeZone, "must be an IANA time zone such as America/Los_Angeles")
      .default(DEFAULT_STUDIO_TIME_ZONE),
    /** Set to true to run in production with a TRUST_PROXY that trusts every address (decision 0269). */
    TRUST_PROXY_ACKNOWLEDGE: boolean.default(false),
  })
  .transform((env) => {
    const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
    const dataDir = path.resolve(env.DATA_DIR);
    return {
      ...env,
      DATA_DIR: dataDir,
      BACKUP_DIR: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")),
      BACKUP_INTERVAL_HOURS: env.BACKUP_INTERVAL_HOURS ?? (env.DATABASE_URL ? 0 : 24),
      SITE_URL: siteUrl,
      STORAGE_DRIVER:
        env.STORAGE_DRIVER ?? (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID ? "s3" : "local"),
    } as const;
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
    const proxyProblems =
      typeof env.TRUST_PROXY === "string" ? trustedRanges(env.TRUST_PROXY).problems : [];
    const proxyIssue = (message: string) =>
      ctx.addIssue({ code: "custom", path: ["TRUST_PROXY"], message });
    for (const problem of proxyProblems) proxyIssue(problem);
    // In production, a TRUST_PROXY that trusts strangers needs TRUST_PROXY_ACKNOWLEDGE.
    const unacknowledged = env.NODE_ENV === "production" && !env.TRUST_PROXY_ACKNOWLEDGE;
    if (proxyProblems.length === 0 && trustsEveryAddress(env.TRUST_PROXY) && unacknowledged) {
      proxyIssue(
        "trusts every client address, so any client could write its own X-Forwarded-For and dodge every per-IP limit; " +
          "set the number of proxies in front instead (e.g. TRUST_PROXY=1) or their addresses, or TRUST_PROXY_ACKNOWLEDGE=true " +
          "if the proxy in front always overwrites the header",
      );
    }
    // A public range wider than a /16 (IPv6: /32) trusts strangers too (decision 0460).
    const wide = proxyProblems.length === 0 ? widePublicEntries(env.TRUST_PROXY) : [];
    if (wide.length > 0 && !trustsEveryAddress(env.TRUST_PROXY) && unacknowledged) {
      proxyIssue(
        `${wide.join(", ")} ${wide.length === 1 ? "is a public range" : "are public ranges"} wider than a /16 (IPv6: /32), so clients there could write their own X-Forwarded-For and dodge the per-IP limits; ` +
          "list the proxies' own addresses or narrower ranges, or set TRUST_PROXY_ACKNOWLEDGE=true if every address there is a proxy that overwrites the header",
      );
    }
    if (env.SESSION_IDLE_HOURS > env.SESSION_MAX_HOURS) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_IDLE_HOURS"],
        message: `must not be more than SESSION_MAX_HOURS (${env.SESSION_MAX_HOURS})`,
      });
    }
    if (env.STORAGE_DRIVER === "s3" && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_ACCESS_KEY_ID"],
        message: "the S3 storage driver needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      });
    }
    if (env.BACKUP_S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_S3_BUCKET"],
        message: "keeping backups in S3 needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      });
    }
  });

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment (process.env by default); throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map(
        (issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`,
      ),
    );
  }
  return result.data;
}
