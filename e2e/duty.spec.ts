import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./helpers";

/**
 * The public duty lookup (docs/tariffs.md "Duty lookup") in a real browser: asked with the
 * keyboard only, the answer states the total and each line with its legal source; bad input
 * is named beside its field; a phone width neither scrolls sideways nor fails axe.
 */
test.describe("duty lookup", () => {
  test("asked with the keyboard, answers line by line with sources and the scheduled step-up", async ({ page }) => {
    await page.goto("/duty");
    await page.getByLabel("HTS code").focus();
    await page.keyboard.type("9401.61.40.11");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Made in")).toBeFocused();
    await page.getByLabel("Made in").selectOption("VN");
    await page.getByLabel("Day of entry").fill("2026-11-27");
    await page.getByLabel("Day of entry").press("Enter");

    const answer = page.getByTestId("duty-answer");
    await expect(answer).toBeVisible();
    await expect(page.getByTestId("duty-total")).toHaveText("Total duty: 25% of the customs value.");
    await expect(answer.getByRole("heading", { name: /Section 232 upholstered wooden furniture/ })).toBeVisible();
    await expect(answer.getByRole("link", { name: "FR Doc 2025-19482" }).first()).toHaveAttribute("href", /federalregister\.gov/);
    await expect(answer.getByText(/January 1, 2027: total 30%/)).toBeVisible();
    await expect(answer.getByText(/No duty-free entry under \$800/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("names bad input beside its field, and shows unknowns as unknown", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/duty?hts=6403&origin=VN&date=2026-11-27");
    await expect(page.getByLabel("HTS code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/must be an 8- or 10-digit HTS code/)).toBeVisible();

    await page.goto("/duty?hts=0201.30.50&origin=AU&date=2026-11-27");
    await expect(page.getByTestId("duty-total")).toHaveText("Total duty: unknown.");
    await expect(page.getByText(/not plain ad valorem/).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});
