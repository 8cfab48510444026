import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, toast, uniqueEmail } from "./helpers";

/**
 * The staff side: sign-in, the refusals when signed out, the slow-down after failed
 * sign-ins, the bulk welcome resend and the manual trial follow-up. The e2e server
 * creates the admin (scripts/e2e-server.mjs) with the password playwright.config.ts
 * generated for this run.
 */
const USERNAME = process.env.E2E_ADMIN_USERNAME ?? "e2e-admin";
const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";

const FORGED = [
  { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
  { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
];

async function signIn(page: Page, username = USERNAME, password = PASSWORD) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.beforeAll(() => {
  expect(PASSWORD, "playwright.config.ts sets E2E_ADMIN_PASSWORD").not.toBe("");
});

test.describe("admin: signed out", () => {
  test("every admin call answers 401, also with a forged x-middleware-subrequest header", async ({ request }) => {
    for (const headers of [{}, ...FORGED]) {
      for (const response of [
        await request.get("/api/admin/newsletters", { headers }),
        await request.post("/api/admin/resend-welcome-emails", { headers: { ...headers, "Idempotency-Key": "e2e-forged-0001" } }),
        await request.post("/api/admin/send-trial-followup", {
          headers,
          data: { email: "a@b.co", firstName: "Al", lastName: "Bo", emailType: "day2", daysLeft: 5 },
        }),
      ]) {
        expect(response.status()).toBe(401);
        expect(await response.json()).toEqual({ message: "Admin sign-in required." });
      }
    }
  });

  test("every admin page sends the visitor to sign-in, also with a forged header", async ({ request }) => {
    for (const path of ["/admin/email-resend", "/admin/trial-dashboard", "/admin", "/checkout-test", "/checkout-debug"]) {
      for (const headers of [{}, ...FORGED]) {
        const response = await request.get(path, { headers, maxRedirects: 0 });
        expect(response.status(), path).toBe(307);
        const location = new URL(response.headers().location ?? "", "http://x");
        expect(location.pathname).toBe("/admin/sign-in");
        expect(location.searchParams.get("callbackUrl")).toBe(path);
      }
    }
  });

  test("the sign-in page refuses a wrong password and is accessible", async ({ page }) => {
    await page.goto("/admin/trial-dashboard");
    await expect(page).toHaveURL(/\/admin\/sign-in\?callbackUrl=%2Fadmin%2Ftrial-dashboard$/);
    await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your username")).toBeVisible();
    await expect(page.getByText("Enter your password")).toBeVisible();

    await signIn(page, USERNAME, `${PASSWORD}-wrong`);
    await expect(page.getByTestId("sign-in-error")).toHaveText("Incorrect username or password.");
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByLabel("Password")).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/sign-in/);
    expect((await page.context().cookies()).some((c) => c.name.includes("admin-session"))).toBe(false);
  });

  test("slows down after 5 failed sign-ins for one username from one client", async ({ page }) => {
    const username = `e2e-throttle-${Date.now()}`;
    await page.goto("/admin/sign-in");
    for (let i = 1; i <= 5; i++) {
      await signIn(page, username, `wrong password ${i}`);
      await expect(page.getByTestId("sign-in-error")).toHaveText("Incorrect username or password.");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    }
    await signIn(page, username, "wrong password 6");
    // The 30-second wait counts from the fifth failure: on a loaded machine a second may pass before the sixth.
    await expect(page.getByTestId("sign-in-error")).toHaveText(
      /^Too many failed sign-in attempts\. Please wait (30|29) seconds before trying again\.$/,
    );
  });
});

test.describe("admin: signed in", () => {
  test("signs in, resends the welcome email to every subscriber, sends a manual follow-up, signs out", async ({ page, request }) => {
    test.setTimeout(60_000);
    const subscribers = [uniqueEmail("resend-a"), uniqueEmail("resend-b")];
    for (const email of subscribers) expect((await request.post("/api/newsletter", { data: { email } })).status()).toBe(201);
    const trialEmail = uniqueEmail("followup");
    expect((await request.post("/api/free-trial", { data: { email: trialEmail, firstName: "Jordan", lastName: "Rivera" } })).status()).toBe(201);

    // Sign in from the page the admin wanted; the list loads slowly enough to see its loading text.
    await page.route("**/api/admin/newsletters", async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.goto("/admin/email-resend");
    await expect(page).toHaveURL(/\/admin\/sign-in/);
    await signIn(page);
    await expect(page).toHaveURL(/\/admin\/email-resend$/);
    await expect(page.getByText("Loading subscriber data...")).toBeVisible();
    await expect(page.getByTestId("admin-username")).toHaveText(USERNAME);

    const session = (await page.context().cookies()).find((c) => c.name === "tariffwatch.admin-session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/" });
    // About 8 hours (the absolute lifetime), not the library's 30 days.
    expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(7.9 * 3600 * 1000);
    expect(session!.expires * 1000 - Date.now()).toBeLessThan(8.1 * 3600 * 1000);

    // The list: count, each subscriber with type and date, the duplicate warning, the button with the count.
    const list = page.getByTestId("subscriber-list");
    for (const email of subscribers) await expect(list.getByRole("row", { name: new RegExp(email) })).toContainText("free");
    const count = Number(await page.getByTestId("subscriber-count").textContent());
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId("duplicate-warning")).toContainText("Duplicate emails will go out.");
    const button = page.getByRole("button", { name: `Resend Welcome Emails to ${count} Subscribers` });
    await expect(button).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Confirm, then 'Resending Emails...' while the batch runs.
    await page.route("**/api/admin/resend-welcome-emails", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await button.click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`This will resend welcome emails with the corrected dashboard link to all ${count} subscribers.`);
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    const refreshed = page.waitForRequest((r) => r.url().endsWith("/api/admin/newsletters") && r.method() === "GET");
    await dialog.getByRole("button", { name: /^Resend to \d+ subscribers$/ }).click();
    await expect(page.getByRole("button", { name: "Resending Emails..." })).toBeDisabled();

    // The results panel.
    const results = page.getByTestId("resend-results");
    await expect(results).toBeVisible({ timeout: 15_000 });
    const processed = Number(await results.getByTestId("resend-processed").textContent());
    expect(processed).toBeGreaterThanOrEqual(count);
    await expect(results.getByTestId("resend-successful")).toHaveText(String(processed));
    await expect(results.getByTestId("resend-failed")).toHaveText("0");
    for (const email of subscribers) await expect(results.getByTestId("resend-recipient").filter({ hasText: email })).toContainText("Sent");
    await expect(results).toContainText("Completed at");
    await expect(results.getByTestId("resend-message")).toContainText("Welcome emails resent");
    await expect(toast(page)).toContainText("Bulk Email Resend Complete!");
    await expect(toast(page)).toContainText(`Successfully sent ${processed} emails, 0 failed`);
    await refreshed;
    await expectNoSeriousA11yViolations(page);

    // The trial dashboard: real figures and the manual follow-up.
    await page.getByRole("link", { name: "Trial dashboard" }).click();
    await expect(page).toHaveURL(/\/admin\/trial-dashboard$/);
    await expect(page.getByRole("heading", { name: "Trial dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("stat-active")).toContainText(/Active trials\s*\d+/);
    await expect(page.getByRole("heading", { name: "Next follow-ups due" })).toBeVisible();
    await expect(page.getByLabel("Email type")).toHaveValue("day2");
    await expect(page.getByLabel("Days left")).toHaveValue("5");
    await expect(page.getByLabel("First name")).toHaveValue("");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Send Follow-up Email" }).click();
    await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Last name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();

    await page.getByLabel("First name").fill("Jordan");
    await page.getByLabel("Last name").fill("Rivera");
    await page.getByLabel("Email address").fill(trialEmail);
    await page.getByLabel("Email type").selectOption("day5");
    await page.getByLabel("Days left").fill("2");
    await page.route("**/api/admin/send-trial-followup", async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Send Follow-up Email" }).click();
    await expect(page.getByRole("button", { name: "Sending Email..." })).toBeDisabled();
    await expect(toast(page)).toContainText("Follow-up Email Sent");
    await expect(toast(page)).toContainText(`day5 email sent to ${trialEmail}`);
    const result = page.getByTestId("follow-up-result");
    await expect(result).toContainText('"emailType": "day5"');
    await expect(result).toContainText(`"email": "${trialEmail}"`);
    await expect(result).toContainText('"trialFound": true');
    await expect(page.getByLabel("First name")).toHaveValue("");
    await expect(page.getByLabel("Email type")).toHaveValue("day2");

    // A failure shows 'Email Failed' and 'Error: {message}'.
    await page.unroute("**/api/admin/send-trial-followup");
    await page.route("**/api/admin/send-trial-followup", (route) =>
      route.fulfill({ status: 502, json: { message: "The email provider did not accept the Day 2 follow-up." } }),
    );
    await page.getByLabel("First name").fill("Jordan");
    await page.getByLabel("Last name").fill("Rivera");
    await page.getByLabel("Email address").fill(trialEmail);
    await page.getByRole("button", { name: "Send Follow-up Email" }).click();
    await expect(toast(page)).toContainText("Email Failed");
    await expect(result).toHaveText("Error: The email provider did not accept the Day 2 follow-up.");

    // The diagnostic checkouts open for an admin.
    expect((await page.goto("/checkout-test"))?.status()).toBe(200);
    await expect(page).toHaveURL(/\/checkout-test$/);
    await page.goto("/admin/trial-dashboard");

    // Sign out: back to sign-in, and the admin side is closed again.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    expect((await page.context().cookies()).some((c) => c.name === "tariffwatch.admin-session")).toBe(false);
    expect((await page.request.get("/api/admin/newsletters")).status()).toBe(401);
    await page.goto("/admin/trial-dashboard");
    await expect(page).toHaveURL(/\/admin\/sign-in/);
  });

  test("zero subscribers gives the 'No Subscribers' notice; a failed resend the 'Resend Failed' toast", async ({ page }) => {
    await page.goto("/admin/email-resend");
    await signIn(page);
    await expect(page).toHaveURL(/\/admin\/email-resend$/);
    await expect(page.getByTestId("subscriber-count")).toBeVisible();

    await page.route("**/api/admin/resend-welcome-emails", (route) =>
      route.fulfill({ status: 500, json: { message: "Something went wrong on our side. Please try again in a moment." } }),
    );
    await page.getByTestId("resend-button").click();
    await page.getByRole("alertdialog").getByRole("button", { name: /^Resend to/ }).click();
    await expect(toast(page)).toContainText("Resend Failed");
    await expect(toast(page)).toContainText("Something went wrong on our side");
    await expect(page.getByTestId("resend-results")).toHaveCount(0);

    await page.route("**/api/admin/newsletters", (route) => route.fulfill({ json: { count: 0, subscribers: [] } }));
    await page.reload();
    await expect(page.getByTestId("subscriber-count")).toHaveText("0");
    await page.getByRole("button", { name: "Resend Welcome Emails to 0 Subscribers" }).click();
    await expect(toast(page)).toContainText("No Subscribers");
    await expect(toast(page)).toContainText("No existing subscribers found to resend emails to");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });
});

test.describe("admin: sessions end on the server", () => {
  test("a copy of the session cookie taken before sign-out is refused afterwards", async ({ page, playwright, baseURL }) => {
    await page.goto("/admin/sign-in");
    await signIn(page);
    await expect(page).toHaveURL(/\/admin\/trial-dashboard/);
    const cookie = (await page.context().cookies()).find((c) => c.name === "tariffwatch.admin-session");
    expect(cookie).toBeDefined();

    // Someone else holds a copy of the cookie (another browser, a stolen copy).
    const copy = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect((await copy.get("/api/admin/newsletters")).status()).toBe(200);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);

    expect((await copy.get("/api/admin/newsletters")).status()).toBe(401);
    const dashboard = await copy.get("/admin/trial-dashboard", { maxRedirects: 0 });
    expect([303, 307, 308]).toContain(dashboard.status());
    expect(dashboard.headers()["location"]).toMatch(/\/admin\/sign-in/);
    await copy.dispose();
  });
});
