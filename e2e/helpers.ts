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
  // axe.run in the page itself (AxeBuilder's legacy mode) rather than a partial run per frame
  // finished in a blank page the builder opens, fills with axe again and closes: the same
  // rules on the same nodes, same-origin frames included, in a third to a half of the time
  // (/terms 2.3 -> 0.8 s, /examples 4.8 -> 1.6 s). Only a cross-origin frame needs the
  // per-frame run, so a page holding one gets it.
  const origin = new URL(page.url()).origin;
  const crossOrigin = page.frames().some((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(!crossOrigin)
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/**
 * Headers that make a request come from its own client, one address per `who`: the e2e
 * server stands behind one proxy of ours (TRUSTED_PROXY_HOPS=1 in scripts/e2e-server.mjs), so
 * the right-most X-Forwarded-For entry is the client's address (docs/security.md). Requests
 * without it come from the machine's own address.
 */
export function clientHeaders(who: string): Record<string, string> {
  let hash = 0;
  for (const char of who) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { "x-forwarded-for": `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}` };
}

/** The toast on screen (at most one is shown). */
export function toast(page: Page) {
  return page.getByTestId("toast");
}

/**
 * Signs `page` in as `email` through the server's own sign-in steps, without the sign-in
 * pages: the link request the sign-in form sends (POST /api/auth/sign-in-link), the emailed
 * link read from the demo mailbox (/dev/mail, as a person opens it), and the form post of its
 * "Sign in" button (POST /sign-in/verify/confirm). The session cookie lands in the page's
 * context (its storage state, shared with page.request), and the page opens `callbackPath`.
 * The pages themselves are tested in e2e/sign-in.spec.ts and e2e/free-trial.spec.ts; loading
 * them for every signed-in test cost about six page loads each (docs/performance.md "CI time").
 *
 * The sign-in limit per client (10 links, then one every 9 s: lib/accounts/sign-in.ts) is real
 * in the e2e server. These sign-ins come from one machine, so each says it is its own client
 * (clientHeaders), as people signing in from their own homes are; the pages' own forms, sent
 * by the browser, share the machine's address. When the server still answers 429, this waits
 * the Retry-After it names and asks again, once.
 */
export async function signInFromMailbox(page: Page, email: string, callbackPath: string): Promise<void> {
  const ask = () => page.request.post("/api/auth/sign-in-link", { data: { email, callbackPath }, headers: clientHeaders(email) });
  let answer = await ask();
  if (answer.status() === 429) {
    const seconds = Number(answer.headers()["retry-after"] ?? 10);
    test.info().setTimeout(test.info().timeout + (seconds + 15) * 1000);
    await page.waitForTimeout((seconds + 1) * 1000);
    answer = await ask();
  }
  expect(answer.status(), await answer.text()).toBe(202);

  const subject = "Your TariffWatch sign-in link";
  let message: string | undefined;
  await expect(async () => {
    const inbox = await (await page.request.get("/dev/mail")).text();
    const rows = inbox.split('data-testid="mailbox-row"').slice(1);
    message = rows.map((row) => (row.includes(email) && row.includes(subject) ? /href="(\/dev\/mail\/[0-9a-f-]{36})"/.exec(row)?.[1] : undefined)).find(Boolean);
    expect(message, `a sign-in email to ${email} in the demo mailbox`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  const body = await (await page.request.get(message!)).text();
  const token = /\/sign-in\/verify\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  expect(token, "the message holds a sign-in link").toBeDefined();

  const confirmed = await page.request.post("/sign-in/verify/confirm", { form: { token: token! }, maxRedirects: 0 });
  expect(confirmed.status()).toBe(303);
  expect(confirmed.headers().location).toBe(callbackPath);
  await page.goto(callbackPath);
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
 * (scripts/e2e-server.mjs runs without an email provider, in demo mode). The trial starts by
 * the call the free-trial form makes (POST /api/free-trial; the form itself is tested in
 * e2e/free-trial.spec.ts), then signInFromMailbox. Lands on `callbackPath`. Returns the email.
 */
export async function signInAsNewTrial(page: Page, prefix: string, callbackPath = "/account"): Promise<string> {
  const email = uniqueEmail(prefix);
  const started = await page.request.post("/api/free-trial", { data: { firstName: "Robin", lastName: "Lee", email }, headers: clientHeaders(email) });
  expect(started.status(), await started.text()).toBe(201);
  await signInFromMailbox(page, email, callbackPath);
  return email;
}

/** No horizontal scroll at the current viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
