import {
  approvals,
  deliverables,
  deliverableVersions,
  mediaItems,
  projects,
  reviewComments,
  reviewers,
  shareLinks,
} from "@server/db/schema";
import {
  expect,
  expectNoAxeViolationsAtBothWidths,
  hydrated,
  openFromNav,
  signIn,
  test,
} from "../support/admin-e2e";

/**
 * The review room's staff side (issue #45) against the production server: an inquiry's page
 * starts a project with its client, the project gets a deliverable and a share link (shown once),
 * the link is revoked, and the project is found under Projects and "Mine". A reviewed project
 * shows its version's comments, decision with the SHA-256 and activity, and its comments download
 * as an EDL at the media's drop-frame timecode. The screens pass axe at 1280 and 390 px.
 */

const REVIEWED_SHA = "9".repeat(64);

test.use({
  adminData: {
    seed: true,
    submissions: true,
    // A reviewed project of its own: a version (of a video not offered for new versions, so the
    // first test still finds none ready), two comments and an approval.
    content: async (db) => {
      const [project] = await db
        .insert(projects)
        .values({ title: "Markers review", clientName: "Mara Client" })
        .returning();
      const [deliverable] = await db
        .insert(deliverables)
        .values({ projectId: project?.id ?? "", title: "Teaser :15" })
        .returning();
      const [video] = await db
        .insert(mediaItems)
        .values({
          title: "Teaser master",
          originalName: "teaser.mov",
          state: "processing",
          size: 10,
          sha256: REVIEWED_SHA,
          frameRateNum: 30000,
          frameRateDen: 1001,
          startTimecode: "01:00:00;00",
          durationSeconds: 30,
        })
        .returning();
      const [version] = await db
        .insert(deliverableVersions)
        .values({
          deliverableId: deliverable?.id ?? "",
          number: 1,
          mediaItemId: video?.id ?? "",
          sha256: REVIEWED_SHA,
        })
        .returning();
      const [link] = await db
        .insert(shareLinks)
        .values({ projectId: project?.id ?? "", tokenHash: "0".repeat(64) })
        .returning();
      const [reviewer] = await db
        .insert(reviewers)
        .values({ linkId: link?.id ?? "", name: "Rita Reviewer", email: "rita@e2e.test" })
        .returning();
      const versionId = version?.id ?? "";
      await db.insert(reviewComments).values([
        { versionId, reviewerId: reviewer?.id, body: "Logo too big", atSeconds: 1 },
        { versionId, reviewerId: reviewer?.id, body: "Music swell", atSeconds: 10 },
      ]);
      await db.insert(approvals).values({
        versionId,
        reviewerId: reviewer?.id,
        linkId: link?.id,
        reviewerName: "Rita Reviewer",
        reviewerEmail: "rita@e2e.test",
        decision: "approve",
        sha256: REVIEWED_SHA,
      });
    },
  },
});

test("staff start a project from an inquiry, add a deliverable, share a link and revoke it", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin");
  await hydrated(page);
  await page.getByRole("link", { name: "Client 01", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Client 01" })).toBeVisible();
  await hydrated(page);
  const projectBox = page.getByRole("region", { name: "Project" });
  await projectBox.getByRole("button", { name: "Start project" }).click();

  // The project's page: the inquiry's client, the inquiry linked back.
  await expect(page).toHaveURL(/\/admin\/projects\/[0-9a-f-]{36}$/);
  const projectUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Client 01");
  await hydrated(page);
  const client = page.getByRole("region", { name: "Client" });
  await expect(client.getByRole("link", { name: "Client 01" })).toBeVisible();

  const deliverables = page.getByRole("region", { name: "Deliverables" });
  await expect(deliverables).toContainText("No deliverables yet.");
  await deliverables.getByLabel("New deliverable").fill("Spring campaign :30");
  await deliverables.getByRole("button", { name: "Add deliverable" }).click();
  await expect(deliverables.getByRole("heading", { name: "Spring campaign :30" })).toBeVisible();
  // The form is empty again; no video is ready yet, so the Media screen is named.
  await expect(deliverables.getByLabel("New deliverable")).toHaveValue("");
  await expect(deliverables).toContainText("No video is ready to be a version yet");

  // A share link with a password: its address is shown once, then listed without it.
  const links = page.getByRole("region", { name: "Share links" });
  await links.getByLabel("Password (optional)").fill("harbour lights");
  await links.getByLabel("Allow download of approved versions").check();
  await links.getByRole("button", { name: "Create share link" }).click();
  await expect(links.getByRole("status")).toContainText("/review/");
  const listed = links.getByRole("list", { name: "Share links" }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText("Password · Download allowed");
  await expect(listed.first()).toContainText("Not opened yet.");
  await expectNoAxeViolationsAtBothWidths(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `test-results/admin-screens/project-${width}.png`,
      fullPage: true,
    });
  }

  await listed
    .first()
    .getByRole("button", { name: /Revoke/ })
    .click();
  await expect(page.getByText("The link is revoked: it no longer opens.")).toBeVisible();
  await expect(listed.first()).toContainText("Revoked");
  await expect(listed.first().getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  // The inquiry now links to its project instead of offering another.
  await page.goto(projectUrl);
  await client.getByRole("link", { name: "Client 01" }).click();
  await expect(projectBox.getByRole("link", { name: /Client 01/ })).toHaveAttribute(
    "href",
    new URL(projectUrl).pathname,
  );
  await expect(projectBox.getByRole("button", { name: "Start project" })).toHaveCount(0);

  // Under Projects, and under "Mine" (the inquiry had no owner: the one who started it owns it).
  await openFromNav(page, "Projects");
  await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Client 01/ })).toBeVisible();
  await page.getByRole("link", { name: "Mine" }).click();
  await expect(page.getByRole("link", { name: /Client 01/ })).toBeVisible();
  await page.getByRole("link", { name: "Archived" }).click();
  await expect(page.getByRole("link", { name: /Client 01/ })).toHaveCount(0);
  await hydrated(page);
  await expectNoAxeViolationsAtBothWidths(page);
});

test("a reviewed version shows its comments and approval, and its comments download as an EDL", async ({
  page,
}) => {
  await signIn(page);
  await openFromNav(page, "Projects");
  await page.getByRole("link", { name: /Markers review/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Markers review" })).toBeVisible();
  await hydrated(page);
  const deliverables = page.getByRole("region", { name: "Deliverables" });
  await expect(deliverables).toContainText("2 comments");
  const decisions = deliverables.getByRole("list", { name: "Decisions on Teaser :15 v1" });
  await expect(decisions).toContainText("Approved by Rita Reviewer <rita@e2e.test>");
  await expect(decisions).toContainText(`SHA-256 ${REVIEWED_SHA}`);
  const activity = page.getByRole("region", { name: "Activity" });
  await expect(activity).toContainText("Rita Reviewer <rita@e2e.test> approved Teaser :15 v1");
  await expect(activity).toContainText("Rita Reviewer commented on Teaser :15 v1");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    deliverables
      .getByRole("link", { name: "EDL (DaVinci Resolve) of Teaser :15 v1's comments" })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe("teaser-15-v1-comments.edl");
  const edl = await streamText(await download.createReadStream());
  expect(edl).toContain("FCM: DROP FRAME");
  expect(edl).toContain(
    "001  001      V     C        01:00:00;29 01:00:01;00 01:00:00;29 01:00:01;00",
  );
  expect(edl).toContain("Logo too big |C:ResolveColorRed |M:Rita Reviewer |D:1");
  await expectNoAxeViolationsAtBothWidths(page);
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  return text;
}
