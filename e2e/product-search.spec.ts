import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signInAsNewTrial } from "./helpers";

/**
 * Finding what you buy in your own words (docs/search.md): on the watchlist's add form a
 * trial subscriber types "running shoes", picks a sports-footwear line from the combobox
 * (by keyboard at phone width, by pointer at desktop width) and watches it; a search that
 * finds nothing says what to try. axe at 390 and 1440 px.
 */

const search = (page: Page) => page.getByRole("combobox", { name: "Search the tariff schedule (optional)" });

for (const { width, height, by } of [
  { width: 390, height: 844, by: "keyboard" },
  { width: 1440, height: 900, by: "pointer" },
] as const) {
  test(`"running shoes" finds footwear, is picked by ${by} and watched (${width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await signInAsNewTrial(page, `search${width}`, "/watchlist");
    await expect(page.getByRole("heading", { name: "Your watchlist", level: 1 })).toBeVisible();

    await search(page).fill("running shoes");
    const options = page.getByRole("listbox", { name: "HTS lines found" }).getByRole("option");
    // The index is built shortly after the server starts; on a busy machine a first search may still wait for it.
    await expect(options.first()).toBeVisible({ timeout: 30_000 });
    // The first three answers are sports footwear of headings 6402-6404, each with its category and path.
    for (let i = 0; i < 3; i++) await expect(options.nth(i)).toContainText(/HTS 640[234]\.\d\d/);
    await expect(options.first()).toContainText("Footwear");
    await expect(page.getByRole("status").filter({ hasText: /HTS lines? found/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalScroll(page);

    if (by === "keyboard") {
      await search(page).press("ArrowDown");
      await expect(search(page)).toHaveAttribute("aria-activedescendant", "hts-option-0");
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      await search(page).press("Enter");
    } else {
      await options.first().click();
    }
    const pinned = page.getByTestId("pinned-line");
    await expect(pinned).toContainText(/Pinned to HTS 640[234]\./);
    await expect(pinned).toContainText("Category: Footwear");
    // The words searched with name the item.
    await expect(page.getByLabel("What is it?")).toHaveValue("running shoes");
    await page.getByLabel("Price paid or seen (USD)").fill("120");
    await page.getByRole("button", { name: "Watch item" }).click();
    await expect(page).toHaveURL(/\/watchlist\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "running shoes", level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
}

test("a search that finds nothing says what to try, and a suggestion searches again (390 px)", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewTrial(page, "search-none", "/watchlist");
  await search(page).fill("xqzvvq");
  const nothing = page.getByTestId("hts-nothing");
  await expect(nothing).toContainText("Nothing in the schedule matches “xqzvvq”", { timeout: 30_000 });
  await expect(nothing).toContainText("choose its category below");
  const tryButtons = nothing.getByRole("button");
  await expect(tryButtons.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const name = (await tryButtons.first().textContent())!.trim();
  await tryButtons.first().click();
  await expect(search(page)).toHaveValue(name);
  await expect(page.getByRole("listbox", { name: "HTS lines found" }).getByRole("option").first()).toBeVisible();
});
