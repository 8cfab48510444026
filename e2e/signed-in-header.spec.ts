import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, openSignInLinkFromMailbox, uniqueEmail } from "./helpers";

/**
 * A signed-in person can find their way (docs/accounts.md "The header knows who is signed in",
 * docs/experience.md "Navigation"): the header of a prerendered page shows a subscriber's
 * Watchlist, Alerts, Account and Sign out from the readable signed-in hint, while the page
 * itself stays the one prerendered copy; a sign-in lands on the watchlist, whose empty state
 * leads to the first add; a subscriber reaches the public market dashboard.
 */

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1440, height: 900 } },
] as const;

/** A new trial, signed in from /sign-in with no callback path: where a sign-in lands by default. */
async function newTrialSignedIn(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await page.goto("/free-trial");
  await page.getByLabel("First name").fill("Dana");
  await page.getByLabel("Last name").fill("Reyes");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Start My Free Trial" }).click();
  const welcome = page.getByTestId("trial-welcome");
  // A signup, its email and the answer: allow for a busy machine.
  await expect(welcome).toBeVisible({ timeout: 20_000 });
  // The first step it offers is the watchlist (a visitor is sent to sign in first).
  await expect(welcome.getByRole("link", { name: "Open your watchlist" })).toHaveAttribute("href", "/watchlist");
  await page.goto("/sign-in");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByTestId("sign-in-sent")).toBeVisible();
  await openSignInLinkFromMailbox(page, email);
  return email;
}

const header = (page: Page) => page.getByTestId("header-account");

test.describe("the header of a prerendered page", () => {
  test("is the same prerendered copy for everyone: the server never renders a subscriber's links", async ({ request }) => {
    // With a session cookie and the hint, the server still answers the one static copy.
    const visitor = await request.get("/");
    const withCookies = await request.get("/", { headers: { cookie: "tariffwatch.session=x".padEnd(60, "x") + "; tariffwatch.signed-in=1" } });
    for (const response of [visitor, withCookies]) {
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-testid="header-account" data-state="visitor"');
      expect(html).not.toContain('data-state="signed-in"');
      // Served from the build's prerendered copy (docs/performance.md), not rendered per request.
      expect(response.headers()["x-nextjs-prerender"] ?? response.headers()["x-nextjs-cache"]).toBeTruthy();
      expect(response.headers()["set-cookie"]).toBeUndefined();
    }
  });

  for (const { name, viewport } of SIZES) {
    test(`shows a visitor Sign in and the trial (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await expect(header(page)).toHaveAttribute("data-state", "visitor");
      if (name === "desktop") {
        await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
        await expect(header(page).getByRole("link", { name: "Start Free Trial" })).toBeVisible();
        await expect(header(page).getByRole("button", { name: "Sign out" })).toHaveCount(0);
      } else {
        await page.getByTestId("menu-button").click();
        const sheet = page.getByRole("dialog", { name: "Menu" });
        await expect(sheet.getByRole("link", { name: "Sign in" })).toBeVisible();
        await expect(sheet.getByRole("link", { name: "Start Free Trial" })).toBeVisible();
        await expect(sheet.getByRole("link", { name: "Watchlist" })).toHaveCount(0);
      }
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("signed in", () => {
  test("a sign-in lands on the watchlist, whose empty state leads to the first add", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(SIZES[1].viewport);
    await newTrialSignedIn(page, "lands");
    await expect(page).toHaveURL(/\/watchlist$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your watchlist" })).toBeVisible();
    const empty = page.getByTestId("watchlist-empty");
    await expect(empty).toContainText("Nothing on your watchlist yet");
    await empty.getByRole("link", { name: "Add your first item" }).click();
    await expect(page).toHaveURL(/\/watchlist#watch-item$/);
    await expect(page.getByRole("heading", { name: "Watch an item" })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    // The subscriber pages' own header names the same pages and the market dashboard.
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Watchlist" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Alerts" })).toHaveAttribute("href", "/alerts/mine");
    await expect(nav.getByRole("link", { name: "Market dashboard" })).toHaveAttribute("href", "/alerts?view=market");
  });

  for (const { name, viewport } of SIZES) {
    test(`the static landing's header shows Watchlist, Alerts, Account and Sign out (${name})`, async ({ page, context }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await newTrialSignedIn(page, `hdr-${name}`);
      // The hint is readable by the page; the session cookie is not.
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "tariffwatch.signed-in")).toMatchObject({ value: "1", httpOnly: false });
      expect(cookies.find((c) => c.name === "tariffwatch.session")).toMatchObject({ httpOnly: true });

      await page.goto("/");
      await expect(header(page)).toHaveAttribute("data-state", "signed-in");
      if (name === "desktop") {
        const account = header(page).getByRole("list", { name: "Your account" });
        await expect(account.getByRole("link")).toHaveText(["Watchlist", "Alerts", "Account"]);
        await expect(header(page).getByRole("button", { name: "Sign out" })).toBeVisible();
        await expect(header(page).getByRole("link", { name: "Sign in" })).toHaveCount(0);
      } else {
        await expect(header(page).getByRole("link", { name: "Watchlist" })).toBeVisible();
        await page.getByTestId("menu-button").click();
        const sheet = page.getByRole("dialog", { name: "Menu" });
        await expect(sheet.getByRole("region", { name: "Your account" }).getByRole("link")).toHaveText(["Watchlist", "Alerts", "Account"]);
        await expect(sheet.getByRole("button", { name: "Sign out" })).toBeVisible();
        await expect(sheet.getByRole("link", { name: "Start Free Trial" })).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);
        await page.keyboard.press("Escape");
      }
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);

      // The market dashboard from the header is the dashboard, not the subscriber's own alerts.
      await page.goto("/");
      if (name === "phone") {
        await page.getByTestId("menu-button").click();
        await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Market Alerts" }).click();
      } else {
        await page.getByTestId("header-links").getByRole("link", { name: "Market Alerts" }).click();
      }
      await expect(page).toHaveURL(/\/alerts\?view=market$/);
      await expect(page.getByRole("heading", { level: 1, name: "Economic Dashboard" })).toBeVisible();

      // Signing out from the header clears the hint: the header is a visitor's again.
      await page.goto("/");
      if (name === "phone") {
        await page.getByTestId("menu-button").click();
        await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Sign out" }).click();
      } else {
        await header(page).getByRole("button", { name: "Sign out" }).click();
      }
      // The sign-out call, then the sign-in page (rendered per request): allow for a busy machine.
      await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/, { timeout: 20_000 });
      expect((await context.cookies()).find((c) => c.name === "tariffwatch.signed-in")).toBeUndefined();
      await page.goto("/");
      await expect(header(page)).toHaveAttribute("data-state", "visitor");
    });
  }

  test("a subscriber's alerts page links to the public market dashboard, and a bare /alerts is still their own", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(SIZES[0].viewport);
    await newTrialSignedIn(page, "market");
    await page.goto("/alerts");
    await expect(page.getByRole("heading", { level: 1, name: "Your alerts" })).toBeVisible();
    // The subscriber pages' header on a phone: the pages on a second row, nothing wider than the screen.
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Alerts" })).toHaveAttribute("href", "/alerts/mine");
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId("market-dashboard-from-alerts").click();
    await expect(page).toHaveURL(/\/alerts\?view=market$/);
    await expect(page.getByRole("heading", { level: 1, name: "Economic Dashboard" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a hint left without a session is cleared by the sign-in page", async ({ page, context }) => {
    await context.addCookies([{ name: "tariffwatch.signed-in", value: "1", domain: "127.0.0.1", path: "/" }]);
    await page.goto("/");
    await expect(header(page)).toHaveAttribute("data-state", "signed-in");
    // Following Watchlist without a session leads to sign-in, which clears the stale hint.
    await page.goto("/watchlist");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fwatchlist$/);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "tariffwatch.signed-in")).toBeUndefined();
    await page.goto("/");
    await expect(header(page)).toHaveAttribute("data-state", "visitor");
  });
});
