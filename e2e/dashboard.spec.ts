import { expect, test, type Locator, type Page, type Route } from "@playwright/test";
import { snapshotBlsData, snapshotFederalRegisterDocuments, startFakeGovApis } from "../tests/helpers/fake-gov-apis";
import { expectNoSeriousA11yViolations } from "./helpers";

/**
 * The economic dashboard (/alerts) in a real browser, on the seeded offline snapshot of
 * real BLS and Federal Register data (scripts/e2e-server.mjs). Serial: the last test runs
 * a refresh through the cron route, which changes the stored data for everyone after it.
 */
// Axe checks the whole page, the 37 CPI charts below the dashboard included: that takes a
// while on a loaded machine (as in e2e/charts.spec.ts), hence the longer time per test.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const DASHBOARD = "**/api/economic/dashboard";
const DETAILS = "**/api/economic/details";

/** The row of a table whose row header is exactly `label`. */
function row(table: Locator, label: string): Locator {
  return table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name: label, exact: true }) });
}

/** The element's text colour as [r, g, b] (Tailwind 4 writes colours in lab(); a canvas converts them). */
async function rgb(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((el) => {
    const ctx = document.createElement("canvas").getContext("2d");
    if (!ctx) throw new Error("no canvas");
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0];
  });
}

const isRed = ([r, g, b]: number[]) => r! > 150 && g! < 80 && b! < 80;
const isGreen = ([r, g, b]: number[]) => g! > 100 && r! < 80 && b! < 120;
const isYellow = ([r, g, b]: number[]) => r! > 180 && g! > 130 && b! < 60;

async function openDashboard(page: Page) {
  await page.goto("/alerts");
  await expect(page.getByRole("heading", { level: 1, name: "Economic Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Critical Economic Alerts" })).toBeVisible();
}

/** Holds GET /api/economic/dashboard until the returned function is called (the loading state stays on screen). */
async function holdDashboard(page: Page, call: string = DASHBOARD): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(call, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe("economic dashboard", () => {
  test("opens on the Alerts tab with alerts computed from the real snapshot, its source and month", async ({ page }) => {
    await openDashboard(page);
    const tabs = page.getByRole("tablist", { name: "Dashboard sections" });
    await expect(tabs.getByRole("tab")).toHaveText(["Alerts", "Economic Data", "News Feed", "Analysis"]);
    await expect(tabs.getByRole("tab", { name: "Alerts" })).toHaveAttribute("aria-selected", "true");

    // When the sources were last checked (the refresh ledger): no refresh has run yet.
    await expect(page.getByTestId("bls-checked")).toHaveText("BLS not checked yet: these are the figures of the offline snapshot shipped with the site");
    await expect(page.getByTestId("federal-register-checked")).toContainText("Federal Register not checked yet");
    await expect(page.getByRole("button", { name: "Refresh Data" })).toBeEnabled();
    const provenance = page.getByTestId("data-provenance");
    // The month each block describes and where its figures came from: the snapshot, never "fetched" (lib/economy/freshness.ts).
    await expect(page.getByTestId("cpi-freshness")).toHaveText(
      /^CPI for May 2026 \(released Jun 10, 2026\), from the offline snapshot shipped with the site, stored [A-Z][a-z]{2} \d{1,2}, 20\d\d$/,
    );
    await expect(page.getByTestId("ppi-freshness")).toHaveText(/^PPI for May 2026, from the offline snapshot shipped with the site, stored /);
    await expect(provenance).toContainText("Both from the U.S. Bureau of Labor Statistics, which publishes them once a month; the scheduled refresh checks for new figures every 6 hours.");
    await expect(provenance).not.toContainText(/live/i);

    const alerts = page.getByRole("list", { name: "Alerts" }).getByRole("listitem");
    expect(await alerts.count()).toBeGreaterThan(5);
    // Alerts about categories our tariff tables cover come first.
    const first = alerts.first();
    await expect(first.getByRole("heading")).toHaveText("Fruits and vegetables up 6.1% over 12 months");
    await expect(first.getByTestId("alert-kind")).toHaveText("Tariff-sensitive category");
    await expect(first.getByTestId("alert-covers")).toHaveText("In our tariff tables: Bananas, Tomatoes");
    await expect(alerts.nth(1).getByRole("heading")).toHaveText("Nonalcoholic beverages and beverage materials up 5.8% over 12 months");
    await expect(alerts.nth(1).getByTestId("alert-covers")).toHaveText("In our tariff tables: Coffee");
    const kinds = await alerts.evaluateAll((items) => items.map((li) => li.getAttribute("data-kind")));
    const firstGeneral = kinds.findIndex((k) => k === "price-index" || k === "energy");
    expect(firstGeneral).toBeGreaterThan(0);
    expect(kinds.slice(firstGeneral).filter((k) => k === "tariff-category" || k === "tariff-action")).toEqual([]);

    // Energy moves are labelled as such, never as tariff alerts.
    const fuelOil = alerts.filter({ has: page.getByRole("heading", { name: "Fuel oil up 58.9% over 12 months" }) });
    await expect(fuelOil).toContainText("CPI-U fuel oil: index 534.873 in May 2026, 58.9% above May 2025.");
    await expect(fuelOil.getByTestId("alert-kind")).toHaveText("Energy price move (not a tariff alert)");
    const badge = fuelOil.getByTestId("severity-badge");
    await expect(badge).toHaveText("high severity");
    await expect(badge).toHaveCSS("text-transform", "uppercase");
    for (const title of ["Motor fuel up 40.9% over 12 months", "Energy up 23.5% over 12 months"]) {
      await expect(alerts.filter({ has: page.getByRole("heading", { name: title }) }).getByTestId("alert-kind")).toHaveText("Energy price move (not a tariff alert)");
    }
    const headline = alerts.filter({ has: page.getByRole("heading", { name: "Consumer prices up 4.2% over 12 months" }) });
    await expect(headline.getByTestId("alert-kind")).toHaveText("Price index move");

    // Each alert names the period it describes and when its source was last checked, never
    // the time a row was stored: every date on an alert is a month or a calendar date.
    await expect(fuelOil.getByTestId("period-label")).toHaveText("May 2026 CPI, released Jun 10, 2026");
    await expect(fuelOil.getByTestId("period-label").locator("time").first()).toHaveAttribute("datetime", "2026-05");
    await expect(fuelOil.getByTestId("alert-fetched")).toContainText(", from the offline snapshot shipped with the site, stored ");
    await expect(fuelOil.getByTestId("alert-source-checked")).toContainText("Source not checked yet");
    await expect(alerts.filter({ hasText: "Producer prices for final demand" }).getByTestId("period-label")).toHaveText("May 2026 PPI");
    expect(await alerts.getByTestId("period-label").count()).toBe(await alerts.count());
    const datetimes = await page.getByRole("list", { name: "Alerts" }).locator("time").evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime")));
    expect(datetimes.filter((d) => !/^\d{4}-\d{2}(-\d{2})?$/.test(d ?? ""))).toEqual([]);

    // "Live" and "real-time" appear only where the data is: nowhere in this page's own text.
    await expect(page.locator("main")).not.toContainText(/\blive\b|real-time|realtime/i);
    await expectNoSeriousA11yViolations(page);
  });

  test("shows the loading state while the data is on its way", async ({ page }) => {
    const release = await holdDashboard(page);
    await page.goto("/alerts");
    const loading = page.getByTestId("dashboard-loading");
    await expect(loading).toContainText("Loading Economic Data");
    await expect(loading).toContainText("Fetching the latest CPI, PPI and tariff figures...");
    release();
    await expect(page.getByRole("heading", { name: "Critical Economic Alerts" })).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  for (const [size, call] of [
    [{ width: 412, height: 823 }, DASHBOARD],
    [{ width: 1440, height: 900 }, DASHBOARD],
    // The source lines at the top come from the second call: arriving last, they must not push the tabs down.
    [{ width: 412, height: 823 }, DETAILS],
  ] as const) {
    const what = call === DASHBOARD ? "the figures arrive" : "the source lines arrive last";
    test(`nothing on screen jumps when ${what} (${size.width}x${size.height})`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__shift += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      const release = await holdDashboard(page, call);
      await page.goto("/alerts");
      await expect(page.getByTestId("dashboard-loading")).toBeVisible();
      // The charts below the dashboard start off screen while it loads.
      expect(await page.getByTestId("alerts-charts").evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(size.height);
      release();
      await expect(page.getByRole("heading", { name: "Critical Economic Alerts" })).toBeVisible();
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
    });
  }

  test("if the dashboard's code cannot be fetched, the page says so and offers a reload", async ({ page, request }) => {
    // The loaded view's code comes after the page (components/dashboard/economic-dashboard.tsx):
    // let through only the scripts the page's HTML names, as when a new release has replaced
    // the files this copy of the page would fetch next. The reload link reloads the address as
    // it is (a subscriber reaches the dashboard at ?view=market).
    for (const address of ["/alerts", "/alerts?view=market"]) {
      const html = await (await request.get(address)).text();
      const initial = new Set([...html.matchAll(/\/_next\/static\/chunks\/[^"'\s\\]+\.js/g)].map((m) => m[0]));
      expect(initial.size).toBeGreaterThan(0);
      await page.unrouteAll({ behavior: "wait" });
      await page.route(/\/_next\/static\/chunks\/.+\.js$/, (route) =>
        initial.has(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
      );
      await page.goto(address);
      await expect(page.getByTestId("dashboard-unavailable"), address).toContainText("The dashboard could not be loaded.");
      await expect(page.getByTestId("dashboard-unavailable").getByRole("link", { name: "Reload the page" })).toHaveAttribute("href", address);
      await expect(page.getByRole("heading", { level: 1, name: "Economic Dashboard" })).toBeVisible();
    }
  });

  test("Economic Data: CPI and PPI with colours, arrows, signs, gaps, source, month and trend charts", async ({ page }) => {
    await openDashboard(page);
    await page.getByRole("tab", { name: "Economic Data" }).click();

    const cpi = page.getByRole("table", { name: /Consumer Price Index by category, May 2026/ });
    await expect(page.getByTestId("cpi-as-of")).toHaveText("As of May 2026");
    await expect(cpi.getByTestId("cpi-row")).toHaveCount(37);
    const allItems = row(cpi, "All items");
    await expect(allItems.getByRole("cell").nth(1)).toHaveText("335.123");
    const rise = allItems.locator("[data-change]");
    await expect(rise).toHaveAttribute("data-change", "up");
    await expect(rise).toContainText("+4.2%");
    expect(isRed(await rgb(rise))).toBe(true);
    await expect(rise.locator("svg")).toHaveClass(/lucide-arrow-up/);

    const dairy = row(cpi, "Dairy and related products").locator("[data-change]");
    await expect(dairy).toHaveAttribute("data-change", "down");
    await expect(dairy).toContainText("-1.0%");
    expect(isGreen(await rgb(dairy))).toBe(true);
    await expect(dairy.locator("svg")).toHaveClass(/lucide-arrow-down/);

    // A line the snapshot could not read for May 2026: shown as missing, never filled.
    const apparel = row(cpi, "Apparel");
    await expect(apparel.getByRole("cell").nth(1)).toHaveText("—not available");
    await expect(page.getByTestId("cpi-missing")).toContainText("No figure for May 2026: Apparel, Durables, Electricity, Gasoline (all types), Household furnishings and operations");
    await expect(page.getByTestId("source-line").first()).toContainText("U.S. Bureau of Labor Statistics");
    await expect(page.getByTestId("source-line").first()).toContainText("CPI May 2026, USDL-26-0824");
    await expect(page.getByTestId("source-line").first()).toContainText("Figures: CPI for May 2026 (released Jun 10, 2026), from the offline snapshot shipped with the site, stored ");
    await expect(page.getByTestId("source-line").first()).toContainText("Source not checked yet");
    await expect(page.getByTestId("source-line").nth(1)).toContainText("Figures: PPI for May 2026, from the offline snapshot shipped with the site");
    await page.getByText(/Lines the offline snapshot \(May 2026\) could not read/).first().click();
    await expect(page.getByText("New vehicles", { exact: true })).toBeVisible();

    // The trend chart of All items, with its text alternative (gaps named, not bridged).
    const chart = allItems.getByRole("img");
    await expect(chart).toHaveAccessibleName(/All items index, 13 monthly readings: 317\.671 in January 2025, 335\.123 in May 2026/);
    await expect(chart).toHaveAccessibleName(/No readings for February 2025; October 2025 to December 2025\./);

    const ppi = page.getByRole("table", { name: /Producer Price Index by sector, May 2026/ });
    await expect(ppi.getByTestId("ppi-row")).toHaveCount(18);
    const fd = row(ppi, "Final demand");
    await expect(fd.getByRole("cell").nth(0)).toHaveText("—not available");
    await expect(fd.getByRole("cell").nth(1)).toContainText("+6.5%");
    await expect(fd.getByRole("cell").nth(1)).toContainText("as printed by BLS");
    await expect(page.getByText(/12-month change as printed by BLS in its May 2026 table/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("News Feed: documents with source, date, category, link and impact icon", async ({ page }) => {
    await openDashboard(page);
    await page.getByRole("tab", { name: "News Feed" }).click();
    const items = page.getByRole("list", { name: "News items" }).getByRole("listitem");
    await expect(items).toHaveCount(17);
    await expect(page.getByTestId("news-source")).toContainText("Federal Register");
    await expect(page.getByTestId("news-source")).toContainText("Source not checked yet");

    const proclamation = items.filter({ hasText: "Proclamation 10984" });
    await expect(proclamation.getByRole("heading")).toHaveText(/^Proclamation 10984 - Adjusting Imports of Medium- and Heavy-Duty Vehicles/);
    await expect(proclamation).toContainText("October 17, 2025 proclamation that acts under Section 232");
    await expect(proclamation).toContainText("Federal Register - Presidential Documents (Executive Office of the President), via GovInfo");
    await expect(proclamation.locator("time")).toHaveText("Oct 22, 2025");
    await expect(proclamation.getByText("Autos", { exact: true })).toBeVisible();
    await expect(proclamation.getByText("High impact")).toBeVisible();
    expect(isRed(await rgb(proclamation.getByTestId("impact-icon")))).toBe(true);
    const link = proclamation.getByRole("link", { name: /Read the document/ });
    await expect(link).toHaveAttribute("href", "https://www.govinfo.gov/content/pkg/FR-2025-10-22/html/2025-19639.htm");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");

    const timber = items.filter({ hasText: "Timber and Lumber" });
    await expect(timber.getByText("Medium impact")).toBeVisible();
    expect(isYellow(await rgb(timber.getByTestId("impact-icon")))).toBe(true);
    const release = items.filter({ hasText: "Consumer Price Index - September 2025" });
    await expect(release.getByText("Low impact")).toBeVisible();
    expect(isGreen(await rgb(release.getByTestId("impact-icon")))).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test("Analysis: the three cards of the spec", async ({ page }) => {
    await openDashboard(page);
    await page.getByRole("tab", { name: "Analysis" }).click();
    const cards = page.getByTestId("analysis-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText("Market Trend");
    await expect(cards.nth(0)).toContainText("Rising");
    await expect(cards.nth(0)).toContainText("Inflation accelerating across multiple sectors");
    await expect(cards.nth(1)).toContainText("Risk Level");
    await expect(cards.nth(1)).toContainText("Elevated");
    await expect(cards.nth(1)).toContainText("Multiple price pressures identified");
    await expect(cards.nth(2)).toContainText("Action Required");
    await expect(cards.nth(2)).toContainText("Monitor");
    await expect(cards.nth(2)).toContainText("Stay alert for new price changes");
  });

  test("the tabs work from the keyboard", async ({ page }) => {
    await openDashboard(page);
    const alertsTab = page.getByRole("tab", { name: "Alerts" });
    await alertsTab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Economic Data" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Economic Data" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Analysis" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText("Market Trend");
  });

  test("empty lists show the spec's empty states", async ({ page }) => {
    await page.route(DASHBOARD, (route) =>
      route.fulfill({ json: { lastUpdated: new Date().toISOString(), alerts: [], cpi: [], ppi: [], news: [] } }),
    );
    await page.goto("/alerts");
    await expect(page.getByText("No critical alerts at this time")).toBeVisible();
    await page.getByRole("tab", { name: "Economic Data" }).click();
    await expect(page.getByText("No CPI data available")).toBeVisible();
    await expect(page.getByText("No PPI data available")).toBeVisible();
    await page.getByRole("tab", { name: "News Feed" }).click();
    await expect(page.getByText("No news items available")).toBeVisible();
  });

  test("a failing call shows the error state after two retries, and Try Again recovers", async ({ page }) => {
    const hits: number[] = [];
    let fail = true;
    await page.route(DASHBOARD, (route: Route) => {
      hits.push(Date.now());
      return fail ? route.fulfill({ status: 500, json: { message: "boom" } }) : route.continue();
    });
    await page.goto("/alerts");
    const error = page.getByTestId("dashboard-error");
    await expect(error.getByRole("heading", { name: "Data Loading Error" })).toBeVisible();
    await expect(error).toContainText("Unable to load economic data");
    // The first load and its two retries (after 1 s and 2 s), then no more.
    await expect.poll(() => hits.length, { timeout: 8_000 }).toBe(3);
    expect(hits[1]! - hits[0]!).toBeGreaterThanOrEqual(900);
    expect(hits[2]! - hits[1]!).toBeGreaterThanOrEqual(1_900);
    await page.waitForTimeout(1_500);
    expect(hits).toHaveLength(3);
    await expectNoSeriousA11yViolations(page);

    fail = false;
    await error.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("heading", { name: "Critical Economic Alerts" })).toBeVisible();
    await expect(error).toHaveCount(0);
  });

  test("Refresh Data shows new data stored by the scheduled refresh and when the sources were last checked", async ({ page, request }) => {
    const fake = await startFakeGovApis({ port: Number(process.env.E2E_FAKE_GOV_PORT ?? 3199) });
    try {
      // The stand-in serves the snapshot's own real figures and documents, as the APIs would.
      fake.bls = snapshotBlsData();
      fake.federalRegister = snapshotFederalRegisterDocuments();
      await openDashboard(page);
      const blsChecked = page.getByTestId("bls-checked");
      await expect(blsChecked).toContainText("BLS not checked yet");

      // Nothing new yet: Refresh Data says so (it reads the stored copy; it never calls BLS).
      await page.getByRole("button", { name: "Refresh Data" }).click();
      await expect(page.getByTestId("refresh-status")).toContainText("Checked just now: no newer data.");
      await expect(blsChecked).toContainText("BLS not checked yet");

      const cron = await request.get("/api/cron/economic-refresh", { headers: { Authorization: "Bearer e2e-cron-secret-for-tests-only" } });
      expect(cron.status()).toBe(200);
      expect(((await cron.json()) as { status: string }).status).toBe("success");
      expect(fake.blsRequests.length).toBe(3);
      expect(fake.blsRequests.every((r) => (r.body.seriesid as string[]).length <= 25)).toBe(true);

      const cronAnswered = Date.now();
      await page.getByRole("button", { name: "Refresh Data" }).click();
      await expect(page.getByTestId("refresh-status")).toContainText("Data refreshed. BLS last checked");
      // The time of the check, from the refresh ledger (the run that just finished).
      await expect(blsChecked).toContainText("BLS last checked");
      const checkedAt = Date.parse((await blsChecked.locator("time").getAttribute("datetime")) ?? "");
      expect(Math.abs(checkedAt - cronAnswered)).toBeLessThan(120_000);
      await expect(page.getByTestId("federal-register-checked")).toContainText("Federal Register last checked");
      const alerts = page.getByRole("list", { name: "Alerts" }).getByRole("listitem");
      await expect(alerts.first().getByTestId("alert-source-checked")).toContainText("Source last checked");
      // CPI now comes from the API; the PPI levels it lacks keep their snapshot figures.
      await expect(page.getByTestId("cpi-freshness")).toContainText(/^CPI for May 2026 \(released Jun 10, 2026\), fetched (?:up to )?[A-Z][a-z]{2} \d{1,2}, 20\d\d from the BLS API/);
      await page.getByRole("tab", { name: "Economic Data" }).click();
      await expect(page.getByTestId("source-line").first()).toContainText("BLS Public Data API v2");
      // Same real figures, now confirmed by the API.
      await expect(row(page.getByRole("table", { name: /Consumer Price Index/ }), "All items").getByRole("cell").nth(1)).toHaveText("335.123");
    } finally {
      await fake.close();
    }
  });

  test("the cron route refuses a request without the secret", async ({ request }) => {
    const response = await request.get("/api/cron/economic-refresh");
    expect(response.status()).toBe(401);
  });
});
