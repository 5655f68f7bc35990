import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { startE2eSmtp } from "./tests/support/e2e-smtp";

/**
 * End-to-end tests run against the production build on a fresh DATA_DIR (embedded database,
 * demo content seeded), in Debian's Chromium.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
export const E2E_GA_ID = "G-TEST123";
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password" };
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "studio-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

// The notifications of the server under test go to a real SMTP server; tests read its inbox.
const SMTP_PORT = PORT + 20;
export const E2E_NOTIFY_EMAIL = "studio-inbox@e2e.test";
process.env.E2E_SMTP_INBOX ??= `${dataDir}-inbox.jsonl`;
if (!process.env.TEST_WORKER_INDEX) startE2eSmtp(SMTP_PORT, process.env.E2E_SMTP_INBOX);

// Debian's chromium-headless-shell when installed: the same engine without the browser's UI (what
// Playwright itself runs for headless tests), a fifth quicker on this suite; else Debian's chromium.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromium = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // The back-office servers' starting data, built once per run (tests/support/e2e-global-setup.ts).
  globalSetup: "./tests/support/e2e-global-setup.ts",
  fullyParallel: false,
  // Spec files are shared between two workers (the admin specs start a server per worker; the
  // public specs share the one below and write nothing another spec reads).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A test's time limit is a budget, not a speed check (speed is measured in benchmarks): under
  // load (CI beside CPU hogs) each step takes several times longer, and the tests wait for state,
  // so the budget is twice Playwright's default. Assertions keep their own 5 s default.
  timeout: 60_000,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
      // At 390 px on a phone what the width changes (layout, navigation, dialogs, banner, touch
      // interactions) and the per-page axe sweeps (site-pages, admin-screens); in these files a
      // test the width does not change skips here. Sign-in, forms, workflows and empty states
      // behave the same at every width and run once, on desktop, auditing their screens at 1280
      // and 390 px by resizing the page (decision 0410).
      testMatch: [
        "site-frame.spec.ts",
        "site-booking.spec.ts",
        "site-consent.spec.ts",
        "site-pages.spec.ts",
        "site-interactions.spec.ts",
        "content-pages.spec.ts",
        "admin-screens.spec.ts",
        // The client's review page is used on phones: every step at 390 px (issue #45).
        "review-room.spec.ts",
      ],
    },
  ],
  webServer: {
    command: "node server.js",
    url: `${E2E_BASE_URL}/healthz`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: E2E_BASE_URL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      // The outbox is read as often as on the back-office servers that send mail (pipelines, staff).
      // No scheduled backup in the middle of the suite (the Backups spec backs up by hand).
      BACKUP_INTERVAL_HOURS: "0",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      NOTIFY_EMAIL: E2E_NOTIFY_EMAIL,
      MAIL_FROM: "Northlight Website <website@e2e.test>",
      // Every e2e request comes from 127.0.0.1; the limits have their own integration tests.
      SUBMISSION_RATE_LIMIT: "1000",
      UPLOAD_RATE_LIMIT: "1000",
      // Analytics configured but loaded only after consent; tests intercept the script URL.
      GA_MEASUREMENT_ID: E2E_GA_ID,
    },
  },
});
