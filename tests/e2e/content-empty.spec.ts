import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";

/**
 * The content pages with an empty database (SEED_DEMO=false): the built-in samples and the six
 * fixed case-study ids still work. A second production server is started for this file, on
 * E2E_PORT + 10, with its own DATA_DIR.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 10;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const FIXED_IDS = {
  "low-tide-records": "Low Tide Records",
  "ardent-skincare": "Ardent Skincare",
  "estate-media": "Estate Media",
  "first-access-entertainment": "First Access Entertainment",
  "casa-palmera-hotels": "Casa Palmera Hotels",
  "parallax-fitness": "Parallax Fitness",
};

let server: ChildProcess | undefined;
let dataDir: string;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE_URL });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "studio-e2e-empty-"));
  server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: BASE_URL,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 60_000) throw new Error("the SEED_DEMO=false server did not start");
    try {
      if ((await fetch(`${BASE_URL}/healthz`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("/case-studies shows the built-in samples, without an error", async ({ page }) => {
  const response = await page.goto("/case-studies");
  expect(response?.status()).toBe(200);
  await expect(page.locator('main h3 a[href^="/case-studies/"]')).toHaveText(
    Object.values(FIXED_IDS),
  );
  await expect(page.getByText("Unable to load case studies")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the six fixed case-study ids work; another id is 404", async ({ page }) => {
  for (const [id, title] of Object.entries(FIXED_IDS)) {
    const response = await page.goto(`/case-studies/${id}`);
    expect(response?.status(), id).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  }
  const response = await page.goto("/case-studies/meridian-freight");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Case Study Not Found" })).toBeVisible();
});

test("/portfolio and /blog show their empty states", async ({ page }) => {
  await page.goto("/portfolio");
  await expect(page.getByText("No portfolio items available yet.")).toBeVisible();
  await page.goto("/blog");
  await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Clear Filters" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the samples and a fixed id render as HTML", async ({ page }) => {
    await page.goto("/case-studies");
    await expect(page.locator('main h3 a[href^="/case-studies/"]')).toHaveCount(6);
    await page.goto("/case-studies/low-tide-records");
    await expect(page.locator('[data-layout="music-videos"] video')).toHaveCount(5);
  });
});
