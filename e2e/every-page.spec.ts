import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signInAsNewTrial } from "./helpers";

/**
 * Every page in a real browser (docs/experience.md "Browser proof"), at 390x844 (a phone) and 1440x900 (a
 * laptop): the page answers (status < 400, or the redirect listed below), nothing scrolls
 * sideways, axe finds no serious or critical violation, every chart has its text
 * alternative; a size with a problem is kept as a full-page screenshot (every size with
 * E2E_SCREENSHOTS=all).
 *
 * The pages are found, not listed: every app/**\/page.tsx is a route (route groups "(x)"
 * add no segment; "_x" folders are private), so a new page is covered without editing this
 * file. A dynamic segment ([id]) needs a sample in SAMPLES below; a page without one fails
 * its test, saying so.
 *
 * Who visits: each page is first asked for as a visitor, without following redirects. A
 * redirect to /sign-in makes it a subscriber page: it is then visited signed in as a new
 * trial subscriber (signInAsNewTrial, once per worker). A redirect to /admin/sign-in makes it
 * a staff page: visited signed in as the admin the e2e server creates (E2E_ADMIN_USERNAME /
 * E2E_ADMIN_PASSWORD from playwright.config.ts, as in e2e/admin.spec.ts). Any other redirect
 * must be listed in REDIRECTS.
 *
 * Charts are what components/charts/chart-figure.tsx draws: a figure[data-chart] whose SVG
 * (role="img") is named by the title and described by the summary sentence, with a "Show as
 * table" toggle holding the data (docs/experience.md). Any other SVG wider than an icon must
 * be an image with a name, or hidden from assistive technology.
 *
 * The mobile menu's keyboard behaviour (aria-expanded, focus trap, Escape) is checked once
 * in e2e/navigation.spec.ts, not here.
 *
 * This is the one axe pass of each page as it loads, at each size (axe is most of the
 * suite's time: docs/performance.md "CI time"). The other specs run axe only on states this
 * one does not reach: after acting on a page (a dialog open, a form's errors, a plan
 * cancelled), or with other data or settings (an empty watchlist, reduced motion).
 *
 * Screenshots: test-results/screenshots/<page>-<width>.png (Playwright's outputDir, emptied
 * at the start of each run), also attached to the test, so the HTML report shows them.
 * Providers' scripts are served by the local doubles (e2e/doubles), as e2e/checkout.spec.ts does.
 */

const ADMIN = process.env.E2E_ADMIN_USERNAME ?? "e2e-admin";
const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";
const APP_DIR = path.join(__dirname, "..", "app");
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
// Full-page screenshots of every page at both sizes: E2E_SCREENSHOTS=all (a visual review).
// Otherwise only a size with a problem is shot: they are pictures, not checks, and the
// 92 shots took about 100 s of the suite (docs/performance.md "CI time").
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const STRIPE_DOUBLE = path.join(__dirname, "doubles", "stripe-v3.js");
const PAYPAL_DOUBLE = path.join(__dirname, "doubles", "paypal-sdk.js");

/** A page route found under app/: its pattern ("/watchlist/[id]") and whether it has dynamic segments. */
type Route = { pattern: string; dynamic: boolean };

/** Every app/**\/page.tsx as a route pattern, sorted. */
function findRoutes(dir = APP_DIR, segments: string[] = []): Route[] {
  const found: Route[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && /^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name)) {
      const pattern = `/${segments.join("/")}`;
      found.push({ pattern, dynamic: segments.some((s) => s.startsWith("[")) });
    }
    if (!entry.isDirectory() || entry.name.startsWith("_") || entry.name.startsWith("@") || entry.name === "api") continue;
    // Route groups "(name)" add no segment to the address.
    const group = /^\(.+\)$/.test(entry.name);
    found.push(...findRoutes(path.join(dir, entry.name), group ? segments : [...segments, entry.name]));
  }
  return found.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** Redirects a page makes on purpose, by pattern: where the visitor lands. */
const REDIRECTS: Record<string, RegExp> = {
  // The staff home is the trial dashboard (lib/admin-auth/paths.ts ADMIN_HOME_PATH).
  "/admin": /\/admin\/trial-dashboard$/,
  // (/pricing is a plain HTML document, app/pricing/route.ts, not a page: e2e/site-pages.spec.ts
  // and e2e/landing.spec.ts open it, with and without JavaScript, and check where it lands.)
};

/** Before the checks: what brings a page's charts on screen (they appear after a calculation). */
const REVEAL: Record<string, (page: Page) => Promise<void>> = {
  // The duty lookup's answer (docs/tariffs.md "Duty lookup") is what the page is for: ask a question with a conditional line.
  "/duty": async (page) => {
    await page.getByLabel("HTS code").fill("9403.60.80.93");
    await page.getByLabel("Made in").selectOption("VN");
    await page.getByLabel("Day of entry").fill("2026-11-27");
    await page.getByTestId("duty-submit").click();
    await expect(page.getByTestId("duty-answer")).toBeVisible();
  },
  "/calculator": async (page) => {
    await page.getByTestId("monthly-spending").fill("500");
    await page.getByTestId("calculate-button").click();
    await expect(page.getByTestId("chart-calculator-breakdown")).toBeVisible();
  },
};

// --- who visits ---------------------------------------------------------------------------

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type Subscriber = { email: string; state: StorageState; watchId: string };

// Once per worker (each worker loads this module once): sign-ins are slow, pages are many.
let subscriber: Promise<Subscriber> | undefined;
let admin: Promise<StorageState> | undefined;
let alertId: Promise<string> | undefined;

/** A new trial subscriber, signed in, watching one item (a leather briefcase made in Vietnam). */
function theSubscriber(browser: Browser): Promise<Subscriber> {
  subscriber ??= (async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = await signInAsNewTrial(page, "every-page", "/account");
    const added = await page.request.post("/api/watchlist", {
      data: { kind: "item", name: `Leather briefcase ${Date.now()}`, htsCode: "4202.11.00", price: 180, madeIn: "VN" },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { watch } = (await added.json()) as { watch: { id: string } };
    const state = await context.storageState();
    await context.close();
    return { email, state, watchId: watch.id };
  })();
  return subscriber;
}

/** The e2e admin, signed in. */
function theAdmin(browser: Browser): Promise<StorageState> {
  admin ??= (async () => {
    expect(PASSWORD, "playwright.config.ts sets E2E_ADMIN_PASSWORD").not.toBe("");
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/admin/sign-in?callbackUrl=%2Fadmin%2Ftariffs");
    await page.getByLabel("Username").fill(ADMIN);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/tariffs$/, { timeout: 30_000 });
    const state = await context.storageState();
    await context.close();
    return state;
  })();
  return admin;
}

/**
 * An alert of the subscriber: the admin adds a measure on leather briefcases (HTS 4202.11)
 * from Vietnam, in force 10 days from now, as e2e/alert-journey.spec.ts does through the
 * forms; saving re-evaluates the watches on those lines only (lib/admin/tariffs.ts), so no
 * other test's watch is touched.
 */
function theAlert(browser: Browser): Promise<string> {
  alertId ??= (async () => {
    const sub = await theSubscriber(browser);
    const context = await browser.newContext({ storageState: await theAdmin(browser) });
    const source = "https://www.federalregister.gov/documents/2026/06/05/2026-11296/example";
    const measureId = `op_e2e_every_page_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
    const measure = await context.request.post("/api/admin/tariffs/measures", {
      data: { id: measureId, name: "E2E duty on leather briefcases from Vietnam", authority: "S301_CHINA", rate: 0.25, countries: ["VN"], products: ["420211"], confidence: "high", sourceUrl: source },
    });
    expect(measure.status(), await measure.text()).toBe(201);
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const event = await context.request.post("/api/admin/tariffs/events", { data: { measureId, date: day, type: "EFFECTIVE", sourceUrl: source } });
    expect(event.status(), await event.text()).toBe(201);
    await context.close();

    const mine = await browser.newContext({ storageState: sub.state });
    const alerts = await mine.request.get("/api/alerts");
    expect(alerts.status()).toBe(200);
    // The subscriber watches one item: its alerts are about that watch.
    const body = (await alerts.json()) as { alerts: { id: string }[] };
    await mine.close();
    expect(body.alerts.length, "the new measure wrote an alert for the subscriber's watch").toBeGreaterThan(0);
    return body.alerts[0]!.id;
  })();
  return alertId;
}

/**
 * A real value for each dynamic segment, by route pattern. A new page with a [param] needs
 * an entry here; without one its test fails.
 */
const SAMPLES: Record<string, (browser: Browser) => Promise<string>> = {
  // A message in the demo mailbox: the subscriber's welcome email (sent when the trial starts).
  "/dev/mail/[id]": async (browser) => {
    const { email } = await theSubscriber(browser);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/dev/mail");
    const href = await page.getByTestId("mailbox-row").filter({ hasText: email }).getByRole("link").first().getAttribute("href");
    await context.close();
    expect(href).toMatch(/^\/dev\/mail\/[0-9a-f-]{36}$/);
    return href!;
  },
  // The subscriber's watch (its id from POST /api/watchlist).
  "/watchlist/[id]": async (browser) => `/watchlist/${(await theSubscriber(browser)).watchId}`,
  // The subscriber's alert about that watch.
  "/alerts/mine/[id]": async (browser) => `/alerts/mine/${await theAlert(browser)}`,
};

// --- the checks ---------------------------------------------------------------------------

/**
 * Problems with the page's charts' text alternatives, and how many charts it has. Each
 * chart's table is drawn when its "Show as table" toggle is first opened (components/charts/
 * chart-table.tsx), so the toggles are opened as a reader would, the tables checked, and the
 * toggles closed again.
 */
async function chartProblems(page: Page): Promise<{ charts: number; problems: string[] }> {
  const toggles = "figure[data-chart] > details";
  await page.evaluate((selector) => document.querySelectorAll<HTMLDetailsElement>(selector).forEach((d) => (d.open = true)), toggles);
  await page
    .waitForFunction((selector) => [...document.querySelectorAll(selector)].every((d) => d.querySelector("table tbody tr")), toggles, { timeout: 5_000 })
    .catch(() => undefined); // a table that never draws is reported below
  const found = await chartChecks(page);
  await page.evaluate((selector) => document.querySelectorAll<HTMLDetailsElement>(selector).forEach((d) => (d.open = false)), toggles);
  return found;
}

async function chartChecks(page: Page): Promise<{ charts: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const textOf = (ids: string | null) =>
      (ids ?? "")
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
        .join(" ")
        .trim();
    const figures = [...document.querySelectorAll("figure[data-chart]")];
    for (const figure of figures) {
      const name = figure.getAttribute("data-chart");
      const image = figure.querySelector('svg[role="img"]');
      if (!image) {
        problems.push(`chart ${name}: no svg with role="img"`);
        continue;
      }
      if (!textOf(image.getAttribute("aria-labelledby")) && !image.getAttribute("aria-label")?.trim()) problems.push(`chart ${name}: the image has no name`);
      if (!textOf(image.getAttribute("aria-describedby"))) problems.push(`chart ${name}: the image has no description (summary)`);
      const toggle = figure.querySelector("details > summary");
      if (!toggle || !/Show as table/.test(toggle.textContent ?? "")) problems.push(`chart ${name}: no "Show as table" toggle`);
      if (!figure.querySelector("details table tbody tr")) problems.push(`chart ${name}: its table has no rows`);
    }
    // Any other drawing wider than an icon: an image with a name, or hidden.
    for (const svg of document.querySelectorAll("svg")) {
      if (svg.closest("figure[data-chart]") || svg.closest('[aria-hidden="true"]')) continue;
      const box = svg.getBoundingClientRect();
      if (box.width <= 64 && box.height <= 64) continue;
      const role = svg.getAttribute("role");
      const named = Boolean(svg.getAttribute("aria-label")?.trim() || textOf(svg.getAttribute("aria-labelledby")) || svg.querySelector("title")?.textContent?.trim());
      if (role !== "img" || !named) problems.push(`svg ${Math.round(box.width)}x${Math.round(box.height)} (${svg.getAttribute("class") ?? "no class"}): not an image with a name, nor aria-hidden`);
    }
    return { charts: figures.length, problems };
  });
}

/** Runs `check`, keeping its failure as a line (so both sizes are always checked and shot). */
async function collect(problems: string[], label: string, check: () => Promise<unknown>): Promise<void> {
  try {
    await check();
  } catch (error) {
    problems.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const slug = (pattern: string) => (pattern === "/" ? "home" : pattern.slice(1).replace(/[[\]]/g, "").replace(/[^a-z0-9]+/gi, "-"));

test.describe.configure({ mode: "parallel" });

for (const route of findRoutes()) {
  test(`${route.pattern} at 390x844 and 1440x900`, async ({ browser, request }, testInfo) => {
    test.setTimeout(150_000);
    const sample = SAMPLES[route.pattern];
    expect(!route.dynamic || sample !== undefined, `${route.pattern} has a dynamic segment: add a sample for it to SAMPLES in e2e/every-page.spec.ts`).toBe(true);
    const address = sample ? await sample(browser) : route.pattern;

    // Who may see it: asked as a visitor, without following redirects.
    const probe = await request.get(address, { maxRedirects: 0 });
    let storageState: StorageState | undefined;
    if (probe.status() >= 300 && probe.status() < 400) {
      const to = new URL(probe.headers().location ?? "", "http://x").pathname;
      if (to === "/sign-in") storageState = (await theSubscriber(browser)).state;
      else if (to === "/admin/sign-in") storageState = await theAdmin(browser);
      else expect(REDIRECTS[route.pattern], `${address} redirects a visitor to ${to}: list it in REDIRECTS if meant`).toBeDefined();
    } else {
      expect(probe.status(), `${address} as a visitor`).toBeLessThan(400);
    }

    const context = await browser.newContext({ storageState });
    await context.route(/^https:\/\/js\.stripe\.com\//, (r) => r.fulfill({ path: STRIPE_DOUBLE, contentType: "text/javascript" }));
    await context.route(/^https:\/\/www\.(sandbox\.)?paypal\.com\/sdk\//, (r) => r.fulfill({ path: PAYPAL_DOUBLE, contentType: "text/javascript" }));
    const page = await context.newPage();
    const problems: string[] = [];
    const shots = path.join(testInfo.project.outputDir, "screenshots");
    mkdirSync(shots, { recursive: true });

    for (const size of VIEWPORTS) {
      const at = `${size.width}x${size.height}`;
      await page.setViewportSize(size);
      const response = await page.goto(address);
      expect(response?.status() ?? 0, `${address} at ${at}`).toBeLessThan(400);
      const redirect = REDIRECTS[route.pattern];
      if (redirect) await expect(page).toHaveURL(redirect);
      else expect(new URL(page.url()).pathname, `${address} stays where it is when allowed`).toBe(address.split("?")[0]);
      // Pages that fetch after load (the dashboard, the trial stats) settle first; a page that polls gives up after 3 s.
      await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => undefined);
      const reveal = REVEAL[route.pattern];
      if (reveal) await collect(problems, `${at} showing the charts`, () => reveal(page));

      const found = problems.length;
      await collect(problems, `${at} horizontal scroll`, () => expectNoHorizontalScroll(page));
      await collect(problems, `${at} charts`, async () => {
        const charts = await chartProblems(page);
        if (charts.charts > 0) testInfo.annotations.push({ type: "charts", description: `${charts.charts} at ${at}, each with its text alternative and table` });
        expect(charts.problems).toEqual([]);
      });
      await collect(problems, `${at} axe`, () => expectNoSeriousA11yViolations(page));

      if (problems.length > found || SCREENSHOTS === "all") {
        const file = path.join(shots, `${slug(route.pattern)}-${size.width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${slug(route.pattern)}-${size.width}.png`, { path: file, contentType: "image/png" });
      }
    }
    await context.close();
    expect(problems, `${address}`).toEqual([]);
  });
}

test("the page list is found from app/ and includes the pages people sign in for", () => {
  const patterns = findRoutes().map((r) => r.pattern);
  for (const known of ["/", "/account", "/watchlist", "/watchlist/[id]", "/alerts/mine", "/alerts/mine/[id]", "/admin/tariffs", "/dev/mail/[id]", "/calculator"]) {
    expect(patterns).toContain(known);
  }
});
