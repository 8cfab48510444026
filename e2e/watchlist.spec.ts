import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signInAsNewTrial } from "./helpers";

/**
 * The watchlist end to end: a trial subscriber signs in by emailed link (demo mailbox at
 * /dev/mail), watches a category, watches an item pinned to its HTS line with a price and
 * a made-in country, and opens its page: the projection and "How we computed this" with
 * source links. Also checked at phone width (390 px, no horizontal scroll) and with axe.
 */

test.describe("watchlist", () => {
  test("signed out, /watchlist sends to sign-in and the API answers 401", async ({ page }) => {
    await page.goto("/watchlist");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fwatchlist$/);
    expect((await page.request.get("/api/watchlist")).status()).toBe(401);
  });

  test("add a category, add an item with price and made-in, open its projection with sources", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsNewTrial(page, "watch", "/watchlist");

    await expect(page.getByRole("heading", { name: "Your watchlist", level: 1 })).toBeVisible();
    await expect(page.getByTestId("watchlist-empty")).toBeVisible();
    await expect(page.getByTestId("category-limit")).toContainText("0 of 3 categories");
    await expectNoSeriousA11yViolations(page);

    // A category.
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Footwear" });
    await page.getByRole("button", { name: "Watch category" }).click();
    const list = page.getByTestId("watch-list");
    await expect(list.getByRole("link", { name: "Footwear", exact: true })).toBeVisible();
    await expect(page.getByTestId("category-limit")).toContainText("1 of 3 categories");
    // Each row opens with its one sentence (docs/tariffs.md, "Plain words first").
    await expect(list.getByTestId("projection-sentence").first()).toContainText("Footwear");

    // An item pinned to its HTS line from the search.
    await page.getByLabel("What is it?").fill("Men's leather shoes");
    await page.getByLabel("Search the tariff schedule (optional)").fill("6403.99.60");
    await page.getByRole("option", { name: /HTS 6403\.99\.60 ·/ }).click();
    await expect(page.getByTestId("pinned-line")).toContainText("HTS 6403.99.60");
    await page.getByLabel("Price paid or seen (USD)").fill("120");
    await page.getByLabel("Made in (if known)").selectOption({ label: "Vietnam" });
    await page.getByRole("button", { name: "Watch item" }).click();

    // Its page: the projection and how it was computed, with source links.
    await expect(page).toHaveURL(/\/watchlist\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Men's leather shoes", level: 1 })).toBeVisible();
    // The sentence first: a trial sees percent, with the plain reason.
    await expect(page.getByTestId("projection-sentence")).toContainText("Men's leather shoes");
    await expect(page.getByTestId("projection-sentence")).toContainText("In percent: dollar figures on your own price come with the Consumer Plan.");
    // Then the working, folded until opened, every symbol named in words.
    await expect(page.getByRole("heading", { name: "How we computed this" })).toBeVisible();
    const how = page.getByTestId("how-computed");
    await expect(how.getByTestId("symbols")).toBeHidden();
    await page.getByRole("heading", { name: "How we computed this" }).click();
    await expect(how.getByTestId("symbols")).toContainText("the product's share of the shelf price");
    await expect(how.getByTestId("origin-duty")).toHaveCount(1);
    await expect(how.getByTestId("origin-duty")).toContainText("Vietnam");
    await expect(how.getByTestId("evidence-duty:VN:t0")).toContainText("8.5% MFN");
    await expect(how.getByTestId("evidence-band")).toContainText("θ ×");
    const chip = how.getByTestId("source-chip").first();
    await expect(chip).toBeVisible();
    expect(await chip.getAttribute("href")).toMatch(/^https:\/\//);
    // The trial has neither dollars nor the alternative finder: both say which plan has them.
    await expect(page.getByTestId("dollars-upgrade").first()).toContainText("Consumer Plan");
    await expect(page.getByTestId("alternatives-upgrade")).toContainText("Consumer Plan");
    await expect(page.getByTestId("data-as-of")).toContainText("HTS 2026 Revision 10");
    await expectNoSeriousA11yViolations(page);

    // Phone width: no horizontal scroll on the item page or the list.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await page.getByRole("link", { name: "Your watchlist" }).click();
    await expect(page.getByTestId("watch-list").getByRole("listitem")).toHaveCount(2);
    await expectNoHorizontalScroll(page);
  });
});
