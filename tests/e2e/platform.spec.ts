import { expect, test } from "@playwright/test";

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

  test("/healthz reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
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
    const privateFile = await request.get("/files/job-applications/resumes/1_abc.pdf");
    expect(privateFile.status()).toBe(403);
  });
});
