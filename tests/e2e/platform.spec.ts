import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { hydrationModules } from "../../scripts/lib/page-scripts";

test.describe("platform", () => {
  test("the home page is server-rendered and hydrates without errors", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("all in-house");
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });

  test("/healthz reports the database, the page cache's counters and the backups", async ({
    request,
  }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      database: "ok",
      pageCache: {
        entries: expect.any(Number),
        bytes: expect.any(Number),
        hits: expect.any(Number),
        misses: expect.any(Number),
        bypasses: expect.any(Number),
        stores: expect.any(Number),
        evictions: expect.any(Number),
        invalidations: expect.any(Number),
      },
      // The e2e server runs with BACKUP_INTERVAL_HOURS=0 and has taken no backup.
      backup: { schedule: "off", running: false, lastRun: null },
    });
  });

  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("storage: an unknown bucket is 404 and a private file needs a signed link", async ({
    request,
  }) => {
    expect((await request.get("/files/not-a-bucket/x.png")).status()).toBe(404);
    // Without a signature a private file does not exist (decision 0275); a bad one is refused.
    const privateFile = await request.get("/files/job-applications/resumes/1_abc.pdf");
    expect(privateFile.status()).toBe(404);
    const forged = await request.get(
      "/files/job-applications/resumes/1_abc.pdf?expires=9999999999&signature=forged",
    );
    expect(forged.status()).toBe(403);
  });
});

test.describe("static assets", () => {
  test("scripts go out as the build's brotli or zopfli file, never compressed again", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const framework = hydrationModules(html).find((href) => href.includes("/framework-"));
    expect(framework).toBeDefined();
    const file = path.join(import.meta.dirname, "../../build/client", framework as string);
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      const response = await request.get(framework as string, {
        headers: { "Accept-Encoding": encoding },
      });
      expect(response.headers()["content-encoding"]).toBe(encoding);
      expect(response.headers().vary).toMatch(/Accept-Encoding/i);
      expect(response.headers()["cache-control"]).toContain("immutable");
      expect(Number(response.headers()["content-length"])).toBe(statSync(file + suffix).size);
    }
    const plain = await request.get(framework as string, {
      headers: { "Accept-Encoding": "identity" },
    });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    expect((await plain.body()).equals(readFileSync(file))).toBe(true);
  });
});
