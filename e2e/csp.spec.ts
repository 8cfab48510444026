import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIResponse, type Page, type Response } from "@playwright/test";
import { isNoncePage, MARK_JS } from "../lib/http/csp.mjs";
import { signInAsNewTrial } from "./helpers";

/**
 * The Content-Security-Policy in a real browser (docs/security.md "Content
 * Security Policy"). Pages rendered per request get a policy with a fresh nonce and no
 * 'unsafe-inline' in script-src (proxy.ts, lib/http/csp.mjs); Next puts the nonce on its
 * scripts, the layout's one inline script is allowed by its hash, and the page hydrates and
 * works with no violation reported. Prerendered pages keep the static policy.
 */

const USERNAME = process.env.E2E_ADMIN_USERNAME ?? "e2e-admin";
const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";
const STRIPE_DOUBLE = path.join(__dirname, "doubles", "stripe-v3.js");
const PAYPAL_DOUBLE = path.join(__dirname, "doubles", "paypal-sdk.js");

type Violations = { console: string[]; events: () => Promise<string[]> };

/** Collects every CSP violation the page reports: console messages and securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<Violations> {
  const consoleMessages: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) consoleMessages.push(`${page.url()}: ${message.text()}`);
  });
  // Init scripts run through the DevTools protocol, outside the page's policy.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return {
    console: consoleMessages,
    events: () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  };
}

async function expectNoViolations(page: Page, violations: Violations): Promise<void> {
  expect(await violations.events(), page.url()).toEqual([]);
  expect(violations.console).toEqual([]);
}

/** The single Content-Security-Policy header of a response (a second one would be enforced too). */
async function policyOf(response: Response | APIResponse): Promise<string> {
  const values = (await response.headersArray()).filter((h) => h.name.toLowerCase() === "content-security-policy");
  expect(values, "exactly one Content-Security-Policy header").toHaveLength(1);
  return values[0]?.value ?? "";
}

function scriptSrc(policy: string): string {
  return policy.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
}

/** The nonce of a nonce policy, after checking script-src has no 'unsafe-inline'. */
function nonceOf(policy: string): string {
  const src = scriptSrc(policy);
  expect(src).not.toContain("'unsafe-inline'");
  expect(src).toContain("'strict-dynamic'");
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(src)?.[1];
  expect(nonce, src).toBeTruthy();
  return nonce!;
}

/** Every script in the served HTML carries the response's nonce, except the layout's hashed one and JSON data blocks. */
function expectScriptsCarry(html: string, nonce: string): void {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(2);
  for (const [, attributes = "", body = ""] of scripts) {
    if (body === MARK_JS || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    expect(attributes, body.slice(0, 80)).toContain(`nonce="${nonce}"`);
  }
}

/** React has hydrated the page (the DOM carries its fiber), and the layout's hashed script ran. */
async function expectHydrated(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector("main") ?? document.body).some((k) => k.startsWith("__react"))))
    .toBe(true);
  expect(await page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
}

/** Opens a page rendered per request and checks its policy and scripts. Returns its nonce. */
async function openNoncePage(page: Page, url: string): Promise<string> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  const nonce = nonceOf(await policyOf(response!));
  expectScriptsCarry(await response!.text(), nonce);
  await expectHydrated(page);
  return nonce;
}

test("pages rendered per request get a fresh nonce each time and no 'unsafe-inline'", async ({ request }) => {
  for (const url of ["/sign-in", "/admin/sign-in", "/checkout-consumer", "/unsubscribe"]) {
    const [first, second] = [await request.get(url), await request.get(url)];
    expect(first.status(), url).toBe(200);
    const [a, b] = [nonceOf(await policyOf(first)), nonceOf(await policyOf(second))];
    expect(a, url).not.toBe(b);
    expect(Buffer.from(a, "base64").length, url).toBeGreaterThanOrEqual(16);
    expectScriptsCarry(await first.text(), a);
    // Every other directive stays as strict as the static policy's.
    expect(await policyOf(first)).toContain("object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'");
  }
});

test("the sign-in page hydrates and its form works under the nonce policy", async ({ page }) => {
  const violations = await watchViolations(page);
  await openNoncePage(page, "/sign-in");
  await page.getByLabel("Email address").fill("not-an-email");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Email address").fill(`csp-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByTestId("sign-in-sent")).toBeVisible();
  await expectNoViolations(page, violations);
});

test("markup injected into a nonce page's HTML does not run, and the violations are reported", async ({ page }) => {
  const violations = await watchViolations(page);
  // What a stored or reflected XSS would be: markup in the served HTML with a script that
  // carries no nonce and an inline event handler. The response keeps its own headers.
  await page.route("**/sign-in", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "</body>",
      `<script>window.__injected = "script"</script><img src="data:," onerror="window.__injected = 'handler'"></body>`,
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto("/sign-in");
  await expect.poll(() => violations.events().then((seen) => seen.map((v) => v.split(" ")[0]).sort())).toEqual(["script-src-attr", "script-src-elem"]);
  expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
});

test("a subscriber's account, watchlist and alerts work under the nonce policy", async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  // Through the prerendered /free-trial (static policy), the demo mailbox and the verify page (nonce policy).
  await signInAsNewTrial(page, "csp", "/account");
  await expectNoViolations(page, violations);

  const accountNonce = await openNoncePage(page, "/account");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const watchlistNonce = await openNoncePage(page, "/watchlist");
  expect(watchlistNonce).not.toBe(accountNonce);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Footwear" });
  await page.getByRole("button", { name: "Watch category" }).click();
  await expect(page.getByTestId("watch-list").getByRole("link", { name: "Footwear", exact: true })).toBeVisible();
  // Client-side navigation from a nonce page to the item's page loads its code under the same document's policy.
  await page.getByTestId("watch-list").getByRole("link", { name: "Footwear", exact: true }).click();
  await expect(page).toHaveURL(/\/watchlist\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("projection-sentence").first()).toBeVisible();

  // /alerts shows the subscriber's own alerts (a rewrite to /alerts/mine): the policy follows.
  await openNoncePage(page, "/alerts");
  await expectNoViolations(page, violations);
});

test("the staff side works under the nonce policy: sign-in and the trial dashboard", async ({ page }) => {
  expect(PASSWORD, "playwright.config.ts sets E2E_ADMIN_PASSWORD").not.toBe("");
  const violations = await watchViolations(page);
  await openNoncePage(page, "/admin/sign-in?callbackUrl=%2Fadmin%2Ftrial-dashboard");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter your username")).toBeVisible();
  await page.getByLabel("Username").fill(USERNAME);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/trial-dashboard$/);
  await openNoncePage(page, "/admin/trial-dashboard");
  await expectNoViolations(page, violations);
});

test("the card checkout loads Stripe.js through Next's trusted code ('strict-dynamic') with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) => route.fulfill({ path: STRIPE_DOUBLE, contentType: "text/javascript" }));
  await openNoncePage(page, "/checkout-consumer");
  await page.getByLabel("Email address").fill(`csp-card-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByLabel("Card number")).toBeVisible();
  expect(await page.evaluate(() => typeof (window as unknown as { Stripe?: unknown }).Stripe)).toBe("function");
  await expectNoViolations(page, violations);
});

test("prerendered pages and the PayPal wallet checkout keep the static policy and load without violations", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.route(/^https:\/\/www\.(sandbox\.)?paypal\.com\//, (route) => route.fulfill({ path: PAYPAL_DOUBLE, contentType: "text/javascript" }));
  for (const url of ["/", "/calculator", "/alerts", "/tariffs-ebook", "/checkout-paypal-primary"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    const src = scriptSrc(await policyOf(response!));
    expect(src, url).toBe("script-src 'self' 'unsafe-inline' https://js.stripe.com https://www.paypal.com https://www.sandbox.paypal.com");
    await expectHydrated(page);
  }
  await expectNoViolations(page, violations);
});

test("no prerendered page is on the nonce list (its scripts carry no nonce: the policy would block them)", () => {
  const manifest = JSON.parse(readFileSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "prerender-manifest.json"), "utf8")) as {
    routes: Record<string, unknown>;
  };
  const prerendered = Object.keys(manifest.routes);
  expect(prerendered).toContain("/pricing");
  expect(prerendered.filter((route) => isNoncePage(route))).toEqual([]);
});
