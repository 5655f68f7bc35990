import path from "node:path";
import { ConfigError, loadConfig } from "@server/config";
import { describe, expect, it } from "vitest";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration", () => {
  it("has working defaults for the embedded setup", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve("./data"));
    expect(config.SITE_URL).toBe("http://localhost:3000");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.STORAGE_DRIVER).toBe("local");
  });

  it("ends sessions after 12 hours, or 2 idle hours, unless configured otherwise", () => {
    expect(loadConfig({})).toMatchObject({ SESSION_MAX_HOURS: 12, SESSION_IDLE_HOURS: 2 });
    expect(loadConfig({ SESSION_MAX_HOURS: "24", SESSION_IDLE_HOURS: "0.5" })).toMatchObject({
      SESSION_MAX_HOURS: 24,
      SESSION_IDLE_HOURS: 0.5,
    });
    expect(problemsOf({ SESSION_IDLE_HOURS: "13" })).toEqual([
      "SESSION_IDLE_HOURS: must not be more than SESSION_MAX_HOURS (12)",
    ]);
  });

  it("refuses an ADMIN_PASSWORD under 12 characters with a clear message", () => {
    expect(problemsOf({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "eleven-char" })).toEqual([
      "ADMIN_PASSWORD: must be at least 12 characters",
    ]);
    expect(
      loadConfig({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "twelve-chars" }).ADMIN_PASSWORD,
    ).toBe("twelve-chars");
  });

  it("refuses a common ADMIN_PASSWORD (the shipped list) with a clear message", () => {
    expect(problemsOf({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "Password1234" })).toEqual([
      "ADMIN_PASSWORD: is one of the most common passwords, the first ones attackers try: choose another",
    ]);
  });

  it("derives SITE_URL from PORT and strips a trailing slash", () => {
    expect(loadConfig({ PORT: "4000" }).SITE_URL).toBe("http://localhost:4000");
    expect(loadConfig({ SITE_URL: "https://studio.example/" }).SITE_URL).toBe(
      "https://studio.example",
    );
  });

  it("reads INTERVIEW_BOOKING_URL: unset or empty is none, an http(s) URL is kept, anything else refused", () => {
    expect(loadConfig({}).INTERVIEW_BOOKING_URL).toBeUndefined();
    expect(loadConfig({ INTERVIEW_BOOKING_URL: " " }).INTERVIEW_BOOKING_URL).toBeUndefined();
    expect(
      loadConfig({ INTERVIEW_BOOKING_URL: "https://cal.example/studio/interview" })
        .INTERVIEW_BOOKING_URL,
    ).toBe("https://cal.example/studio/interview");
    for (const bad of ["javascript:alert(1)", "not a url", "https://"]) {
      expect(problemsOf({ INTERVIEW_BOOKING_URL: bad })[0]).toMatch(
        /^INTERVIEW_BOOKING_URL: must be/,
      );
    }
  });

  it("reads booleans", () => {
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: "on" }).SEED_DEMO).toBe(true);
  });

  it.each([
    [{ PORT: "seventy" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SITE_URL: "ftp://studio" }, "SITE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "twelve chars" }, "ADMIN_EMAIL"],
    [{ ADMIN_EMAIL: "a@b.co" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
    [{ SESSION_MAX_HOURS: "a day" }, "SESSION_MAX_HOURS"],
    [{ SESSION_MAX_HOURS: "0" }, "SESSION_MAX_HOURS"],
    [{ SESSION_IDLE_HOURS: "-2" }, "SESSION_IDLE_HOURS"],
    [{ SESSION_IDLE_HOURS: "13" }, "SESSION_IDLE_HOURS"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ GA_MEASUREMENT_ID: "UA-1" }, "GA_MEASUREMENT_ID"],
    [{ AUTH_SECRET: "too-short" }, "AUTH_SECRET"],
    [{ METRICS_TOKEN: "too-short" }, "METRICS_TOKEN"],
    [{ METRICS_TOKEN: `${"x".repeat(20)} ${"y".repeat(20)}` }, "METRICS_TOKEN"],
    [{ STORAGE_DRIVER: "s3" }, "S3_ACCESS_KEY_ID"],
    [{ BACKUP_INTERVAL_HOURS: "daily" }, "BACKUP_INTERVAL_HOURS"],
    [{ BACKUP_INTERVAL_HOURS: "-1" }, "BACKUP_INTERVAL_HOURS"],
    [{ BACKUP_KEEP: "0" }, "BACKUP_KEEP"],
    [{ BACKUP_KEEP: "2.5" }, "BACKUP_KEEP"],
    [{ BACKUP_S3_BUCKET: "Not_A_Bucket" }, "BACKUP_S3_BUCKET"],
    [{ BACKUP_S3_BUCKET: "backups" }, "BACKUP_S3_BUCKET"],
  ])("names the bad variable in %j", (env, variable) => {
    const problems = problemsOf(env as Record<string, string>);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((p) => p.startsWith(`${variable}:`))).toBe(true);
  });

  it("reads JOBS_WORK: on by default, off makes an instance enqueue only", () => {
    expect(loadConfig({}).JOBS_WORK).toBe(true);
    expect(loadConfig({ JOBS_WORK: "" }).JOBS_WORK).toBe(true);
    expect(loadConfig({ JOBS_WORK: "on" }).JOBS_WORK).toBe(true);
    expect(loadConfig({ JOBS_WORK: "off" }).JOBS_WORK).toBe(false);
    for (const bad of ["false", "no", "0", "OFF"]) {
      expect(problemsOf({ JOBS_WORK: bad })).toEqual(["JOBS_WORK: must be on or off"]);
    }
  });

  it("reads METRICS_TOKEN: none by default (loopback only), else 32+ characters", () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "k".repeat(32) }).METRICS_TOKEN).toBe("k".repeat(32));
  });

  it("picks the S3 driver when S3 credentials are given", () => {
    const config = loadConfig({
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.STORAGE_DRIVER).toBe("s3");
  });

  it("reads the backup settings: daily, keep 7 under DATA_DIR on the embedded database", () => {
    const embedded = loadConfig({ DATA_DIR: "/srv/studio" });
    expect(embedded.BACKUP_DIR).toBe(path.resolve("/srv/studio/backups"));
    expect(embedded.BACKUP_INTERVAL_HOURS).toBe(24);
    expect(embedded.BACKUP_KEEP).toBe(7);
    expect(embedded.BACKUP_S3_BUCKET).toBeUndefined();
    // With PostgreSQL the schedule is off unless asked for (its server has its own backups).
    const postgres = loadConfig({ DATABASE_URL: "postgres://db/studio" });
    expect(postgres.BACKUP_INTERVAL_HOURS).toBe(0);
    const custom = loadConfig({
      DATABASE_URL: "postgres://db/studio",
      BACKUP_INTERVAL_HOURS: "0.5",
      BACKUP_KEEP: "3",
      BACKUP_DIR: "/mnt/backups",
    });
    expect(custom).toMatchObject({
      BACKUP_INTERVAL_HOURS: 0.5,
      BACKUP_KEEP: 3,
      BACKUP_DIR: path.resolve("/mnt/backups"),
    });
  });
});
