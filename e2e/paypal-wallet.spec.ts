import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";

/**
 * The PayPal wallet's popup and the wallet subscription checkout
 * (docs/billing.md "PayPal") in a real Chromium.
 *
 * REAL: our production server and its headers (Cross-Origin-Opener-Policy per page), the
 * checkout page and wallet component, the PayPal SDK double (e2e/doubles/paypal-sdk.js),
 * which opens a popup window at PayPal's approval URL and waits for it to post back
 * through window.opener, exactly as the real SDK does.
 * The e2e server names PayPal billing plans (PAYPAL_PLAN_*) that the fake PayPal seeds at
 * start, so the first popup test runs against our real /api/paypal/subscription and the
 * fake PayPal: "Agree & Subscribe" approves the subscription there (the buyer's side,
 * POST /__subscriptions/{id}/approve) before posting back.
 * INTERCEPTED: the SDK script (served from the double), PayPal's approval page in the
 * popup (context.route: a page with "Agree & Subscribe" that posts back to the opener),
 * and, where a test calls `withSubscriptionApi`, our /api/paypal/subscription answers (to
 * show a server without PayPal plans, or to keep UI-only checks fast).
 */
const PAYPAL_DOUBLE = path.join(__dirname, "doubles", "paypal-sdk.js");
const PAYPAL_SDK = /^https:\/\/www\.(sandbox\.)?paypal\.com\/sdk\//;
const PAYPAL_APPROVAL = /^https:\/\/www\.(sandbox\.)?paypal\.com\/(checkoutnow|webapps\/billing\/subscriptions)/;
/** The fake PayPal scripts/e2e-server.mjs starts (PORT + 92). */
const FAKE_PAYPAL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 92}`;

const APPROVAL_PAGE = `<!doctype html><html lang="en"><title>PayPal (test double)</title>
<h1>Approve your subscription</h1>
<button id="agree">Agree &amp; Subscribe</button>
<script>
  var id = new URL(location.href).searchParams.get("ba_token") || new URL(location.href).searchParams.get("token");
  document.getElementById("agree").onclick = function () {
    if (!window.opener) { document.body.insertAdjacentHTML("beforeend", "<p id=lost>No opener: cannot return to the merchant.</p>"); return; }
    window.approveAtPayPal(id).then(function () {
      window.opener.postMessage({ paypalDouble: id, approved: true }, "*");
      window.close();
    });
  };
</script></html>`;

async function withWalletDoubles(context: BrowserContext, page: Page) {
  await page.route(PAYPAL_SDK, (route) => route.fulfill({ path: PAYPAL_DOUBLE, contentType: "text/javascript" }));
  // The buyer approves at the fake PayPal (a subscription id our server did not create there, as
  // with withSubscriptionApi, is left alone).
  await context.exposeBinding("approveAtPayPal", async (_source, id: string) => {
    if (id.startsWith("I-E2EWALLET")) return;
    const response = await fetch(`${FAKE_PAYPAL}/__subscriptions/${encodeURIComponent(id)}/approve`, { method: "POST" });
    if (!response.ok) throw new Error(`fake PayPal refused the approval of ${id}: ${response.status}`);
  });
  await context.route(PAYPAL_APPROVAL, (route) => route.fulfill({ contentType: "text/html", body: APPROVAL_PAGE }));
}

async function withSubscriptionApi(page: Page, id = "I-E2EWALLET1") {
  const calls: string[] = [];
  await page.route("**/api/paypal/subscription**", async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    calls.push(`${request.method()} ${url.search}`);
    if (request.method() === "POST") return route.fulfill({ status: 201, json: { id, status: "APPROVAL_PENDING" } });
    if (url.searchParams.get("planId")) return route.fulfill({ json: { available: true, cardCheckoutPath: "/checkout-consumer" } });
    return route.fulfill({ json: { id, status: "active", planId: "consumer", active: true } });
  });
  return calls;
}

test.describe("Cross-Origin-Opener-Policy", () => {
  test("wallet pages allow the PayPal popup to talk back; other pages stay same-origin", async ({ request }) => {
    for (const pagePath of ["/checkout-paypal-primary", "/checkout-professional-paypal", "/checkout-enhanced"]) {
      const response = await request.get(pagePath);
      expect(response.headers()["cross-origin-opener-policy"], pagePath).toBe("same-origin-allow-popups");
    }
    for (const pagePath of ["/", "/checkout-consumer", "/checkout-ebook-paypal"]) {
      const response = await request.get(pagePath);
      expect(response.headers()["cross-origin-opener-policy"], pagePath).toBe("same-origin");
    }
  });
});

test.describe("wallet subscription with PayPal's popup", () => {
  test("/checkout-paypal-primary: email, popup approval posts back, our server confirms at PayPal, success", async ({ context, page }) => {
    await withWalletDoubles(context, page);
    const calls: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/paypal/subscription") calls.push(`${request.method()} ${url.search.replace(/id=I-[A-Z0-9-]+/, "id=I-…")}`);
    });
    await page.goto("/checkout-paypal-primary");
    await page.getByTestId("wallet-email").fill(`popup.buyer.${Date.now()}@example.com`);
    const popupPromise = page.waitForEvent("popup");
    await page.getByTestId("paypal-double-button").click();
    const popup = await popupPromise;
    await popup.getByRole("button", { name: "Agree & Subscribe" }).click();
    await expect(page.getByTestId("wallet-succeeded")).toContainText("Payment Successful! Welcome to Consumer Plan!");
    expect(calls).toEqual(["GET ?planId=consumer", "POST ", "GET ?id=I-…"]);
    const body = JSON.parse((await page.evaluate(() => JSON.stringify((window as unknown as { __paypalDouble: unknown }).__paypalDouble))) as string) as { events: string[] };
    expect(body.events).toEqual(["click", "popup", "message", "approve"]);
  });

  test("without the per-page policy (COOP same-origin) the popup is cut off and nothing is approved", async ({ context, page }) => {
    await withWalletDoubles(context, page);
    await withSubscriptionApi(page);
    // The page as it was served before the fix: Cross-Origin-Opener-Policy: same-origin.
    await page.route("**/checkout-paypal-primary", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), "cross-origin-opener-policy": "same-origin" } });
    });
    await page.goto("/checkout-paypal-primary");
    await page.getByTestId("wallet-email").fill("popup.buyer@example.com");
    const popupPromise = page.waitForEvent("popup");
    await page.getByTestId("paypal-double-button").click();
    const popup = await popupPromise;
    await popup.getByRole("button", { name: "Agree & Subscribe" }).click();
    await expect(popup.locator("#lost")).toBeVisible();
    await expect(page.getByTestId("wallet-succeeded")).toHaveCount(0);
  });

  test("asks for the email before opening the subscription", async ({ context, page }) => {
    await withWalletDoubles(context, page);
    const calls = await withSubscriptionApi(page);
    await page.goto("/checkout-professional-paypal");
    await page.getByTestId("paypal-double-button").click();
    await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid email address" })).toBeVisible();
    expect(calls.filter((c) => c.startsWith("POST"))).toHaveLength(0);
  });
});

for (const [pagePath, planId, cardPath] of [
  ["/checkout-paypal-primary", "consumer", "/checkout-consumer"],
  ["/checkout-professional-paypal", "professional", "/checkout-professional"],
] as const) {
  test(`without a PayPal plan on the server, ${pagePath} says so once and offers the card checkout of the same plan`, async ({ page }) => {
    // INTERCEPTED: the e2e server has PAYPAL_PLAN_* set; this answers as a server without them does.
    await page.route(new RegExp(`/api/paypal/subscription\\?planId=${planId}$`), (route) => route.fulfill({ json: { available: false, cardCheckoutPath: null } }));
    await page.goto(pagePath);
    const notice = page.getByTestId("wallet-unavailable");
    await expect(notice).toContainText("The PayPal wallet is not available for monthly subscriptions on this server.");
    await expect(page.getByText("The PayPal wallet is not available for monthly subscriptions on this server.")).toHaveCount(1);
    await expect(notice.getByTestId("wallet-card-checkout")).toHaveAttribute("href", cardPath);
  });
}
