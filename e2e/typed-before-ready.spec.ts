import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

/**
 * What a visitor types while a page's JavaScript is still loading is kept (docs/experience.md,
 * "Typing before the page is ready"). React resets a controlled field to its state when it
 * hydrates; the card checkout once lost an email typed that early, and its next press said
 * "Please enter a valid email address" (a CI run on a busy machine). Here the page's scripts
 * are held back 2.5 s, the field is filled at once from the server-rendered HTML, and the page
 * must carry on with what was typed.
 */
const STRIPE_DOUBLE = path.join(__dirname, "doubles", "stripe-v3.js");
const PAYPAL_DOUBLE = path.join(__dirname, "doubles", "paypal-sdk.js");

async function openBeforeScripts(page: Page, address: string): Promise<void> {
  await page.route(/^https:\/\/js\.stripe\.com\//, (r) => r.fulfill({ path: STRIPE_DOUBLE, contentType: "text/javascript" }));
  await page.route(/^https:\/\/www\.(sandbox\.)?paypal\.com\/sdk\//, (r) => r.fulfill({ path: PAYPAL_DOUBLE, contentType: "text/javascript" }));
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  await page.goto(address, { waitUntil: "commit" });
}

test.describe("typing before the page is ready", () => {
  test("/checkout-card-ultimate keeps the email and goes on to the card form", async ({ page }) => {
    await openBeforeScripts(page, "/checkout-card-ultimate");
    await page.getByLabel("Email address").fill("early.typist@example.com");
    await page.waitForLoadState("load");
    await expect(page.getByLabel("Email address")).toHaveValue("early.typist@example.com");
    // The button does nothing until React has hydrated the form: press until it moves on.
    await expect(async () => {
      await page.getByRole("button", { name: "Continue to payment" }).click({ timeout: 1_000 });
      await expect(page.getByLabel("Card number")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
  });

  test("/checkout-paypal-primary keeps the email typed for the subscription", async ({ page }) => {
    await openBeforeScripts(page, "/checkout-paypal-primary");
    await page.getByTestId("wallet-email").fill("early.wallet@example.com");
    await page.waitForLoadState("load");
    // The PayPal button is drawn by the SDK after React has hydrated the page; pressing it
    // creates the subscription with the email typed before.
    const created = page.waitForRequest((r) => r.url().endsWith("/api/paypal/subscription") && r.method() === "POST");
    await page.getByTestId("paypal-double-button").click({ timeout: 20_000 });
    expect((await created).postDataJSON()).toMatchObject({ email: "early.wallet@example.com" });
    await expect(page.getByTestId("wallet-email")).toHaveValue("early.wallet@example.com");
  });

  test("/calculator keeps the amount and can calculate it", async ({ page }) => {
    await openBeforeScripts(page, "/calculator");
    await page.getByLabel(/Monthly spending/).fill("250");
    await page.waitForLoadState("load");
    // The server-rendered button is disabled (no amount); the hydrated one sees the 250.
    await expect(page.getByRole("button", { name: "Calculate My Savings" })).toBeEnabled({ timeout: 20_000 });
    await expect(page.getByLabel(/Monthly spending/)).toHaveValue("250");
  });
});

test.describe("pressing before the page is ready", () => {
  test("/admin/tariffs sign-in: Enter pressed early submits nothing, and the password never reaches the address", async ({ page }) => {
    const password = process.env.E2E_ADMIN_PASSWORD ?? "";
    expect(password, "playwright.config.ts sets E2E_ADMIN_PASSWORD").not.toBe("");
    await openBeforeScripts(page, "/admin/tariffs");
    const submit = page.getByRole("button", { name: "Sign in" });
    await expect(submit).toBeDisabled();
    await page.getByLabel("Username").fill(process.env.E2E_ADMIN_USERNAME ?? "e2e-admin");
    await page.getByLabel("Password").fill(password);
    // Before React has hydrated the form, the browser would submit it itself: a GET to this
    // page with the password in the address. The disabled submit button stops that.
    await page.getByLabel("Password").press("Enter");
    await page.waitForLoadState("load");
    expect(page.url()).not.toContain("password");
    await expect(page.getByLabel("Password")).toHaveValue(password);
    await submit.click({ timeout: 20_000 });
    await expect(page.getByTestId("add-measure")).toBeVisible();
    expect(page.url()).not.toContain("password");
  });

  test("/admin/tariffs: 'Add measure' waits for the page and then opens its dialog", async ({ page }) => {
    const password = process.env.E2E_ADMIN_PASSWORD ?? "";
    expect(password, "playwright.config.ts sets E2E_ADMIN_PASSWORD").not.toBe("");
    await page.goto("/admin/tariffs");
    await page.getByLabel("Username").fill(process.env.E2E_ADMIN_USERNAME ?? "e2e-admin");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("add-measure")).toBeVisible();

    // Open the page again with its scripts held back, and press the button at once: a
    // dialog trigger is disabled until React has hydrated it, so the press is not lost
    // (an e2e run on a busy machine once pressed it early and waited 150 s for the dialog).
    await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await page.reload({ waitUntil: "commit" });
    await expect(page.getByTestId("add-measure")).toBeDisabled();
    await page.getByTestId("add-measure").click({ timeout: 20_000 });
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 2_000 });
  });

  // The three forms that show a light placeholder first (components/forms/use-deferred-form.ts).
  // A CI run pressed "Start My Free Trial" before the page had hydrated: the browser submitted
  // the placeholder itself, as a GET with the name and email in the address, and the page came
  // back empty. The placeholder's button is disabled until then; a press after it is carried
  // out by the full form with what was typed.
  const DEFERRED = [
    { address: "/free-trial", form: "free-trial-form", button: "Start My Free Trial", api: "/api/free-trial", fields: { "First name": "Robin", "Last name": "Lee" } },
    { address: "/tariffs-ebook", form: "preview-signup-form", button: "Send My Free Chapters", api: "/api/ebook-email-signup", fields: { "Your name": "Robin Lee" } },
    { address: "/", form: "newsletter-form", button: "Subscribe", api: "/api/newsletter", fields: {} },
  ] as const;
  for (const deferred of DEFERRED) {
    test(`${deferred.address}: the placeholder's button waits for the page, Enter pressed early submits nothing, then one press sends what was typed`, async ({ page }) => {
      const email = `early.${deferred.form}.${Date.now()}@example.com`;
      await openBeforeScripts(page, deferred.address);
      const form = page.getByTestId(deferred.form);
      const submit = form.getByRole("button", { name: deferred.button });
      await expect(submit).toBeDisabled();
      for (const [label, value] of Object.entries(deferred.fields)) await form.getByLabel(label).fill(value);
      const emailField = form.getByLabel("Email address");
      await emailField.fill(email);
      await emailField.press("Enter");
      await page.waitForLoadState("load");
      expect(page.url()).not.toContain("example.com");
      await expect(emailField).toHaveValue(email);
      const posted = page.waitForRequest((r) => r.url().endsWith(deferred.api) && r.method() === "POST");
      await submit.click({ timeout: 20_000 });
      const body = (await posted).postDataJSON() as Record<string, string>;
      expect(body.email).toBe(email);
      expect(page.url()).not.toContain("example.com");
    });
  }
});
