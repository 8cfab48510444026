import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers";

test.describe("savings calculator", () => {
  test("shows the header, the form, the placeholder with a computed example, and no unmeasured customer results", async ({ page }) => {
    const response = await page.goto("/calculator");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/TariffWatch/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("banner").getByText("TariffWatch")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/");

    const input = page.getByTestId("monthly-spending");
    await expect(page.getByLabel("Monthly spending")).toBeVisible();
    await expect(input).toHaveAttribute("type", "number");
    await expect(input).toHaveAttribute("min", "50");
    await expect(input).toHaveAttribute("step", "1");
    await expect(input).toHaveValue("");

    const placeholder = page.getByTestId("calculator-placeholder");
    await expect(placeholder).toContainText("Enter your monthly spending to see your savings");
    await expect(placeholder).toContainText("$500 a month gives an extra $1,020 annually");
    await expect(page.getByTestId("calculator-results")).toHaveCount(0);

    // The "customer results" block ($2,340 average savings, 89% avoid increases, 24hrs) was never measured: gone (docs/product-rules.md §D9).
    for (const figure of ["$2,340", "89%", "24hrs", "Real results from TariffWatch customers"]) {
      await expect(page.locator("body")).not.toContainText(figure);
    }
    await expect(page.locator("body")).not.toContainText("29.99");
  });

  test("keeps the button disabled while the amount is empty or under $50, and says why", async ({ page }) => {
    await page.goto("/calculator");
    const input = page.getByTestId("monthly-spending");
    const button = page.getByRole("button", { name: "Calculate My Savings" });
    await expect(button).toHaveAttribute("data-testid", "calculate-button");
    await expect(button).toBeDisabled();
    await input.fill("49");
    await expect(button).toBeDisabled();
    // docs/experience.md "/calculator": the disabled button says why.
    await expect(page.getByTestId("calculate-disabled-reason")).toHaveText("The button is off: enter at least $50 a month.");
    await expect(input).not.toHaveAttribute("aria-invalid", "true");
    await input.fill("50");
    await expect(button).toBeEnabled();
    await input.fill("");
    await expect(button).toBeDisabled();
    // Enter on a disabled form does nothing either.
    await input.fill("49");
    await input.press("Enter");
    await expect(page.getByTestId("calculator-results")).toHaveCount(0);
    await expect(page.getByTestId("calculator-placeholder")).toBeVisible();
  });

  test("shows the decided figures for $500 a month, with the trial and demo links", async ({ page }) => {
    await page.goto("/calculator");
    await page.getByTestId("monthly-spending").fill("500");
    await page.getByTestId("calculate-button").click();

    const results = page.getByTestId("calculator-results");
    await expect(results).toBeVisible();
    await expect(page.getByTestId("calculator-placeholder")).toHaveCount(0);
    await expect(page.getByTestId("result-annual-spending")).toHaveText("$6,000");
    await expect(page.getByTestId("result-tariff-impact")).toHaveText("$1,020");
    await expect(page.getByTestId("result-potential-savings")).toHaveText("$663");
    await expect(page.getByTestId("result-net-savings")).toHaveText("$543");
    await expect(page.getByTestId("result-roi")).toHaveText("553%");
    await expect(page.getByTestId("result-break-even")).toHaveText("67 days");
    await expect(page.locator("[aria-live='polite']").filter({ has: results })).toHaveCount(1);

    await expect(results.getByRole("link", { name: "Start 7-Day Free Trial" })).toHaveAttribute("href", "/free-trial");
    await expect(results.getByRole("link", { name: "See How It Works" })).toHaveAttribute("href", "/demo");
  });

  test("recomputes only when the button is pressed again", async ({ page }) => {
    await page.goto("/calculator");
    const input = page.getByTestId("monthly-spending");
    await input.fill("500");
    await page.getByTestId("calculate-button").click();
    await expect(page.getByTestId("result-annual-spending")).toHaveText("$6,000");

    await input.fill("1000");
    await expect(page.getByTestId("result-annual-spending")).toHaveText("$6,000");
    await expect(page.getByTestId("result-tariff-impact")).toHaveText("$1,020");

    await page.getByTestId("calculate-button").click();
    await expect(page.getByTestId("result-annual-spending")).toHaveText("$12,000");
    await expect(page.getByTestId("result-tariff-impact")).toHaveText("$2,040");
    await expect(page.getByTestId("result-potential-savings")).toHaveText("$1,326");
    await expect(page.getByTestId("result-net-savings")).toHaveText("$1,206");
    await expect(page.getByTestId("result-roi")).toHaveText("1,105%");
    await expect(page.getByTestId("result-break-even")).toHaveText("34 days");

    // Emptying the field keeps the last result; the button is disabled again.
    await input.fill("");
    await expect(page.getByTestId("result-annual-spending")).toHaveText("$12,000");
    await expect(page.getByTestId("calculate-button")).toBeDisabled();
  });

  test("works from the keyboard and is honest at the $50 minimum", async ({ page }) => {
    await page.goto("/calculator");
    await page.getByLabel("Monthly spending").focus();
    await page.keyboard.type("50");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("result-annual-spending")).toHaveText("$600");
    await expect(page.getByTestId("result-tariff-impact")).toHaveText("$102");
    await expect(page.getByTestId("result-potential-savings")).toHaveText("$66.30");
    await expect(page.getByTestId("result-net-savings")).toHaveText("-$53.70");
    await expect(page.getByTestId("result-roi")).toHaveText("55%");
    await expect(page.getByTestId("result-break-even")).toHaveText("661 days");
    await expect(page.getByTestId("calculator-results")).toContainText("costs more than it is likely to save");
  });

  test("has no serious accessibility violations before calculating", async ({ page }) => {
    await page.goto("/calculator");
    await expectNoSeriousA11yViolations(page);
  });
});
