import { TEST_ADMIN, TEST_EDITOR, TEST_VIEWER } from "../support/admin-data";
import {
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  hydrated,
  notifications,
  signIn,
  test,
  toast,
} from "../support/admin-e2e";
import { countToasts, expectOneToast } from "../support/toasts";

test.describe("back-office sign-in and access", () => {
  test("the sign-in page: email and password fields, 'Sign In', private and noindex", async ({
    page,
  }) => {
    const response = await page.goto("/admin/login");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toMatch(/noindex/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test("toasts 'Error: Please fill in all fields' and 'Login Failed: Invalid email or password'", async ({
    page,
  }) => {
    await countToasts(page);
    await page.goto("/admin/login");
    await hydrated(page);
    // Empty fields reach the server (the form is noValidate): SPEC's toast, not a browser bubble.
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(toast(page, "Error", "Please fill in all fields")).toBeVisible();
    await expectOneToast(page, "Please fill in all fields");

    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(toast(page, "Login Failed", "Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    // Other failures carry the server's own message.
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("whatever-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(toast(page, "Login Failed", "Invalid email")).toBeVisible();
  });

  test("toasts sit bottom-right; Alt+T focuses 'Notifications'; 'Close toast' closes one", async ({
    page,
  }) => {
    await page.goto("/admin/login");
    await hydrated(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const item = toast(page, "Error", "Please fill in all fields");
    await expect(item).toBeVisible();
    await expect(notifications(page).locator("ol")).toHaveAttribute("data-y-position", "bottom");
    await expect(notifications(page).locator("ol")).toHaveAttribute("data-x-position", "right");
    await page.keyboard.press("Alt+KeyT");
    await expect
      .poll(() =>
        page.evaluate(() =>
          Boolean(document.activeElement?.closest('[aria-label^="Notifications"]')),
        ),
      )
      .toBe(true);
    await item.hover();
    await item.getByRole("button", { name: "Close toast" }).click();
    await expect(item).toBeHidden();
  });

  test("an admin signs in to /admin/portfolio, and is sent there again from /admin/login", async ({
    page,
  }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/portfolio$/);
    await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/portfolio$/);
  });

  test("a visitor sent to sign in comes back to the page they asked for", async ({ page }) => {
    await page.goto("/admin/job-applications?status=new");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/job-applications\?status=new$/);
  });

  test("the admin navigation is exactly SPEC's (then Media, Backups and Jobs), and Logout signs out", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/admin/portfolio");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link")).toHaveText([
      "Dashboard",
      "Case Studies",
      "Testimonials",
      "Team Members",
      "Portfolio",
      "Blog Posts",
      "Job Applications",
      "Redirects",
      "Analytics",
      "Media",
      "Projects",
      "Backups",
      "Jobs",
      "Staff",
      "Audit log",
      "Your account",
      "Privacy",
    ]);
    await expect(nav.getByRole("button")).toHaveText(["Logout"]);
    await expect(nav.getByRole("link", { name: "Portfolio" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await nav.getByRole("link", { name: "Team Members" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Team Members" })).toBeVisible();
    await nav.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("You have been signed out.")).toBeVisible();
    await page.goto("/admin/team");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fteam$/);
  });

  test("a signed-in non-admin is kept out of every admin page and told why", async ({ page }) => {
    await signIn(page, TEST_VIEWER);
    await page.goto("/admin/login");
    await expect(page.getByRole("alert")).toContainText(
      `You are signed in as ${TEST_VIEWER.email}, which does not have access to the back-office.`,
    );
    for (const path of [
      "/admin",
      "/admin/case-studies",
      "/admin/testimonials",
      "/admin/team",
      "/admin/portfolio",
      "/admin/blog",
      "/admin/job-applications",
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login/);
      await expect(page.getByRole("alert")).toContainText(
        "does not have access to the back-office",
      );
    }
    const csv = await page.request.get("/admin/inquiries.csv");
    expect(csv.status()).toBe(403);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("alert")).toBeHidden();
  });

  test("an editor lands on the blog, sees only content in the navigation, and gets a 403 page elsewhere", async ({
    page,
  }) => {
    await page.goto("/admin/login");
    await hydrated(page);
    await page.getByLabel("Email").fill(TEST_EDITOR.email);
    await page.getByLabel("Password").fill(TEST_EDITOR.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link")).toHaveText([
      "Case Studies",
      "Testimonials",
      "Team Members",
      "Portfolio",
      "Blog Posts",
      "Redirects",
      "Analytics",
      "Media",
      "Projects",
      "Your account",
    ]);
    for (const path of ["/admin", "/admin/job-applications", "/admin/backups"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await expect(
        page.getByRole("heading", { name: "You don't have access to this page." }),
      ).toBeVisible();
    }
    await hydrated(page);
    await expectNoAxeViolationsAtBothWidths(page);
    await page.getByRole("link", { name: "Back to the back-office" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const resume = await page.request.get("/admin/job-applications.csv");
    expect(resume.status()).toBe(403);
  });

  test("per-account sign-in limit: after 5 failures, this address is told how long to wait", async ({
    page,
  }, testInfo) => {
    const email = `locked-${testInfo.project.name}@admin-tests.test`;
    await page.goto("/admin/login");
    await hydrated(page);
    // Each attempt waits for its own answer (not for a toast an earlier attempt left on screen).
    const attempt = async (password: string) => {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      const [response] = await Promise.all([
        page.waitForResponse(
          (r) =>
            r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/login"),
        ),
        page.getByRole("button", { name: "Sign In", exact: true }).click(),
      ]);
      await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
      return response;
    };
    for (let i = 0; i < 5; i++) {
      expect((await attempt(`wrong-password-${i}`)).status()).toBe(401);
    }
    expect((await attempt("wrong-password-6")).status()).toBe(429);
    await expect(
      notifications(page)
        .getByRole("listitem")
        .filter({ hasText: "Login Failed" })
        .filter({ hasText: /Too many sign-in attempts\. Please try again in \d+ seconds\./ }),
    ).toBeVisible();
  });

  test("a session ends 12 hours after sign-in, even one in use, and after 2 idle hours", async ({
    page,
    adminServer,
  }) => {
    const minute = 60 * 1000;
    await signIn(page);
    try {
      // Used every 1 h 50 min, so the 2-hour idle limit never ends it...
      for (let use = 1; use <= 6; use++) {
        await adminServer.shiftClock(use * 110 * minute);
        await page.goto("/admin/portfolio");
        await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
      }
      // ...but past 12 hours from sign-in it is over.
      await adminServer.shiftClock(12 * 60 * minute + minute);
      await page.goto("/admin/portfolio");
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fportfolio$/);

      // A fresh session left alone for 2 hours and a minute is over too.
      await signIn(page);
      await adminServer.shiftClock((12 * 60 + 1 + 121) * minute);
      await page.goto("/admin/portfolio");
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fportfolio$/);
    } finally {
      await adminServer.shiftClock(0);
    }
  });
});

test.describe("back-office sign-in without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the messages in the page, signs in and out", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Error: Please fill in all fields");
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Login Failed: Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(TEST_ADMIN.email);
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/portfolio$/);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("status")).toHaveText("Signed out: You have been signed out.");
  });

  test("the unlock link's page answers its button without JavaScript", async ({ page }) => {
    const response = await page.goto(`/admin/unlock?token=${"a".repeat(43)}`);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "This unlock link is invalid, used or expired.",
    );
  });
});
