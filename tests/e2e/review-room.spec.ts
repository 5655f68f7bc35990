import { createHash } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolationsAtBothWidths,
  hydrated,
  signIn,
  test,
} from "../support/admin-e2e";
import { waitForMail } from "../support/e2e-smtp";
import { readyVideo } from "../support/ready-video";

/**
 * The client's review page (issue #45) on the production build, two browser contexts: staff make
 * a project with a deliverable, a version (a really transcoded video) and a share link; the
 * client, in a fresh context without an account, opens the link, gives a name and e-mail, plays
 * the cut, comments at a frame with a drawing, comments over a range, replies, and jumps to a
 * comment by its marker; the page is private, noindex and framed by no one; once staff revoke
 * the link it answers 410. Staff, on a version's page in the back-office, see the client's
 * comments, resolve, reply and comment with a drawing, then add v2 (issue #45 item 6). Axe at 390
 * and 1280 px.
 */

const video = readyVideo({ title: "Harbour cut v1", seconds: 6, timecode: "01:00:00:00" });
// A second cut for the compare (its own start timecode, so each player shows its own clock).
const recut = readyVideo({ title: "Harbour cut v2", seconds: 6, timecode: "10:00:00:00" });
// The server's mail goes to the SMTP peer playwright.config.ts started: the receipts land there.
const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
test.use({
  adminData: {
    seed: false,
    submissions: false,
    content: async (db) => {
      await video.insert(db);
      await recut.insert(db);
    },
    env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, JOBS_WORK: "on" },
  },
});
const inbox = () => {
  const file = process.env.E2E_SMTP_INBOX;
  if (!file) throw new Error("E2E_SMTP_INBOX is not set (playwright.config.ts)");
  return file;
};

test.afterAll(async () => {
  await video.dispose();
  await recut.dispose();
});

type Media = HTMLElement & { currentTime: number; paused: boolean };

/**
 * The keys on the page's player: space plays (the position moves), K pauses; then the position
 * is set to `at` and waited for.
 */
async function playThenPark(page: Page, media: Locator, at: number) {
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press(" ");
  await expect
    .poll(() => media.evaluate((element) => (element as Media).currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  await page.keyboard.press("k");
  await expect.poll(() => media.evaluate((element) => (element as Media).paused)).toBe(true);
  await media.evaluate((element, seconds) => {
    (element as Media).currentTime = seconds;
  }, at);
  await expect
    .poll(() => media.evaluate((element) => (element as Media).currentTime))
    .toBeCloseTo(at, 1);
}

/**
 * Staff, signed in, make a project with one deliverable, its v1 (the ready video) and a share
 * link: the link's token, from the address shown once.
 */
async function shareCut(
  page: Page,
  project: { title: string; client: string; password?: string; download?: boolean },
): Promise<string> {
  await signIn(page);
  await page.goto("/admin/projects");
  await hydrated(page);
  await page.getByLabel("Title").fill(project.title);
  await page.getByLabel("Client's name").fill(project.client);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/[0-9a-f-]{36}$/);
  await hydrated(page);
  const deliverables = page.getByRole("region", { name: "Deliverables" });
  await deliverables.getByLabel("New deliverable").fill("Spot :30");
  await deliverables.getByRole("button", { name: "Add deliverable" }).click();
  await expect(deliverables.getByRole("heading", { name: "Spot :30" })).toBeVisible();
  await deliverables
    .getByLabel("Video from the Media library")
    .selectOption({ label: "Harbour cut v1" });
  await deliverables.getByRole("button", { name: "Add version" }).click();
  await expect(deliverables).toContainText("v1: Harbour cut v1");
  const links = page.getByRole("region", { name: "Share links" });
  if (project.password) await links.getByLabel("Password (optional)").fill(project.password);
  if (project.download) await links.getByLabel("Allow download of approved versions").check();
  await links.getByRole("button", { name: "Create share link" }).click();
  const address = (await links.getByRole("status").textContent()) ?? "";
  const token = /\/review\/([A-Za-z0-9_-]+)/.exec(address)?.[1] ?? "";
  expect(token).not.toBe("");
  return token;
}

test("a client reviews a cut through a share link, without an account", async ({
  page,
  browser,
  adminServer,
}) => {
  test.setTimeout(180_000);
  await video.store(adminServer.dataDir);

  // Staff: a project, its deliverable, v1, a link (its address shown once).
  const token = await shareCut(page, {
    title: "Harbour launch",
    client: "Cora Client",
    download: true,
  });
  const links = page.getByRole("region", { name: "Share links" });

  // The client: a fresh context, no account, this project's viewport.
  const client = await browser.newContext({
    baseURL: adminServer.baseURL,
    viewport: page.viewportSize(),
  });
  const review = await client.newPage();
  const opened = await review.goto(`/review/${token}`);
  expect(opened?.status()).toBe(200);
  const headers = opened?.headers() ?? {};
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers["x-robots-tag"]).toContain("noindex");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-cache"]).toBe("BYPASS");
  await expect(review.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await hydrated(review);
  await expect(review.getByRole("heading", { level: 1, name: "Harbour launch" })).toBeVisible();

  // A name and e-mail before a first comment.
  await review.getByLabel("Your name").fill("Rita Reviewer");
  await review.getByLabel("Your e-mail").fill("rita@example.com");
  await review.getByRole("button", { name: "Continue" }).click();
  await expect(review.getByText("Commenting as Rita Reviewer")).toBeVisible();
  await hydrated(review);
  // The link's two cookies: on its own path, out of scripts' reach.
  const jar = await client.cookies();
  for (const name of ["review_link", "review_seen"]) {
    expect(jar.find((cookie) => cookie.name === name)).toMatchObject({
      path: `/review/${token}`,
      httpOnly: true,
      sameSite: "Lax",
    });
  }
  expect(jar.find((cookie) => cookie.name === "review_seen")?.expires).toBe(-1);
  await expectNoAxeViolationsAtBothWidths(review, { fits: true });
  await review.setViewportSize(page.viewportSize() ?? { width: 1280, height: 800 });

  // Plays: space, then the position moves; K pauses, → steps one frame.
  const media = review.locator("hls-video");
  await expect(media).toHaveCount(1);
  await playThenPark(review, media, 1.2);
  await review.keyboard.press("ArrowRight");
  // 1.2 s is frame 30 at 25 fps; one on is frame 31, shown from its middle.
  await expect
    .poll(() => media.evaluate((element) => (element as Media).currentTime))
    .toBeCloseTo(1.26, 2);
  await expect(review.getByRole("status", { name: "Position" })).toHaveText("01:00:01:06");

  // C: a comment at the current frame, with a drawing on it.
  await review.keyboard.press("c");
  const form = review.getByRole("region", { name: "Add a comment" });
  await expect(form.getByLabel("Comment")).toBeFocused();
  await expect(form.getByLabel("At (seconds)")).toHaveValue("1.24");
  await form.getByLabel("Comment").fill("The logo is too small here");
  await form.getByRole("button", { name: "Draw on the frame" }).click();
  await review.getByRole("group", { name: "Drawing on the frame" }).getByText("Arrow").click();
  const canvas = review.locator('svg[aria-label="No drawing"]');
  const box = await canvas.boundingBox();
  if (!box) throw new Error("no drawing layer");
  await review.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await review.mouse.down();
  await review.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
  await review.mouse.up();
  await expect(review.locator('svg[aria-label="Drawing of 1 marks"]')).toBeVisible();
  await form.getByRole("button", { name: "Add comment" }).click();
  const comments = review.getByRole("list", { name: "Comments", exact: true });
  const first = comments.getByRole("listitem", { name: /Comment by Rita Reviewer at 01:00:01:06/ });
  await expect(first).toBeVisible();
  await expect(first).toContainText("The logo is too small here");
  await expect(first).toContainText("With a drawing");
  await hydrated(review);
  // The page came back at the comment: its frame, its drawing shown.
  await expect(first).toBeFocused();
  await expect(review.locator('svg[aria-label="Drawing of 1 marks"]')).toBeVisible();

  // Over a range, typed as plain fields.
  await form.getByLabel("At (seconds)").fill("2");
  await form.getByLabel("Out (seconds, optional)").fill("3.5");
  await form.getByLabel("Comment").fill("Music too loud through here");
  await form.getByRole("button", { name: "Add comment" }).click();
  const ranged = comments.getByRole("listitem", {
    name: "Comment by Rita Reviewer at 01:00:02:00 – 01:00:03:12",
  });
  await expect(ranged).toContainText("Music too loud through here");
  await hydrated(review);

  // A reply.
  await first.getByLabel("Reply to Rita Reviewer").fill("Agreed, and the colour too");
  await first.getByRole("button", { name: "Send reply" }).click();
  await expect(first.getByRole("list", { name: "Replies to Rita Reviewer" })).toContainText(
    "Agreed, and the colour too",
  );
  await hydrated(review);

  // The markers seek; seconds instead of timecode.
  const markers = review.getByRole("list", { name: "Comments on the timeline" });
  await expect(markers.getByRole("button")).toHaveCount(2);
  await markers.getByRole("button", { name: /Music too loud/ }).click();
  // The one seek: frame 50's middle (2.00 s is its start), as a frame step and the list land.
  await expect
    .poll(() => media.evaluate((element) => (element as Media).currentTime))
    .toBeCloseTo(2.02, 3);
  await review.getByRole("button", { name: "Show seconds" }).click();
  await expect(review.getByRole("status", { name: "Position" })).toHaveText("00:00:02.000");
  await expectNoAxeViolationsAtBothWidths(review, { fits: true });
  for (const width of [390, 1280]) {
    await review.setViewportSize({ width, height: 900 });
    await review.screenshot({
      path: `test-results/review-room/review-${width}.png`,
      fullPage: true,
    });
  }

  // The client approves v1: the decision is on the page with the master's hash, the receipt
  // reaches the SMTP peer with it, and the master downloads: the very file.
  const approval = review.getByRole("region", { name: "Approval" });
  await approval.getByRole("button", { name: "Approve this version" }).click();
  await expect(approval.getByText(/^Thank you: the version is approved/)).toBeVisible();
  await expect(
    approval.getByRole("status").filter({ hasText: "Approved by Rita Reviewer" }),
  ).toBeVisible();
  await expect(approval).toContainText(video.sha256());
  const receipt = await waitForMail(inbox(), video.sha256(), 30_000);
  expect(receipt.raw).toContain("rita@example.com");
  await hydrated(review);
  const download = approval.getByRole("link", { name: "Download the master (original file)" });
  const file = await review.request.get((await download.getAttribute("href")) ?? "");
  expect(file.status()).toBe(200);
  expect(
    createHash("sha256")
      .update(await file.body())
      .digest("hex"),
  ).toBe(video.sha256());
  await expectNoAxeViolationsAtBothWidths(review, { fits: true });

  // Staff see who opened the link; then revoke it: it answers 410, saying so.
  await page.reload();
  await hydrated(page);
  await expect(links.getByRole("list", { name: "Share links" })).toContainText(
    "Rita Reviewer <rita@example.com>",
  );
  await links
    .getByRole("list", { name: "Share links" })
    .getByRole("button", { name: /Revoke/ })
    .click();
  await expect(page.getByText("The link is revoked: it no longer opens.")).toBeVisible();
  const ended = await review.goto(`/review/${token}`);
  expect(ended?.status()).toBe(410);
  await expect(
    review.getByRole("heading", { level: 1, name: "This review link has ended" }),
  ).toBeVisible();
  await expect(review.getByText(/revoked this link/)).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(review);
  const missing = await review.goto("/review/no-such-link");
  expect(missing?.status()).toBe(404);
  await client.close();
});

test("the review page works without JavaScript: a name, then a comment over a range", async ({
  page,
  browser,
  adminServer,
}, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "the same forms at every width");
  await video.store(adminServer.dataDir);
  const token = await shareCut(page, {
    title: "Quiet launch",
    client: "Nora Noscript",
    password: "quiet harbour",
  });

  const client = await browser.newContext({
    baseURL: adminServer.baseURL,
    javaScriptEnabled: false,
  });
  const review = await client.newPage();
  await review.goto(`/review/${token}`);
  await review.getByLabel("Password").fill("wrong");
  await review.getByRole("button", { name: "Open the review" }).click();
  await expect(review.getByText("That password is not right.")).toBeVisible();
  await review.getByLabel("Password").fill("quiet harbour");
  await review.getByRole("button", { name: "Open the review" }).click();
  await expect(review.getByRole("heading", { level: 1, name: "Quiet launch" })).toBeVisible();
  await review.getByLabel("Your name").fill("Nora Noscript");
  await review.getByLabel("Your e-mail").fill("nora@example.com");
  await review.getByRole("button", { name: "Continue" }).click();
  const form = review.getByRole("region", { name: "Add a comment" });
  await form.getByLabel("At (seconds)").fill("1");
  await form.getByLabel("Out (seconds, optional)").fill("2");
  await form.getByLabel("Comment").fill("Hold this shot longer");
  await form.getByRole("button", { name: "Add comment" }).click();
  await expect(
    review.getByRole("listitem", { name: "Comment by Nora Noscript at 01:00:01:00 – 01:00:02:00" }),
  ).toContainText("Hold this shot longer");
  await client.close();
});

test("staff review a version in the back-office: the client's comments, resolve, reply, draw, then v2", async ({
  page,
  browser,
  adminServer,
}) => {
  test.setTimeout(180_000);
  await video.store(adminServer.dataDir);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const token = await shareCut(page, { title: "Staff side", client: "Cora Client" });
  // The address shown once, copied with a button (it stays selectable text without JavaScript).
  const links = page.getByRole("region", { name: "Share links" });
  await links.getByRole("button", { name: "Copy the new link" }).click();
  await expect(links.getByText("Copied.", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/review/${token}$`),
  );
  const projectUrl = page.url();

  // The client comments twice, at 2 s and at 3 s.
  const client = await browser.newContext({ baseURL: adminServer.baseURL });
  const review = await client.newPage();
  await review.goto(`/review/${token}`);
  await review.getByLabel("Your name").fill("Rita Reviewer");
  await review.getByLabel("Your e-mail").fill("rita@example.com");
  await review.getByRole("button", { name: "Continue" }).click();
  const clientForm = review.getByRole("region", { name: "Add a comment" });
  for (const [at, body] of [
    ["2", "Tighten the intro"],
    ["3", "Swap the music"],
  ] as const) {
    await hydrated(review);
    await clientForm.getByLabel("At (seconds)").fill(at);
    await clientForm.getByLabel("Comment").fill(body);
    await clientForm.getByRole("button", { name: "Add comment" }).click();
    await expect(review.getByRole("list", { name: "Comments", exact: true })).toContainText(body);
  }

  // Staff open v1's page from the project page: the player, the client's comments as markers.
  await page.reload();
  await hydrated(page);
  await page.getByRole("link", { name: "Review Spot :30 v1" }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/[0-9a-f-]{36}\/versions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Spot :30 v1" })).toBeVisible();
  await hydrated(page);
  await expect(page.locator("hls-video")).toHaveCount(1);
  const markers = page.getByRole("list", { name: "Comments on the timeline" });
  await expect(markers.getByRole("button")).toHaveCount(2);
  const comments = page.getByRole("list", { name: "Comments", exact: true });
  const intro = comments.getByRole("listitem", { name: "Comment by Rita Reviewer at 01:00:02:00" });
  const music = comments.getByRole("listitem", { name: "Comment by Rita Reviewer at 01:00:03:00" });
  await expect(intro).toContainText("Tighten the intro");
  await expect(music).toContainText("Swap the music");
  await expectNoAxeViolationsAtBothWidths(page, { fits: true });

  // Resolve one: the page comes back at it, resolved, with Reopen instead.
  await intro
    .getByRole("button", { name: "Resolve the comment by Rita Reviewer at 01:00:02:00" })
    .click();
  await expect(intro.getByText("Resolved", { exact: true })).toBeVisible();
  await expect(
    intro.getByRole("button", { name: "Reopen the comment by Rita Reviewer at 01:00:02:00" }),
  ).toBeVisible();
  await hydrated(page);
  await expect(intro).toBeFocused();

  // Reply to the other, as the studio.
  await music.getByLabel("Reply to Rita Reviewer").fill("A calmer track is coming in v2");
  await music.getByRole("button", { name: "Send reply" }).click();
  const replies = music.getByRole("list", { name: "Replies to Rita Reviewer" });
  await expect(replies).toContainText("Test Admin (studio)");
  await expect(replies).toContainText("A calmer track is coming in v2");
  await hydrated(page);

  // A comment of their own at the current frame (C), with a rectangle drawn on it.
  const media = page.locator("hls-video");
  await playThenPark(page, media, 4.02);
  await page.keyboard.press("c");
  const form = page.getByRole("region", { name: "Add a comment" });
  await expect(form).toContainText("Commenting as Test Admin (studio)");
  await expect(form.getByLabel("Comment")).toBeFocused();
  await expect(form.getByLabel("At (seconds)")).toHaveValue("4");
  await form.getByLabel("Comment").fill("End card: hold one second longer");
  await form.getByRole("button", { name: "Draw on the frame" }).click();
  await page.getByRole("group", { name: "Drawing on the frame" }).getByText("Rectangle").click();
  const canvas = page.locator('svg[aria-label="No drawing"]');
  const box = await canvas.boundingBox();
  if (!box) throw new Error("no drawing layer");
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 5 });
  await page.mouse.up();
  await form.getByRole("button", { name: "Add comment" }).click();
  const own = comments.getByRole("listitem", {
    name: "Comment by Test Admin (studio) at 01:00:04:00",
  });
  await expect(own).toContainText("End card: hold one second longer");
  await expect(own).toContainText("With a drawing");
  await hydrated(page);
  await expectNoAxeViolationsAtBothWidths(page, { fits: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/review-room/staff-${width}.png`, fullPage: true });
  }

  // The client sees the studio's reply and comment on their page.
  await review.reload();
  await expect(review.getByRole("list", { name: "Replies to Rita Reviewer" })).toContainText(
    "A calmer track is coming in v2",
  );
  await expect(
    review.getByRole("listitem", { name: "Comment by Test Admin (studio) at 01:00:04:00" }),
  ).toBeVisible();

  // Staff add v2 from the project page; v1's page is read only now, v2's starts empty.
  const v1Page = page.url();
  await page.goto(projectUrl);
  await hydrated(page);
  const deliverables = page.getByRole("region", { name: "Deliverables" });
  await deliverables
    .getByLabel("Video from the Media library")
    .selectOption({ label: "Harbour cut v1" });
  await deliverables.getByRole("button", { name: "Add version" }).click();
  await expect(deliverables).toContainText("v2: Harbour cut v1");
  await page.goto(v1Page);
  await expect(
    page.getByText(/This is an older version: its comments are read only/),
  ).toBeVisible();
  await expect(comments.getByRole("button", { name: /^Resolve|^Reopen/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Add a comment" })).toHaveCount(0);
  await hydrated(page);
  await page
    .getByRole("navigation", { name: "Versions of Spot :30" })
    .getByRole("link", { name: "Spot :30 v2 (latest)" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Spot :30 v2" })).toBeVisible();
  await expect(page.getByText("No comments on this version yet.")).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolationsAtBothWidths(page, { fits: true });
  await client.close();
});

test("a client compares v1 and v2 side by side, one set of controls driving both in step", async ({
  page,
  browser,
  adminServer,
}) => {
  test.setTimeout(180_000);
  await video.store(adminServer.dataDir);
  await recut.store(adminServer.dataDir);
  const token = await shareCut(page, { title: "Harbour compare", client: "Cleo Compare" });
  // Staff add v2 to the deliverable the link covers.
  const deliverables = page.getByRole("region", { name: "Deliverables" });
  await deliverables
    .getByLabel("Video from the Media library")
    .selectOption({ label: "Harbour cut v2" });
  await deliverables.getByRole("button", { name: "Add version" }).click();
  await expect(deliverables).toContainText("v2: Harbour cut v2");

  // The client, with reduced motion asked for: nothing plays until they press play.
  const client = await browser.newContext({
    baseURL: adminServer.baseURL,
    viewport: page.viewportSize(),
    reducedMotion: "reduce",
  });
  const review = await client.newPage();
  await review.goto(`/review/${token}`);
  await hydrated(review);
  const compareForm = review.getByRole("form", { name: "Compare versions of Spot :30" });
  const chosenIn = (label: string) =>
    compareForm
      .getByLabel(label, { exact: true })
      .evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent);
  expect([await chosenIn("Version"), await chosenIn("Beside it")]).toEqual(["v2 (latest)", "v1"]);
  // The defaults: the latest and the one before, as a plain GET (a document request).
  const [opened] = await Promise.all([
    review.waitForResponse((response) => response.url().includes("compare=")),
    compareForm.getByRole("button", { name: "Compare" }).click(),
  ]);
  expect(opened.status()).toBe(200);
  expect(opened.request().resourceType()).toBe("document");
  await expect(review).toHaveURL(/\?version=[0-9a-f-]{36}&compare=[0-9a-f-]{36}$/);
  await hydrated(review);
  const players = review.locator("hls-video");
  await expect(players).toHaveCount(2);
  const first = review.getByRole("figure", { name: /^v2 \(latest\)/ });
  const second = review.getByRole("figure", { name: /^v1/ });
  await expect(first.locator("hls-video")).toHaveCount(1);
  await expect(second.locator("hls-video")).toHaveCount(1);
  // Each with its own clock: v2 starts at 10:00:00:00, v1 at 01:00:00:00.
  const firstAt = review.getByRole("status", { name: "Position of v2 (latest)" });
  const secondAt = review.getByRole("status", { name: "Position of v1" });
  await expect(firstAt).toHaveText("10:00:00:00");
  await expect(secondAt).toHaveText("01:00:00:00");
  await review.waitForLoadState("networkidle");
  const times = () =>
    review.evaluate(() =>
      [...document.querySelectorAll("hls-video")].map((element) => ({
        time: (element as Media).currentTime,
        paused: (element as Media).paused,
      })),
    );
  expect((await times()).map((player) => player.paused)).toEqual([true, true]);

  // Side by side at 1280 px, one above the other at 390 px; axe clean at both.
  await expectNoAxeViolationsAtBothWidths(review, { fits: true });
  for (const [width, beside] of [
    [1280, true],
    [390, false],
  ] as const) {
    await review.setViewportSize({ width, height: 900 });
    const [a, b] = [await first.boundingBox(), await second.boundingBox()];
    if (!a || !b) throw new Error("no players");
    expect(
      beside ? b.x >= a.x + a.width - 1 && Math.abs(a.y - b.y) < 2 : b.y >= a.y + a.height,
    ).toBe(true);
    await review.screenshot({
      path: `test-results/review-room/compare-${width}.png`,
      fullPage: true,
    });
  }
  await review.setViewportSize(page.viewportSize() ?? { width: 1280, height: 800 });

  // Space plays the first; the second plays with it, within about two frames at each check: a
  // loaded machine can stall one picture for a moment, and the catch-up closes the gap at once.
  await review.locator("h1").click();
  await review.keyboard.press(" ");
  const apart = async () => {
    const [lead, follow] = await times();
    if (!lead || !follow || lead.paused || follow.paused) return Number.POSITIVE_INFINITY;
    return Math.abs(lead.time - follow.time);
  };
  let last = 0.6;
  for (let check = 0; check < 3; check += 1) {
    await expect
      .poll(async () => (await times())[0]?.time ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(last + 0.4);
    await expect.poll(apart, { timeout: 1_200 }).toBeLessThan(2 / 25);
    last = (await times())[0]?.time ?? 0;
  }
  expect((await times())[1]?.time ?? 0).toBeGreaterThan(1.5);

  // K pauses both; a seek on the first (its seek bar) and a frame step move both to one frame.
  await review.keyboard.press("k");
  await expect
    .poll(async () => (await times()).map((player) => player.paused))
    .toEqual([true, true]);
  await review
    .locator("hls-video")
    .first()
    .evaluate((element) => {
      (element as Media).currentTime = 1.2;
    });
  // 1.2 s is frame 30's start: the second lands in its middle by the one seek.
  await expect.poll(async () => (await times())[1]?.time ?? 0).toBeCloseTo(1.22, 3);
  await expect(firstAt).toHaveText("10:00:01:05");
  await expect(secondAt).toHaveText("01:00:01:05");
  await review.keyboard.press("ArrowRight");
  await expect
    .poll(async () => (await times()).map((player) => player.time))
    .toEqual([expect.closeTo(1.26, 3), expect.closeTo(1.26, 3)]);
  await expect(secondAt).toHaveText("01:00:01:06");
  // Both pictures on frame 31 (the clips print their time on the picture).
  await review.screenshot({ path: "test-results/review-room/compare-step.png" });
  await review.getByRole("button", { name: "Show seconds" }).click();
  await expect(firstAt).toHaveText("00:00:01.240");
  await expect(secondAt).toHaveText("00:00:01.240");

  // Back to one version: a plain link.
  await review.getByRole("link", { name: "Show one version" }).click();
  await expect(review).toHaveURL(/\?version=[0-9a-f-]{36}$/);
  await expect(review.locator("hls-video")).toHaveCount(1);
  // Having compared, the client approves v2: the record names v2's own master.
  await review.getByLabel("Your name").fill("Cleo Compare");
  await review.getByLabel("Your e-mail").fill("cleo@example.com");
  await review.getByRole("button", { name: "Continue" }).click();
  await expect(review.getByText("Commenting as Cleo Compare")).toBeVisible();
  await hydrated(review);
  const approval = review.getByRole("region", { name: "Approval" });
  await expect(approval).toContainText("Spot :30 v2");
  await approval.getByRole("button", { name: "Approve this version" }).click();
  await expect(approval.getByText(/^Thank you: the version is approved/)).toBeVisible();
  await expect(approval).toContainText(recut.sha256());
  await expect(approval).not.toContainText(video.sha256());
  // A version outside the link answers 404, as today.
  const outside = await review.goto(`/review/${token}?compare=${crypto.randomUUID()}`);
  expect(outside?.status()).toBe(404);
  await client.close();
});
