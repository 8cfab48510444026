import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import Stripe from "stripe";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signInAsNewTrial, signInFromMailbox, toast, uniqueEmail } from "./helpers";

/**
 * docs/billing.md "/account" in a real browser: the subscriber's life from trial to lapse, and account
 * deletion. Real server and database (scripts/e2e-server.mjs); the card checkout runs in the
 * signed-in browser with the Stripe.js double (e2e/doubles/stripe-v3.js), and our server
 * talks to the local Stripe double (tests/helpers/fake-stripe.ts) in Stripe's wire format.
 *
 * The Stripe.js double confirms a card in the browser only, so the spec then does what
 * Stripe does after a confirmed first invoice: it tells the Stripe double the payment
 * succeeded (its /__control endpoint: the invoice is paid, the subscription active) and
 * posts the webhooks Stripe would send, signed with the server's secret (whsec_e2e).
 * The period's end is Stripe's `customer.subscription.deleted`, posted the same way.
 */

const STRIPE_DOUBLE = path.join(__dirname, "doubles", "stripe-v3.js");
const STRIPE_API = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 91}`;
const WEBHOOK_SECRET = "whsec_e2e";
const signer = new Stripe("sk_test_e2e");

type StripeObject = Record<string, unknown> & { id: string };
type ActiveSubscription = { subscription: StripeObject; invoice: StripeObject; periodEnd: Date };

/** The account page's date format (components/account/summary.ts formatDate). */
const longDate = (d: Date) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(d);

/** Posts one Stripe event to our webhook, signed as Stripe signs it. */
async function sendStripeEvent(request: APIRequestContext, type: string, object: StripeObject): Promise<void> {
  const payload = JSON.stringify({
    id: `evt_e2e_${randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const response = await request.post("/api/webhooks/stripe", {
    data: payload,
    headers: { "content-type": "application/json", "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
  });
  expect(response.status(), `${type}: ${await response.text()}`).toBe(200);
  expect(await response.json()).toMatchObject({ received: true, duplicate: false, handled: true });
}

/**
 * The Consumer card checkout in this (signed-in) browser: email, card 4242, pay. Returns the
 * PaymentIntent of the first invoice, as the server created it at the Stripe double.
 */
async function payForConsumerByCard(page: Page, email: string): Promise<string> {
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) => route.fulfill({ path: STRIPE_DOUBLE, contentType: "text/javascript" }));
  await page.goto("/checkout-consumer");
  const intentResponse = page.waitForResponse("**/api/create-payment-intent");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  const intent = await intentResponse;
  expect(intent.status()).toBe(200);
  const { paymentId, kind } = (await intent.json()) as { paymentId: string; kind: string };
  expect(kind).toBe("subscription");
  expect(paymentId).toMatch(/^pi_/);

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $10.00" }).click();
  await expect(toast(page)).toContainText("Payment Successful! Welcome to Consumer Plan!");
  await page.waitForURL("**/alerts", { timeout: 15_000 });
  return paymentId;
}

/** What Stripe does once the first invoice's payment is confirmed: the double's state, then the webhooks. */
async function stripeConfirmsFirstInvoice(request: APIRequestContext, paymentIntentId: string): Promise<ActiveSubscription> {
  const control = await request.post(`${STRIPE_API}/__control/payment_intents/${paymentIntentId}/succeed`);
  expect(control.status()).toBe(200);
  const { payment_intent: intent, subscription } = (await control.json()) as { payment_intent: StripeObject; subscription: StripeObject | null };
  expect(subscription, "the PaymentIntent pays a subscription's first invoice").not.toBeNull();
  const invoice = subscription!.latest_invoice as StripeObject;
  const item = (subscription!.items as { data: { current_period_end: number }[] }).data[0]!;

  await sendStripeEvent(request, "payment_intent.succeeded", intent);
  await sendStripeEvent(request, "charge.succeeded", {
    id: `ch_e2e_${randomBytes(8).toString("hex")}`,
    object: "charge",
    amount: intent.amount,
    currency: intent.currency,
    paid: true,
    status: "succeeded",
    payment_intent: intent.id,
    payment_method_details: { type: "card", card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 } },
  });
  await sendStripeEvent(request, "invoice.paid", invoice);
  await sendStripeEvent(request, "customer.subscription.updated", subscription!);
  return { subscription: subscription!, invoice, periodEnd: new Date(item.current_period_end * 1000) };
}

/** The end of the period: Stripe deletes the subscription and says so. */
async function stripeEndsSubscription(request: APIRequestContext, subscription: StripeObject): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await sendStripeEvent(request, "customer.subscription.deleted", {
    ...subscription,
    status: "canceled",
    cancel_at_period_end: false,
    canceled_at: now,
    ended_at: now,
  });
}

/** Watches the first category still offered in the "Watch category" form; returns its name. */
async function watchNextCategory(page: Page): Promise<{ name: string; status: number }> {
  const select = page.getByLabel("Category", { exact: true });
  // The categories arrive after the page has loaded (components/watchlist/category-options.tsx).
  await expect(select).toHaveAttribute("aria-busy", "false");
  const offered = await select.locator("option:not([disabled])").evaluateAll((options) =>
    options.map((o) => ({ value: (o as HTMLOptionElement).value, label: (o.textContent ?? "").trim() })).filter((o) => o.value),
  );
  const next = offered[0];
  expect(next, "a category not yet watched").toBeTruthy();
  await select.selectOption(next!.value);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/watchlist") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Watch category" }).click();
  return { name: next!.label, status: (await answer).status() };
}

/** Asks for a sign-in link for `email` on /sign-in; returns the server's answer and the text shown. */
async function requestSignInLink(page: Page, email: string): Promise<{ status: number; body: unknown; shown: string }> {
  await page.goto("/sign-in");
  await page.getByLabel("Email address").fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in-link") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  const response = await answer;
  const sent = page.getByTestId("sign-in-sent");
  await expect(sent).toBeVisible();
  // The answer names the address it was sent to; everything else must be the same for any email.
  return { status: response.status(), body: await response.json(), shown: (await sent.innerText()).replaceAll(email, "<email>").trim() };
}

test.describe("subscriber account", () => {
  test("trial -> 3-category limit -> card subscription lifts it -> cancel and undo -> period ends -> sign out", async ({ page, request }) => {
    // A checkout and two axe runs: well over 30 s on a busy machine.
    test.setTimeout(240_000);

    // A trial signup, signed in from the demo mailbox.
    const email = await signInAsNewTrial(page, "acct", "/account");

    // /account: Free Trial with days left.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expect(page.getByTestId("account-email")).toContainText(email);
    await expect(page.getByTestId("account-plan")).toHaveText("Free Trial");
    await expect(page.getByTestId("account-status")).toHaveText("Trialing");
    await expect(page.getByTestId("account-status")).toHaveAttribute("data-status", "trialing");
    await expect(page.getByTestId("account-status-detail")).toHaveText(/^Free trial: 7 days left, ends [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
    await expect(page.getByTestId("access-paused")).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("account-plan")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    // /watchlist: three categories through the form, then the 4th is refused with an upgrade prompt.
    await page.goto("/watchlist");
    await expect(page.getByTestId("category-limit")).toContainText("You watch 0 of 3 categories");
    const watched: string[] = [];
    for (let n = 1; n <= 3; n++) {
      const added = await watchNextCategory(page);
      expect(added.status).toBe(201);
      watched.push(added.name);
      await expect(page.getByTestId("watch-list").getByRole("link", { name: added.name, exact: true })).toBeVisible();
      await expect(page.getByTestId("category-limit")).toContainText(`You watch ${n} of 3 categories`);
    }
    await expect(page.getByTestId("category-limit")).toContainText("The Consumer Plan watches unlimited categories.");
    await expect(page.getByText("The Consumer Plan adds:")).toBeVisible();
    const fourth = await watchNextCategory(page);
    expect(fourth.status).toBe(403);
    const refusal = page.getByTestId("add-category-refusal");
    await expect(refusal).toContainText("Your Free Trial covers up to 3 categories. The Consumer Plan watches unlimited categories.");
    await expect(refusal.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
    await page.reload();
    await expect(page.getByTestId("watch-list").getByRole("listitem")).toHaveCount(3);
    await expect(page.getByTestId("watch-list").getByRole("link", { name: fourth.name, exact: true })).toHaveCount(0);

    // A card subscription to Consumer, in this signed-in browser, joins the account.
    const paymentIntentId = await payForConsumerByCard(page, email);
    const { subscription, periodEnd } = await stripeConfirmsFirstInvoice(request, paymentIntentId);

    await page.goto("/account");
    await expect(page.getByTestId("account-plan")).toHaveText("Consumer Plan");
    await expect(page.getByTestId("account-status")).toHaveText("Active");
    await expect(page.getByTestId("account-status-detail")).toHaveText("Consumer Plan is active and renews monthly.");
    await expect(page.getByTestId("next-charge")).toHaveText(`$10.00 on ${longDate(periodEnd)}`);
    await expect(page.getByTestId("payment-method")).toHaveText("Visa ending in 4242");
    const receipt = page.getByTestId("receipts").getByRole("row").filter({ hasText: "Consumer Plan" });
    await expect(receipt).toHaveCount(1);
    await expect(receipt).toContainText("$10.00");
    await expect(receipt).toContainText("Paid");
    const account = await page.request.get("/api/account");
    expect(account.status()).toBe(200);
    expect(await account.json()).toMatchObject({ email, plan: "consumer", status: "active" });

    // The limit is lifted: the 4th category is accepted.
    await page.goto("/watchlist");
    await expect(page.getByTestId("category-limit")).toContainText("You watch 3 categories: your plan has no limit.");
    const accepted = await watchNextCategory(page);
    expect(accepted.status).toBe(201);
    await expect(page.getByTestId("watch-list").getByRole("link", { name: accepted.name, exact: true })).toBeVisible();
    await expect(page.getByTestId("category-limit")).toContainText("You watch 4 categories: your plan has no limit.");
    await expect(page.getByTestId("add-category-refusal")).toHaveCount(0);

    // Cancel at period end shows the end date; undo restores "active".
    await page.goto("/account");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("cancel-plan").click();
    await expect(page.getByTestId("account-status")).toHaveText("Cancelling");
    await expect(page.getByTestId("account-status")).toHaveAttribute("data-status", "cancelling");
    await expect(page.getByTestId("account-status-detail")).toHaveText(
      `Consumer Plan is cancelled and ends ${longDate(periodEnd)}. You keep everything until then.`,
    );
    await expect(page.getByTestId("next-charge")).toHaveText("None scheduled");
    await expect(page.getByText("Cancelled. You keep your plan until the end of this period.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId("undo-cancel").click();
    await expect(page.getByTestId("account-status")).toHaveText("Active");
    await expect(page.getByTestId("account-status")).toHaveAttribute("data-status", "active");
    await expect(page.getByTestId("next-charge")).toHaveText(`$10.00 on ${longDate(periodEnd)}`);
    await expect(page.getByTestId("cancel-plan")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("account-status")).toHaveText("Active");

    // The period ends (Stripe deletes the subscription): the Consumer Plan's access is gone.
    await stripeEndsSubscription(request, subscription);
    await page.reload();
    await expect(page.getByTestId("account-plan")).not.toHaveText("Consumer Plan");
    await expect(page.getByTestId("cancel-plan")).toHaveCount(0);
    await expect(page.getByTestId("next-charge")).toHaveText("None scheduled");
    const after = (await (await page.request.get("/api/account")).json()) as { plan: string | null; status: string };
    expect(after.plan).not.toBe("consumer");
    // Seven days from signup have not passed, so access falls back to the trial that is still
    // running (lib/entitlements accessOn), with its 3-category limit again; the 4 watches stay.
    expect(after).toMatchObject({ plan: "free-trial", status: "trialing" });
    await expect(page.getByTestId("account-plan")).toHaveText("Free Trial");
    await page.goto("/watchlist");
    await expect(page.getByTestId("watch-list").getByRole("listitem")).toHaveCount(4);
    await expect(page.getByTestId("category-limit")).toContainText("You watch 4 of 3 categories");
    const refusedAgain = await watchNextCategory(page);
    expect(refusedAgain.status).toBe(403);
    await expect(page.getByTestId("add-category-refusal")).toContainText("The Consumer Plan watches unlimited categories.");

    // Sign out: /account sends to /sign-in.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/);
    expect((await page.request.get("/api/account")).status()).toBe(401);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Faccount$/);
  });

  test("a plan that ends with no trial to fall back on: lapsed, alerts paused, a subscribe button", async ({ page, request }) => {
    test.setTimeout(180_000);
    // First contact is the newsletter (no trial), so nothing else grants access when the plan ends.
    const email = uniqueEmail("acct-lapse");
    await page.goto("/");
    const form = page.getByTestId("newsletter-form");
    await form.getByPlaceholder("Enter your email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page)).toContainText("Welcome to TariffWatch!");
    await signInFromMailbox(page, email, "/account");
    await expect(page.getByTestId("account-status")).toHaveText("No plan");

    const paymentIntentId = await payForConsumerByCard(page, email);
    const { subscription } = await stripeConfirmsFirstInvoice(request, paymentIntentId);
    await page.goto("/account");
    await expect(page.getByTestId("account-plan")).toHaveText("Consumer Plan");
    await expect(page.getByTestId("account-status")).toHaveText("Active");

    // The period ends: Stripe deletes the subscription.
    await stripeEndsSubscription(request, subscription);
    await page.reload();
    await expect(page.getByTestId("account-plan")).toHaveText("No plan");
    await expect(page.getByTestId("account-status")).toHaveText("Lapsed");
    await expect(page.getByTestId("account-status")).toHaveAttribute("data-status", "lapsed");
    await expect(page.getByTestId("account-status-detail")).toHaveText(
      "Your trial or plan has ended. Your account and watchlist are kept; alerts are paused until you subscribe.",
    );
    const paused = page.getByTestId("access-paused");
    await expect(paused.getByRole("heading", { name: "Your alerts are paused" })).toBeVisible();
    await expect(paused).toContainText("Your plan has ended.");
    await expect(paused.getByRole("link", { name: "Subscribe to resume alerts" })).toHaveAttribute("href", "/checkout-paypal-primary");
    await expect(page.getByTestId("cancel-plan")).toHaveCount(0);
    await expect(page.getByTestId("next-charge")).toHaveText("None scheduled");
    expect(await (await page.request.get("/api/account")).json()).toMatchObject({ email, plan: null, status: "lapsed" });
    // At 390 px with an address this long (about 40 characters, unbreakable) and a receipt.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.goto("/watchlist");
    await expect(page.getByTestId("alerts-paused")).toContainText("alerts are paused");
    await expect(page.getByTestId("add-category-form")).toHaveCount(0);
  });

  test("deleting the account signs out, and a new sign-in link for that email sends nothing", async ({ page }) => {
    test.setTimeout(120_000);
    const email = await signInAsNewTrial(page, "acct-delete", "/account");
    const confirm = page.getByLabel("Type DELETE to confirm");
    const deleteButton = page.getByRole("button", { name: "Delete my account" });
    await expect(deleteButton).toBeDisabled();
    // Typed before the form is hydrated, the text would not reach it: retype until it counts.
    await expect(async () => {
      await confirm.fill("delete");
      await expect(deleteButton).toBeDisabled();
      await confirm.fill("DELETE");
      await expect(deleteButton).toBeEnabled({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    const deleted = page.waitForResponse((r) => r.url().endsWith("/api/account/delete") && r.request().method() === "POST");
    await deleteButton.click();
    expect((await deleted).status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/api/account")).status()).toBe(401);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Faccount$/);

    // The same neutral answer as for an email never seen, and no new message.
    const forDeleted = await requestSignInLink(page, email);
    const forUnknown = await requestSignInLink(page, uniqueEmail("acct-never"));
    expect(forDeleted.status).toBe(forUnknown.status);
    expect(forDeleted.body).toEqual(forUnknown.body);
    expect(forDeleted.shown).toBe(forUnknown.shown);
    expect(forDeleted.shown).toContain("If that email has an account or a trial, a sign-in link is on its way.");
    expect(forDeleted.shown).toContain("Sent to <email>.");
    // Messages are written just after the answer; give it time, then look.
    await page.waitForTimeout(3_000);
    await page.goto("/dev/mail");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("mailbox-row").filter({ hasText: email })).toHaveCount(0);

    // The header is a visitor's again (the signed-in hint went with the session).
    await page.goto("/");
    await expect(page.getByTestId("header-account")).toHaveAttribute("data-state", "visitor");
    // Signing up again starts no second trial (a keyed hash of the email is kept: docs/accounts.md).
    await page.goto("/free-trial");
    await page.getByLabel("First name").fill("Robin");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(page.getByText("This email has already had its free trial.")).toBeVisible({ timeout: 20_000 });
    await expect(toast(page)).toContainText("choose a plan to continue");
    await expect(page.getByTestId("trial-welcome")).toHaveCount(0);
  });

  test("marketing email is off until turned on, and a trial can stop its alert emails here", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/free-trial");
    await expect(page.getByTestId("marketing-opt-in")).not.toBeChecked();
    await signInAsNewTrial(page, "acct-consent", "/account");
    const prefs = page.getByTestId("preferences-form");
    await expect(prefs.getByRole("checkbox", { name: /News, offers and the newsletter/ })).not.toBeChecked();
    await expect(prefs.getByTestId("alerts-in-digest")).toContainText("alerts arrive in your digest");
    const alerts = prefs.getByRole("checkbox", { name: /Alert emails/ });
    await expect(alerts).toBeChecked();
    await alerts.uncheck();
    await prefs.getByRole("button", { name: "Save preferences" }).click();
    await expect(prefs.getByRole("status")).toHaveText("Preferences saved.");
    expect(await (await page.request.get("/api/account/preferences")).json()).toEqual({ alertFrequency: "weekly", emailOptOuts: ["alerts", "marketing"] });
    for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      await page.setViewportSize(viewport);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
    }
  });
});
