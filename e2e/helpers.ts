import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/** A unique email per test run, so reruns against one server never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Runs axe and fails on serious or critical violations, listing them. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Judge the page as people see it once entrance animations end (contrast mid-fade is not real).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Every page has a title. A router.refresh() (the account actions, the watch list's forms)
  // can swap the <title> in two commits; one CI run's axe pass landed between them
  // ("Documents must have <title> element" on /account right after "Cancel plan"). The title
  // is waited for here, so a page that loses it for good still fails, here or in axe.
  await expect(page).toHaveTitle(/\S/);
  // axe cannot run inside a frame whose sandbox forbids scripts (the demo mailbox shows each
  // message's HTML in one): it would wait for it forever. Such a frame holds an email, not
  // the page, and is left out. Only violations are gathered in full: the passes and the
  // incomplete results, never read here, are cut to one node each (axe's resultTypes), which
  // took a quarter off each pass on the largest pages (/admin/tariffs 7.7 -> 5.6 s, /alerts
  // 4.8 -> 3.4 s; docs/performance.md "CI time").
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** The toast on screen (at most one is shown). */
export function toast(page: Page) {
  return page.getByTestId("toast");
}

/**
 * Presses "Email me a sign-in link" and waits for the "sent" notice. Every test reaches the
 * server from one address, and the sign-in limit per client (10 links, then one every 9 s:
 * lib/accounts/sign-in.ts) is real in the e2e server; when a run's sign-ins bunch up, the
 * page says "Too many requests. Please wait N seconds", and this waits that long and presses
 * again, once, as a person would (a CI run met it on its last sign-in).
 */
async function requestSignInLink(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: "Email me a sign-in link" });
  await button.click();
  const sent = page.getByTestId("sign-in-sent");
  const limited = page.getByRole("alert").filter({ hasText: /Too many requests\. Please wait \d+ seconds/ });
  await expect(sent.or(limited)).toBeVisible();
  if (await sent.isVisible()) return;
  const seconds = Number(/wait (\d+) seconds/.exec((await limited.textContent()) ?? "")?.[1] ?? 0);
  test.info().setTimeout(test.info().timeout + (seconds + 15) * 1000);
  await page.waitForTimeout((seconds + 1) * 1000);
  await button.click();
  await expect(sent).toBeVisible();
}

/** Requests a sign-in link for `email`, opens it from the demo mailbox (/dev/mail) and signs in; lands on `callbackPath`. */
export async function signInFromMailbox(page: Page, email: string, callbackPath: string): Promise<void> {
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await page.getByLabel("Email address").fill(email);
  await requestSignInLink(page);
  await openSignInLinkFromMailbox(page, email);
  await expect(page).toHaveURL(new RegExp(`${callbackPath.replace(/[/?]/g, "\\$&")}$`));
}

/**
 * Opens the sign-in link sent to `email` from the demo mailbox (/dev/mail) and confirms it.
 * `exactlyOne`: the mailbox must hold exactly one sign-in email for the address (a flow that must send one).
 */
export async function openSignInLinkFromMailbox(page: Page, email: string, { exactlyOne = false } = {}): Promise<void> {
  await page.goto("/dev/mail");
  const rows = page.getByTestId("mailbox-row").filter({ hasText: email }).filter({ hasText: "Your TariffWatch sign-in link" });
  await expect(async () => {
    await page.reload();
    if (exactlyOne) await expect(rows).toHaveCount(1, { timeout: 1_000 });
    else await expect(rows.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await rows.first().getByRole("link", { name: "Your TariffWatch sign-in link" }).click();
  const href = await page.getByTestId("mail-links").getByRole("link", { name: /\/sign-in\/verify\?token=/ }).first().getAttribute("href");
  const url = new URL(href!);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * A new trial subscriber, signed in by the emailed link read from the demo mailbox
 * (scripts/e2e-server.mjs runs without an email provider, in demo mode). Lands on
 * `callbackPath`. Returns the email.
 */
export async function signInAsNewTrial(page: Page, prefix: string, callbackPath = "/account"): Promise<string> {
  const email = uniqueEmail(prefix);
  await page.goto("/free-trial");
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Start My Free Trial" }).click();
  await expect(page.getByTestId("trial-welcome")).toBeVisible();
  await signInFromMailbox(page, email, callbackPath);
  return email;
}

/** No horizontal scroll at the current viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
