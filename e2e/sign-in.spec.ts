import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, uniqueEmail } from "./helpers";

/**
 * Subscriber sign-in by emailed link, end to end in the local demo set-up (no email
 * provider, demo mode on: scripts/e2e-server.mjs), where sent mail is read at /dev/mail.
 */

async function startTrial(page: Page, email: string) {
  await page.goto("/free-trial");
  await page.getByLabel("First name").fill("Casey");
  await page.getByLabel("Last name").fill("Morgan");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Start My Free Trial" }).click();
  await expect(page.getByTestId("trial-welcome")).toBeVisible();
}

/** Opens the newest sign-in message to `email` in the demo mailbox and returns the link's path (the server's SITE_URL may name another host). */
async function signInLinkFromMailbox(page: Page, email: string): Promise<string> {
  await page.goto("/dev/mail");
  // The message is written just after the answer to the request: reload until it is listed.
  const row = page.getByTestId("mailbox-row").filter({ hasText: email }).filter({ hasText: "Your TariffWatch sign-in link" }).first();
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await row.getByRole("link", { name: "Your TariffWatch sign-in link" }).click();
  await expect(page.getByTestId("mail-subject")).toHaveText("Your TariffWatch sign-in link");
  await expect(page.getByTestId("mail-text")).toContainText("expires in 15 minutes");
  const href = await page.getByTestId("mail-links").getByRole("link", { name: /\/sign-in\/verify\?token=/ }).first().getAttribute("href");
  expect(href).toBeTruthy();
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

test.describe("sign in by emailed link", () => {
  test("trial -> sign-in link -> demo mailbox -> confirm -> watchlist -> sign out; a used link says so", async ({ page }) => {
    // Eleven page loads and three axe runs: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const email = uniqueEmail("signin");
    await startTrial(page, email);

    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await page.getByLabel("Email address").fill(email.toUpperCase());
    const requested = Date.now();
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    const sent = page.getByTestId("sign-in-sent");
    await expect(sent).toContainText("If that email has an account or a trial, a sign-in link is on its way.");
    await expect(sent.getByRole("link", { name: "demo mailbox" })).toHaveAttribute("href", "/dev/mail");

    const link = await signInLinkFromMailbox(page, email);
    expect(link).toMatch(/^\/sign-in\/verify\?token=[A-Za-z0-9_-]{43}$/);

    // Opening the link signs nobody in: it asks for a press on the button.
    await page.goto(link);
    const [local, domain] = email.split("@");
    await expect(page.getByRole("heading", { name: `Sign in as ${local![0]}***@${domain}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const pressed = Date.now();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // No callback path: a sign-in lands on the watchlist (docs/accounts.md, "Signing in").
    await expect(page).toHaveURL(/\/watchlist$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your watchlist" })).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    const now = Date.now();
    console.log(
      `[timing] sign-in link request -> session in the browser: ${now - requested} ms (includes opening the demo mailbox and the link); ` +
        `press on "Sign in" -> /watchlist rendered: ${now - pressed} ms`,
    );

    // The session works for the account call too.
    const account = await page.request.get("/api/account");
    expect(account.status()).toBe(200);
    expect(await account.json()).toMatchObject({ email, plan: "free-trial", status: "trialing" });

    // Sign out: the server ends the session; /account sends to /sign-in again.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/);
    await expect(page.getByTestId("signed-out")).toHaveText("You are signed out.");
    expect((await page.request.get("/api/account")).status()).toBe(401);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Faccount$/);

    // The used link: a clear page with a form for a new link, and no session.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link was already used" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Email me a new link" })).toBeVisible();
    await expect(page.getByLabel("Email address")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect((await page.request.get("/api/account")).status()).toBe(401);
  });

  test("a made-up link is not valid and offers a new one", async ({ page }) => {
    await page.goto("/sign-in/verify?token=not-a-real-token-0123456789abcdef");
    await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Email me a new link" })).toBeVisible();
  });

  test("the sign-in form says what is wrong with the email, next to the field", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  });

  test("/watchlist and /account send a visitor to sign-in, coming back afterwards", async ({ page }) => {
    await page.goto("/watchlist");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fwatchlist$/);
    expect((await page.request.get("/api/account")).status()).toBe(401);
  });

  test("subscriber pages answer a visitor and a stale session cookie with an HTTP 307 to sign-in, whatever the page streams", async ({ request }) => {
    const stale = { Cookie: "tariffwatch.session=revoked-or-made-up-token-0123456789" };
    for (const path of ["/account", "/watchlist", "/watchlist/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", "/alerts/mine", "/alerts/mine?severity=high", "/alerts/mine/7"]) {
      for (const headers of [{}, stale]) {
        const response = await request.get(path, { maxRedirects: 0, headers });
        expect(response.status(), `${path} ${"Cookie" in headers ? "with a stale cookie" : "as a visitor"}`).toBe(307);
        const location = new URL(response.headers().location ?? "", "http://x");
        expect(location.pathname).toBe("/sign-in");
        expect(location.searchParams.get("callbackUrl"), path).toBe(path);
      }
    }
    // /alerts with a stale cookie shows the subscriber's alerts, so it too asks to sign in, coming back to /alerts.
    const alerts = await request.get("/alerts", { maxRedirects: 0, headers: stale });
    expect(alerts.status()).toBe(307);
    expect(new URL(alerts.headers().location ?? "", "http://x").searchParams.get("callbackUrl")).toBe("/alerts");
  });
});
