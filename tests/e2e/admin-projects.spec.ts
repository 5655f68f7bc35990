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
 * the link is revoked, and the project is found under Projects and "Mine". The screens pass axe
 * at 1280 and 390 px.
 */

test.use({ adminData: { seed: true, submissions: true } });

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
