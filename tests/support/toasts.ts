import { expect, type Page } from "@playwright/test";

/**
 * Toasts counted as they appear, not only as they are on screen: a second toast of the same
 * outcome could come and go between two looks. Call before the page is opened.
 */
export async function countToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const counted = new WeakSet<Element>();
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    // A toast may arrive inside its list (the first one), so look into what was added.
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
        if (counted.has(toast)) continue;
        counted.add(toast);
        seen.push(toast.textContent ?? "");
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * Exactly one toast saying `text` (its title or description) for one outcome: waits for it, then for the end of its own
 * lifetime (sonner closes it), so a duplicate from a later render or effect has had its chance;
 * then counts every toast saying it that appeared since the page was opened.
 */
export async function expectOneToast(page: Page, text: string): Promise<void> {
  const live = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await expect(live.first()).toBeVisible();
  await expect(live).toHaveCount(0, { timeout: 15_000 });
  const seen = await page.evaluate(
    () => (window as unknown as { toastsSeen: string[] }).toastsSeen,
  );
  expect(
    seen.filter((seenText) => seenText.includes(text)),
    `toasts saying '${text}'`,
  ).toHaveLength(1);
}
