import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  expect,
  expectNoAxeViolationsAtBothWidths,
  hydrated,
  openFromNav,
  signIn,
  test,
} from "../support/admin-e2e";

/**
 * The Media library (issue #44) on the production build: an admin uploads a clip from the Media
 * screen, sees its progress with the speed and a Pause button while the upload is under way,
 * and sees it become Ready once the server's transcode job has run (the upload's message saying
 * so too); adds French captions (an
 * SRT) and sees them listed; axe at 390 and 1280 px; then deletes it after the question Delete
 * asks.
 */

// This worker's server runs its jobs: the transcode happens on it.
test.use({ adminData: { seed: true, submissions: false, env: { JOBS_WORK: "on" } } });

const run = promisify(execFile);
let dir: string;
let clip: string;
let srt: string;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "admin-media-"));
  clip = path.join(dir, "Harbour teaser.mp4");
  srt = path.join(dir, "harbour.fr.srt");
  await writeFile(srt, "1\n00:00:00,500 --> 00:00:02,000\nBonjour du port.\n");
  // Four seconds of noisy picture, lossless: about 50 MB, so the upload takes two requests.
  await run("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=854x480:rate=25,noise=alls=100:allf=t"],
    ...["-f", "lavfi", "-i", "sine=frequency=440", "-t", "4", "-shortest"],
    ...[
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-qp",
      "0",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
    ],
    clip,
  ]);
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("an admin uploads a clip, sees its progress and Ready, uses it on a portfolio item; a visitor plays it", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "one upload is enough; axe runs at both widths");
  test.setTimeout(300_000);
  // The second request of the upload is held until the test has seen the progress.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/admin\/media\/uploads\/[^/]+$/, async (route) => {
    const offset = Number(route.request().headers()["upload-offset"] ?? 0);
    if (route.request().method() === "PATCH" && offset > 0) await held;
    await route.continue();
  });

  await signIn(page);
  await openFromNav(page, "Media");
  await expect(page.getByRole("heading", { level: 1, name: "Media" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Video file").setInputFiles(clip);

  const progress = page.getByRole("progressbar", { name: "Harbour teaser.mp4" });
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^\d+ % · [\d.]+ (MB|KB)\/s/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  release();

  // Uploaded: the message then follows the item, which may already be past "queued".
  await expect(
    page.getByRole("status").filter({
      hasText:
        /^Harbour teaser\.mp4 is (uploaded and queued for processing|being processed|ready)\.$/,
    }),
  ).toBeVisible({ timeout: 60_000 });
  // The video's own row: the first match (its captions list has items naming it too).
  const row = page
    .getByRole("list", { name: "Videos" })
    .getByRole("listitem")
    .filter({ hasText: "Harbour teaser" })
    .first();
  // The screen follows the job while it runs; the transcode takes seconds to a minute here.
  await expect(row).toContainText("Ready", { timeout: 150_000 });
  // The upload's message follows its item: once it is Ready, no longer "queued" (issue #44).
  await expect(page.getByRole("status").filter({ hasText: "Harbour teaser.mp4" })).toHaveText(
    "Harbour teaser.mp4 is ready.",
  );
  await expect(row).toContainText("854×480");
  await expect(row).toContainText("25 fps");

  // Captions (decision 0499): French, from an SRT, listed once added.
  await row.locator("summary", { hasText: "Captions" }).click();
  await expect(row).toContainText("No captions yet.");
  await row.getByLabel("Language").selectOption("fr");
  await row.getByLabel("Captions file").setInputFiles(srt);
  await row.getByRole("button", { name: "Add captions to Harbour teaser" }).click();
  await expect(page.getByText("French captions added.")).toBeVisible();
  // The disclosure stays open after the save (with JavaScript): the list shows the new language.
  await expect(row.getByRole("list", { name: "Captions of Harbour teaser" })).toContainText(
    "French",
  );
  await expectNoAxeViolationsAtBothWidths(page, { fits: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({
      path: `test-results/admin-screens/media-${width}.png`,
      fullPage: true,
    });
  }

  // Used on a portfolio item: the editor offers the ready video, and the item is published.
  await page.goto("/admin/portfolio?new");
  await hydrated(page);
  const form = page.getByRole("form", { name: "New portfolio item" });
  await form.getByLabel("Title").fill("Harbour film");
  await form.getByLabel("Service Type").selectOption({ label: "Video Production" });
  // The latest completion comes first: on the first page of /portfolio.
  await form.getByLabel("Completion Date").fill("2099-01-15");
  await form.getByLabel("Video from the Media library").selectOption({ label: "Harbour teaser" });
  await form.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Portfolio item created successfully")).toBeVisible();

  // A visitor plays it on /portfolio: the poster first, the player on the press.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1280, height: 844 });
  await page.goto("/portfolio");
  await hydrated(page);
  const card = page.getByRole("article").filter({ hasText: "Harbour film" });
  await expect(card.locator("hls-video")).toHaveCount(0);
  await card.getByRole("button", { name: "Play: Harbour film" }).click();
  const player = card.locator("hls-video");
  await expect(player).toHaveCount(1);
  type Player = HTMLElement & {
    currentTime: number;
    textTracks: TextTrackList;
    api: { levels: unknown[]; currentLevel: number } | null;
  };
  // Playback time advances.
  await expect
    .poll(() => player.evaluate((element) => (element as Player).currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0.5);
  // Two renditions (480 and 360): a switch to the other one happens (from the start again).
  const levels = await player.evaluate((element) => {
    const api = (element as Player).api;
    if (!api) return { count: 0, from: -1, to: -1 };
    const from = api.currentLevel;
    const to = from === 0 ? 1 : 0;
    (element as Player).currentTime = 0;
    api.currentLevel = to;
    return { count: api.levels.length, from, to };
  });
  expect(levels.count).toBe(2);
  await expect
    .poll(() => player.evaluate((element) => (element as Player).api?.currentLevel), {
      timeout: 30_000,
    })
    .toBe(levels.to);
  // The captions track is listed, and the captions menu offers it.
  await expect
    .poll(() =>
      player.evaluate((element) =>
        [...(element as Player).textTracks].map((track) => `${track.kind}:${track.language}`),
      ),
    )
    .toContain("subtitles:fr");
  await expect(card.getByRole("button", { name: /captions/i })).toBeVisible();
  // The seek bar's thumbnails: the storyboard's WebVTT is loaded, its cues naming sprite tiles.
  await expect
    .poll(() =>
      player.evaluate((element) => {
        const track = [...(element as Player).textTracks].find((t) => t.kind === "metadata");
        const cue = track?.cues?.[0] as VTTCue | undefined;
        return cue?.text ?? "";
      }),
    )
    .toMatch(/#xywh=\d+,\d+,\d+,\d+$/);
  // Keyboard: the play control takes the focus, and Space pauses and plays again.
  await card.locator("media-play-button").focus();
  await page.keyboard.press("Space");
  await expect
    .poll(() => player.evaluate((element) => (element as HTMLVideoElement).paused))
    .toBe(true);
  await page.keyboard.press("Space");
  await expect
    .poll(() => player.evaluate((element) => (element as HTMLVideoElement).paused))
    .toBe(false);
  await expectNoAxeViolationsAtBothWidths(page);

  // Delete asks first, then removes the video with its files.
  await signIn(page);
  await page.goto("/admin/media");
  await hydrated(page);
  await expect(row).toContainText("Used on Harbour film");
  await row.locator("summary", { hasText: "Delete" }).click();
  await expect(row).toContainText("Delete Harbour teaser, its master and every rendition?");
  await row.getByRole("button", { name: "Delete video Harbour teaser" }).click();
  await expect(page.getByText("The video and its files are deleted.")).toBeVisible();
  await expect(page.getByText("No videos yet.")).toBeVisible();
});
