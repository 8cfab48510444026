import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers";

/**
 * The charts (docs/experience.md "/alerts") in a real browser: each one is an image named by its title
 * and described by a summary sentence with the key numbers, and has a "Show as table"
 * toggle that opens without JavaScript. /alerts renders them on the server from the seeded
 * offline snapshot; the calculator draws its breakdown after a calculation.
 */

const chart = (page: Page, testId: string): Locator => page.getByTestId(testId);

async function expectTableToggle(figure: Locator, firstRow: RegExp) {
  const toggle = figure.getByTestId("chart-table-toggle");
  await expect(figure.getByTestId("chart-table")).toBeHidden();
  await toggle.getByText("Show as table").click();
  const table = figure.getByTestId("chart-table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toHaveText(firstRow);
  await toggle.getByText("Hide table").click();
  await expect(table).toBeHidden();
}

test.describe("charts on /alerts", () => {
  test("the effective tariff rate, with its source and date, summary and table", async ({ page }) => {
    await page.goto("/alerts");
    const etr = chart(page, "chart-effective-rate");
    await expect(etr.getByRole("heading", { name: "Average effective US tariff rate, Jan 2025 to Mar 2026" })).toBeVisible();
    await expect(etr.getByTestId("chart-summary")).toHaveText(
      "The average effective US tariff rate went from 2.7% on 1 Jan 2025 to a peak of 23.2% on 11 Apr 2025 and stood at 11.4% on 26 Mar 2026. Weekly averages of the daily rate.",
    );
    const etrImage = etr.getByRole("img", { name: "Average effective US tariff rate, Jan 2025 to Mar 2026" });
    await expect(etrImage).toHaveCount(1);
    await expect(etrImage).toHaveAccessibleDescription(/peak of 23\.2% on 11 Apr 2025/);
    await expect(etr.getByRole("link", { name: /The Budget Lab at Yale, tariff-impact-tracker F1_daily_etr\.csv/ })).toHaveAttribute(
      "href",
      "https://budgetlab.yale.edu/research/tracking-economic-effects-tariffs",
    );
    await expect(etr).toContainText("as of 2026-03-26");
    await expectTableToggle(etr, /^2024-12-302\.68%$/);
  });

  test("CPI history per category as line charts with months and gaps, PPI changes as bars", async ({ page }) => {
    test.setTimeout(120_000); // 37 CPI charts: axe takes a while on the whole page
    await page.goto("/alerts");
    const cpi = page.getByTestId("chart-cpi");
    // The copy of /alerts that `next build` writes draws these charts in the browser once the
    // reader scrolls towards them and the figures have loaded; the copies regenerated every
    // 5 minutes have them in the HTML (docs/performance.md "/alerts rendering"). Scroll down
    // as a reader would, and wait for the first before counting. The dashboard above is
    // read first: it loads after the page and is taller than its loading card, so a scroll
    // made before it has loaded can leave the charts a screen below again (seen in CI).
    await expect(page.getByTestId("dashboard-loading")).toHaveCount(0, { timeout: 15_000 });
    await page.getByTestId("alerts-charts").evaluate((el) => el.scrollIntoView({ block: "end" }));
    await expect(cpi.first()).toBeVisible();
    expect(await cpi.count()).toBeGreaterThan(20);
    const allItems = cpi.filter({ has: page.getByRole("heading", { name: "All items", exact: true }) });
    await expect(allItems.getByTestId("chart-summary")).toContainText(/All items index, 13 monthly readings: 317\.671 in January 2025, 335\.123 in May 2026/);
    await expect(allItems.getByTestId("chart-summary")).toContainText("No readings for February 2025; October 2025 to December 2025.");
    await expect(allItems.getByRole("img", { name: "All items", exact: true })).toHaveAccessibleDescription(/All items index, 13 monthly readings/);
    // The months are on the axis; the gap is drawn as a shaded stretch, not a line.
    const allItemsSvg = allItems.locator("svg[role=img]");
    await expect(allItemsSvg).toContainText("Jan 2025");
    await expect(allItemsSvg.locator("[data-gap]")).toHaveCount(2);
    await expectTableToggle(allItems, /^January 2025317\.671$/);
    await allItems.getByText("Show as table").click();
    await expect(allItems.getByTestId("chart-table")).toContainText("February 2025no reading");

    const ppi = chart(page, "chart-ppi");
    await expect(ppi.getByRole("heading", { name: "Producer Price Index, 12-month change by sector, May 2026" })).toBeVisible();
    await expect(ppi.getByTestId("chart-summary")).toContainText(/largest rise .+ \+\d+\.\d%/);
    await expect(ppi.getByRole("img", { name: /Producer Price Index/ })).toHaveAccessibleDescription(/Producer Price Index, 12-month change by sector/);
    await ppi.getByText("Show as table").click();
    await expect(ppi.getByTestId("chart-table").getByRole("row").filter({ hasText: "Final demand" }).first()).toContainText("+6.5%");
    await expectNoSeriousA11yViolations(page);
  });

  test("the charts and their tables work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/alerts");
    const etr = chart(page, "chart-effective-rate");
    await expect(etr.locator("svg[role=img] path").first()).toBeVisible();
    await etr.getByText("Show as table").click();
    await expect(etr.getByTestId("chart-table")).toBeVisible();
    await context.close();
  });
});

test.describe("calculator limits, assumptions and breakdown chart", () => {
  test("says why the button is off below $50 and refuses more than $250,000 a month", async ({ page }) => {
    await page.goto("/calculator");
    const input = page.getByTestId("monthly-spending");
    const button = page.getByRole("button", { name: "Calculate My Savings" });
    await expect(button).toHaveAccessibleDescription(/once you enter a monthly amount from \$50/);
    await input.fill("49");
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription("The button is off: enter at least $50 a month.");
    await input.fill("250001");
    await expect(button).toBeDisabled();
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("spending-too-high")).toContainText("more than $250,000 a month");
    await expect(button).toHaveAccessibleDescription("The button is off: the amount is above $250,000 a month.");
    await input.fill("250000");
    await expect(button).toBeEnabled();
    await expect(page.getByTestId("spending-too-high")).toHaveCount(0);
  });

  test("shows the breakdown chart with its summary and table, the sourced assumptions and the watchlist link", async ({ page }) => {
    await page.goto("/calculator");
    await page.getByTestId("monthly-spending").fill("500");
    await page.getByTestId("calculate-button").click();
    const figure = chart(page, "chart-calculator-breakdown");
    await expect(figure.getByTestId("chart-summary")).toHaveText(
      "Of $6,000 spent a year, tariffs add an estimated $1,020; $663 of that is avoidable; $543 is left after the plan's cost.",
    );
    await expect(figure.getByRole("img", { name: "Where the estimate comes from, per year" })).toHaveAccessibleDescription(/Of \$6,000 spent a year/);
    await expectTableToggle(figure, /^Annual spending\$6,000$/);

    await expect(page.getByTestId("assumption-tariff-factor")).toContainText("Tariff factor 17%");
    await expect(page.getByTestId("assumption-tariff-factor")).toContainText("as of 2026-03-26");
    await expect(page.getByTestId("assumption-avoidable-share")).toContainText("Avoidable share 65%");
    // Said to the reader as ours, with its source (or that it has none), not as "the product specification's figure".
    await expect(page.getByTestId("assumption-tariff-factor")).toContainText("Our assumption");
    await expect(page.getByTestId("assumption-avoidable-share")).toContainText("Our assumption");
    await expect(page.getByTestId("assumption-avoidable-share")).toContainText("Source: none yet. It is our assumption, not a measurement.");
    await expect(page.getByTestId("calculator-assumptions")).not.toContainText("specification");
    await expect(page.getByTestId("calculator-watchlist-note")).toContainText("Start a watchlist");
    await expect(page.getByTestId("calculator-trial-link")).toHaveAttribute("href", "/free-trial");
    await expectNoSeriousA11yViolations(page);
  });
});
