import { expect, test } from "@playwright/test";
import { settleAnimations } from "../support/axe";
import {
  BOOKING_URL,
  gtagCommands,
  hydrated,
  isMobile,
  isolate,
  presetConsent,
} from "./site-support";

test.describe("booking dialog", () => {
  test.beforeEach(async ({ page }) => {
    await isolate(page);
    await presetConsent(page, "granted");
  });

  test("the navigation's Book a Call opens the scheduling frame; Escape closes and focus returns", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const trigger = page.locator("header").getByRole("button", { name: "Book a Call" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
    await expect(dialog).toBeVisible();
    const frame = dialog.locator("iframe");
    // The scheduling page with Calendly's embed parameters, which its booking events need.
    const src = new URL((await frame.getAttribute("src")) ?? "");
    expect(`${src.origin}${src.pathname}`).toBe(BOOKING_URL);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      embed_domain: new URL(page.url()).host,
      embed_type: "Inline",
    });
    await expect(frame).toHaveAttribute("height", "600");
    await expect(dialog.getByRole("button", { name: "Open in New Window" })).toBeVisible();

    // Focus stays inside while open.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    // Tracking: calendar_open, category conversion, labelled by where the button sits.
    const events = (await gtagCommands(page)).filter((c) => c[1] === "calendar_open");
    expect(events).toEqual([
      ["event", "calendar_open", { event_category: "conversion", event_label: "navigation" }],
    ]);
  });

  test("closes by its close control and by pressing outside", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
    await page.getByRole("main").getByRole("button", { name: "Book a Call" }).first().click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("main").getByRole("button", { name: "Book a Call" }).last().click();
    await expect(dialog).toBeVisible();
    // Radix starts listening for outside presses just after opening: click once it is at rest.
    await settleAnimations(page, { waitForNetwork: false });
    await page.mouse.click(3, 3);
    await expect(dialog).toBeHidden();

    const labels = (await gtagCommands(page))
      .filter((c) => c[1] === "calendar_open")
      .map((c) => (c[2] as { event_label: string }).event_label);
    expect(labels).toEqual(["hero", "cta"]);
  });

  test("'Open in New Window' opens the scheduling page in a 700x800 popup", async ({
    page,
  }, info) => {
    test.skip(isMobile(info), "one width is enough");
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      (window as unknown as { openCalls: unknown[] }).openCalls = [];
      window.open = (...args: Parameters<typeof window.open>) => {
        (window as unknown as { openCalls: unknown[] }).openCalls.push(args);
        return open(...args);
      };
    });
    await page.goto("/weddings");
    await hydrated(page);
    await page.getByRole("main").getByRole("button", { name: "Check Availability" }).last().click();
    const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
    const popupPromise = page.waitForEvent("popup");
    await dialog.getByRole("button", { name: "Open in New Window" }).click();
    const popup = await popupPromise;
    const calls = await page.evaluate(
      () => (window as unknown as { openCalls: unknown[][] }).openCalls,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toBe(BOOKING_URL);
    expect(calls[0]?.[2]).toBe("width=700,height=800");
    await popup.close();
  });

  test("without JavaScript, Book a Call links to the scheduling page", async ({
    browser,
  }, info) => {
    test.skip(isMobile(info), "one width is enough");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await isolate(page);
    await page.goto("/");
    const link = page.locator("header").getByRole("link", { name: "Book a Call" });
    await expect(link).toHaveAttribute("href", BOOKING_URL);
    await expect(link).toHaveAttribute("target", "_blank");
    await context.close();
  });
});
