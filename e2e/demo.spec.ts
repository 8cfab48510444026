import { expect, test, type Page } from "@playwright/test";
import { DEMO_STEP_MS, DEMO_STEP_TITLES } from "../components/demo/demo-data";
import { expectNoSeriousA11yViolations } from "./helpers";

/** Opens /demo with a controllable clock and waits until the player runs in the browser. */
async function openDemo(page: Page) {
  await page.clock.install();
  const response = await page.goto("/demo");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("demo-player")).toHaveAttribute("data-ready", "true");
}

const panel = (page: Page) => page.getByTestId("demo-panel");
const toggle = (page: Page) => page.getByTestId("demo-toggle");

test.describe("demo page", () => {
  test("shows the header, the four steps and the calls to action", async ({ page }) => {
    await page.goto("/demo");
    await expect(page).toHaveTitle(/TariffWatch/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/");

    expect(DEMO_STEP_MS).toBe(4000);
    const titles = ["Real-Time Tariff Alert", "Alternative Product Discovery", "Market Intelligence Report", "Personal Dashboard"];
    expect([...DEMO_STEP_TITLES]).toEqual(titles);
    await expect(page.getByRole("tab")).toHaveCount(4);
    for (const [i, title] of titles.entries()) {
      const tab = page.getByTestId(`demo-step-${i + 1}`);
      await expect(tab).toHaveAccessibleName(title);
      await expect(tab).toHaveAttribute("role", "tab");
    }
    await expect(page.getByTestId("demo-step-1")).toHaveAttribute("aria-selected", "true");
    await expect(panel(page)).toHaveAttribute("data-step", "1");
    await expect(panel(page).getByRole("heading", { name: "Real-Time Tariff Alert" })).toBeVisible();
    // The demo follows the engine's coffee-maker example (lib/alerts/demo-story.ts), with its working.
    await expect(panel(page)).toContainText("Coffee maker, made in China");
    await expect(panel(page).getByTestId("demo-alert-duty")).toContainText("21.2%");
    await expect(panel(page).getByTestId("demo-alert-duty")).toContainText("23.7%");
    await expect(panel(page).getByTestId("demo-alert-duty")).toContainText("landed cost +2.06%");
    await expect(panel(page).getByTestId("demo-example-price")).toHaveText("$80.00 example price");
    await expect(panel(page).getByTestId("demo-alert-band")).toContainText("+$0.44 / +$0.89 / +$1.65");
    await expect(panel(page).getByRole("link", { name: /How we computed this/ })).toHaveAttribute("href", "/examples#coffee-maker-cn");
    // The old made-up story and its figures are gone (docs/claims.md).
    for (const gone of ["Headphones", "$79.99", "$99.99", "+25%", "2 minutes ago"]) await expect(page.locator("main")).not.toContainText(gone);

    await expect(page.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/free-trial");
    await expect(page.getByRole("link", { name: "View Market Alerts" })).toHaveAttribute("href", "/alerts?view=market");
  });

  test("each step has real content", async ({ page }) => {
    await page.goto("/demo");
    await expect(page.getByTestId("demo-player")).toHaveAttribute("data-ready", "true");
    await page.getByTestId("demo-step-2").click();
    await expect(panel(page).getByRole("heading", { name: "Alternative Product Discovery" })).toBeVisible();
    const first = panel(page).getByTestId("demo-alternative").first();
    await expect(first).toContainText("Made in Germany");
    await expect(first).toContainText("duty 10.0%");
    await expect(first).toContainText("13.7 points below China (23.7%)");
    await expect(first).toContainText("3.6% of US imports of the sector (2024)");
    // Taiwan pays the same 10% all-in (the forced-labor 301 final action, FR 2026-15181) with
    // a smaller share of the sector's imports, so it comes second.
    await expect(panel(page).getByTestId("demo-alternative").nth(1)).toContainText("Made in Taiwan");
    await expect(panel(page).getByTestId("demo-alternatives-note")).toContainText("Lower tariff exposure does not mean a lower shelf price");
    await page.getByTestId("demo-step-3").click();
    await expect(panel(page).getByRole("heading", { name: "Market Intelligence Report" })).toBeVisible();
    await expect(panel(page).getByTestId("demo-report-line")).toHaveCount(6);
    await expect(panel(page)).toContainText("Still reaching shelves");
    await expect(panel(page)).toContainText("Men's leather shoes, made in Vietnam");
    await page.getByTestId("demo-step-4").click();
    await expect(panel(page).getByRole("heading", { name: "Personal Dashboard" })).toBeVisible();
    await expect(panel(page)).toContainText("Items watched");
    await expect(panel(page)).toContainText("not a measured saving or cost");
    await expect(panel(page)).not.toContainText("Saved this");
  });

  test("autoplays: advances every 4 seconds and cycles through the four steps", async ({ page }) => {
    await openDemo(page);
    await expect(toggle(page)).toHaveText("Pause Demo");
    await expect(panel(page)).toHaveAttribute("data-step", "1");

    await page.clock.fastForward(DEMO_STEP_MS);
    await expect(panel(page)).toHaveAttribute("data-step", "2");
    await expect(page.getByTestId("demo-step-2")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("demo-step-1")).toHaveAttribute("aria-selected", "false");

    await page.clock.fastForward(DEMO_STEP_MS);
    await expect(panel(page)).toHaveAttribute("data-step", "3");
    await page.clock.fastForward(DEMO_STEP_MS);
    await expect(panel(page)).toHaveAttribute("data-step", "4");
    await page.clock.fastForward(DEMO_STEP_MS);
    await expect(panel(page)).toHaveAttribute("data-step", "1");
  });

  test("Pause Demo stops autoplay and Play Demo resumes it", async ({ page }) => {
    await openDemo(page);
    await toggle(page).click();
    await expect(toggle(page)).toHaveText("Play Demo");
    await page.clock.fastForward(DEMO_STEP_MS * 3);
    await expect(panel(page)).toHaveAttribute("data-step", "1");

    await page.getByRole("button", { name: "Play Demo" }).click();
    await expect(toggle(page)).toHaveText("Pause Demo");
    await page.clock.fastForward(DEMO_STEP_MS);
    await expect(panel(page)).toHaveAttribute("data-step", "2");
  });

  test("clicking a step selects it and stops autoplay", async ({ page }) => {
    await openDemo(page);
    await page.getByTestId("demo-step-3").click();
    await expect(panel(page)).toHaveAttribute("data-step", "3");
    await expect(page.getByTestId("demo-step-3")).toHaveAttribute("aria-selected", "true");
    await expect(toggle(page)).toHaveText("Play Demo");
    await page.clock.fastForward(DEMO_STEP_MS * 3);
    await expect(panel(page)).toHaveAttribute("data-step", "3");
  });

  test("steps can be chosen with the arrow keys", async ({ page }) => {
    await openDemo(page);
    await page.getByTestId("demo-step-1").focus();
    await page.keyboard.press("ArrowRight");
    await expect(panel(page)).toHaveAttribute("data-step", "2");
    await expect(page.getByTestId("demo-step-2")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(panel(page)).toHaveAttribute("data-step", "4");
    await expect(toggle(page)).toHaveText("Play Demo");
  });

  test("does not autoplay for visitors who prefer reduced motion, but can be played", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await openDemo(page);
    await expect(toggle(page)).toHaveText("Play Demo");
    await page.clock.fastForward(DEMO_STEP_MS * 2);
    await expect(panel(page)).toHaveAttribute("data-step", "1");
    await toggle(page).click();
    await expect(toggle(page)).toHaveText("Pause Demo");
    await page.clock.fastForward(DEMO_STEP_MS);
    await expect(panel(page)).toHaveAttribute("data-step", "2");
    await context.close();
  });

  test("Find Retailer opens a web search for the alternative in a new tab", async ({ page }) => {
    await page.goto("/demo");
    await expect(page.getByTestId("demo-player")).toHaveAttribute("data-ready", "true");
    await page.getByTestId("demo-step-2").click();
    const links = panel(page).getByRole("link", { name: /Find Retailer/ });
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAttribute("href", /^https:\/\/www\.google\.com\/search\?q=.+/);
      await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
    }
    await expect(links.first()).toHaveAttribute("href", /made\+in\+Germany/);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/demo");
    await expect(page.getByTestId("demo-player")).toHaveAttribute("data-ready", "true");
    await page.getByTestId("demo-toggle").click(); // pause, so the panel holds still while axe reads it
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId("demo-step-2").click();
    await expectNoSeriousA11yViolations(page);
  });
});
