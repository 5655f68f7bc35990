import { expect, test } from "@playwright/test";
import { hydrated, isMobile, isolate, presetConsent } from "./site-support";

test.describe("weddings and careers interactions", () => {
  test.beforeEach(async ({ page }) => {
    await isolate(page);
    await presetConsent(page, "granted");
  });

  test("gallery lightbox shows 'n / 12' and wraps both ways", async ({ page }) => {
    await page.goto("/weddings");
    await hydrated(page);
    const photos = page.getByRole("button", { name: /^Open photo/ });
    await expect(photos).toHaveCount(12);
    await photos.nth(11).click();
    const lightbox = page.getByRole("dialog");
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByText("12 / 12")).toBeVisible();
    await lightbox.getByRole("button", { name: "Next photo" }).click();
    await expect(lightbox.getByText("1 / 12")).toBeVisible();
    await lightbox.getByRole("button", { name: "Previous photo" }).click();
    await expect(lightbox.getByText("12 / 12")).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(lightbox.getByText("11 / 12")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(photos.nth(11)).toBeFocused();
  });

  test("the one lightbox works from the keyboard alone: Enter opens, arrows wrap, Escape returns focus", async ({
    page,
  }) => {
    await page.goto("/weddings");
    await hydrated(page);
    const photos = page.getByRole("button", { name: /^Open photo/ });
    await photos.nth(11).focus();
    await page.keyboard.press("Enter");
    const lightbox = page.getByRole("dialog");
    await expect(lightbox.getByText("12 / 12")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(lightbox.getByText("1 / 12")).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(lightbox.getByText("11 / 12")).toBeVisible();
    // Tab stays inside the dialog (Radix traps focus).
    await page.keyboard.press("Tab");
    await expect(lightbox.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(photos.nth(11)).toBeFocused();
  });

  test("testimonial carousel wraps both ways", async ({ page }) => {
    await page.goto("/weddings");
    await hydrated(page);
    const carousel = page.getByRole("region", { name: "Testimonials" });
    await expect(carousel.getByText("Elena & Marcus")).toBeVisible();
    await expect(carousel.getByText("1 / 3")).toBeVisible();
    await carousel.getByRole("button", { name: "Previous testimonial" }).click();
    await expect(carousel.getByText("Jordan & Sam")).toBeVisible();
    await expect(carousel.getByText("Elena & Marcus")).toBeHidden();
    await expect(carousel.getByText("3 / 3")).toBeVisible();
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    await expect(carousel.getByText("Elena & Marcus")).toBeVisible();
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    await expect(carousel.getByText("Priya & Daniel")).toBeVisible();
  });

  test("'Check Availability' opens the booking dialog; 'Get a Quote' goes to the form", async ({
    page,
  }) => {
    await page.goto("/weddings");
    await hydrated(page);
    await page.getByRole("main").getByRole("button", { name: "Check Availability" }).last().click();
    await expect(page.getByRole("dialog", { name: "Schedule Your Consultation" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Get a Quote" }).click();
    await expect(page).toHaveURL(/#inquire$/);
    await expect(page.getByLabel("Your names")).toBeInViewport();
  });

  test("careers: Apply Now opens 'Apply for Position' with the chosen title; Cancel closes it", async ({
    page,
  }) => {
    await page.goto("/careers");
    await hydrated(page);
    await page.getByRole("button", { name: /Apply Now.*Motion Designer/ }).click();
    const dialog = page.getByRole("dialog", { name: "Apply for Position" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Motion Designer");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: /Apply Now.*Motion Designer/ })).toBeFocused();

    await page.getByRole("button", { name: /Apply Now.*General Application/ }).click();
    await expect(dialog).toContainText("General Application");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const learnMore = page.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toHaveCount(4);
    await expect(learnMore.first()).toHaveAttribute("href", "/contact");
  });

  test("home: the reel starts from its play control, gains native controls and records video_play once", async ({
    page,
  }, info) => {
    test.skip(isMobile(info), "one width is enough");
    await page.goto("/");
    await hydrated(page);
    const video = page.locator("video");
    await expect(video).toHaveAttribute("poster", "/media/reel-poster.webp");
    await expect(video).toHaveAttribute("preload", "none");
    // No native controls until it starts (decision 0420): one play control over the poster.
    await expect(video).not.toHaveAttribute("controls");
    const play = page.getByRole("button", { name: "Play: Northlight Studio showreel" });
    await video.evaluate((el: HTMLVideoElement) => {
      el.muted = true;
    });
    await play.click();
    await expect(video).toHaveAttribute("controls", "");
    await expect(play).toHaveCount(0);
    await expect(video).toBeFocused();
    await expect
      .poll(async () =>
        page.evaluate(
          () =>
            ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
              .map((a) => Array.from(a))
              .filter((c) => c[1] === "video_play").length,
        ),
      )
      .toBe(1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the reel's play control is a link to the video file", async ({ page }, info) => {
    test.skip(isMobile(info), "one width is enough");
    await page.goto("/");
    await expect(
      page.getByRole("link", { name: "Play: Northlight Studio showreel" }),
    ).toHaveAttribute("href", "/media/reel.mp4");
  });
});
