import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signInAsNewTrial, toast } from "./helpers";

/**
 * Demo payments in a real browser (docs/billing.md "Demo payments"). This spec starts its own
 * server the way `npm run app` runs with no payment keys: scripts/e2e-server.mjs with
 * E2E_DEMO_PAYMENTS=1 (PORT + 200, so it never meets the suite's server or another run's):
 * no Stripe or PayPal keys, the local demo payment server on its port + 91, test keys pointed
 * at it. Nothing is routed or stubbed in the browser: the card form is the one the app serves
 * in demo mode, its confirm goes to the demo server, and the demo server's signed webhooks
 * make the plan. A newcomer upgrades with a test card, uses a paid feature, cancels, resumes.
 */
const SUITE_PORT = Number(process.env.E2E_PORT ?? 3100);
const DEMO_PORT = SUITE_PORT + 200;
const BASE = `http://127.0.0.1:${DEMO_PORT}`;
const ROOT = path.resolve(__dirname, "..");

let server: ChildProcess | null = null;

async function waitForServer(deadline: number): Promise<void> {
  for (;;) {
    if (server?.exitCode !== null) throw new Error(`the demo-mode server stopped (exit ${server?.exitCode})`);
    try {
      if ((await fetch(`${BASE}/api/newsletter/stats`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error("the demo-mode server did not start in time");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(DEMO_PORT), E2E_DEMO_PAYMENTS: "1" },
  });
  await waitForServer(Date.now() + 290_000);
});

test.afterAll(() => {
  // The server, its database tools and the demo payment server share one process group.
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
});

test.describe("demo payments (no payment keys)", () => {
  test("a trial subscriber upgrades to Professional with a test card, exports CSV, cancels and resumes; no money moves", async ({ page }) => {
    test.setTimeout(240_000);
    const email = await signInAsNewTrial(page, "demo-pay", "/account");
    await expect(page.getByTestId("account-plan")).toHaveText("Free Trial");

    // Below Professional, CSV export is an upgrade prompt.
    await page.goto("/watchlist");
    await expect(page.getByTestId("watchlist-export-upgrade")).toBeVisible();

    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/checkout-professional");
      const notice = page.getByTestId("demo-payment-notice");
      await expect(notice).toContainText("Demo payment: no money moves");
      await expect(notice).toContainText("4242 4242 4242 4242");
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
    }

    // The card form is the app's own (js.stripe.com is never asked).
    const external: string[] = [];
    page.on("request", (request) => {
      if (/stripe\.com|paypal\.com/.test(request.url())) external.push(request.url());
    });
    await page.goto("/checkout-professional");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByTestId("mode-note")).toHaveText("Demo payment: no money moves. Use card 4242 4242 4242 4242 to pay.");

    // A declined test card: the demo payment server declines it as Stripe would.
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $35.00" }).click();
    const declined = "Your card was declined. Please try a different card or contact your bank.";
    await expect(page.getByTestId("payment-error")).toHaveText(declined);
    await expect(page).toHaveURL(/\/checkout-professional$/);

    // 4242 pays.
    const confirm = page.waitForResponse("**/api/demo-payments/stripe/confirm");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $35.00" }).click();
    expect(await (await confirm).json()).toMatchObject({ paymentIntent: { status: "succeeded" } });
    await expect(toast(page)).toContainText("Payment Successful! Welcome to Professional Plan!");
    await page.waitForURL("**/alerts", { timeout: 15_000 });
    expect(external).toEqual([]);

    // The plan came by the demo server's signed webhooks.
    await expect(async () => {
      await page.goto("/account");
      await expect(page.getByTestId("account-plan")).toHaveText("Professional Plan", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("account-status")).toHaveText("Active");
    await expect(page.getByTestId("payment-method")).toHaveText("Visa ending in 4242");
    await expect(page.getByTestId("receipts").getByRole("row").filter({ hasText: "Professional Plan" })).toContainText("$35.00");

    // A paid feature: the watchlist's CSV export downloads.
    await page.goto("/watchlist");
    const download = page.waitForEvent("download");
    await page.getByTestId("watchlist-export").click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    // Cancel, then resume, from the account page: the demo server takes both and says so by webhook.
    await page.goto("/account");
    // No provider portal in demo mode: there is no hosted Stripe page to send the card to.
    await expect(page.getByTestId("billing-portal")).toHaveCount(0);
    await expect(page.getByTestId("demo-payments-account-note")).toContainText("no money moves");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("cancel-plan").click();
    await expect(page.getByTestId("account-status")).toHaveText("Cancelling");
    await page.getByTestId("undo-cancel").click();
    await expect(page.getByTestId("account-status")).toHaveText("Active");
    await page.reload();
    await expect(page.getByTestId("account-status")).toHaveText("Active");
    await expect(page.getByTestId("cancel-plan")).toBeVisible();
  });
});
