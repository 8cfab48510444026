import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signInAsNewTrial } from "./helpers";

/**
 * The price diary on a watch's page (docs/alerts.md, "Price diary"), with fixed days: a
 * subscriber records $120.00 on 2026-01-15 and $250.00 on 2026-06-01 for shoes made in
 * Vietnam, sees both in the list, the chart with its sentence and table, and the alerts: the
 * second price rose far more than the tariff explains, and did not come down after a duty
 * fell. Axe at 1440 and 390 px.
 */
test("record two prices, see the chart, its table and the alert", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsNewTrial(page, "diary", "/watchlist");
  const id = await page.evaluate(async () => {
    const r = await fetch("/api/watchlist", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Men's leather shoes", htsCode: "6403.99.60", price: 120, madeIn: "VN" }),
    });
    return ((await r.json()) as { watch: { id: string } }).watch.id;
  });
  await page.goto(`/watchlist/${id}`);

  const diary = page.getByRole("region", { name: "Price diary" });
  await expect(diary.getByTestId("diary-empty")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A mistake first: the form says what is wrong beside the field.
  await diary.getByLabel("Day you paid").fill("2026-01-15");
  await diary.getByLabel("Price paid (USD)").fill("abc");
  await diary.getByRole("button", { name: "Record price" }).click();
  await expect(diary.getByText("Enter the price you paid in dollars")).toBeVisible();
  await expect(diary.getByLabel("Price paid (USD)")).toHaveAttribute("aria-invalid", "true");

  await diary.getByLabel("Price paid (USD)").fill("120");
  await diary.getByLabel("Shop (optional)").fill("Main Street Shoes");
  await diary.getByRole("button", { name: "Record price" }).click();
  const entries = diary.getByTestId("diary-entries");
  await expect(entries.getByRole("listitem")).toHaveCount(1);
  await expect(entries).toContainText("$120.00 on 2026-01-15 at Main Street Shoes (first price)");

  await diary.getByLabel("Day you paid").fill("2026-06-01");
  await diary.getByLabel("Price paid (USD)").fill("250");
  await diary.getByRole("button", { name: "Record price" }).click();
  await expect(entries.getByRole("listitem")).toHaveCount(2);

  // The chart: one image named by its title, described by its sentence, with a table.
  const chart = diary.getByTestId("chart-price-diary");
  await expect(chart.getByRole("img", { name: "Your prices against what the tariff explains" })).toBeVisible();
  await expect(chart.getByTestId("chart-summary")).toContainText("2 prices recorded, from $120.00 on 2026-01-15 to $250.00 on 2026-06-01.");
  await expect(chart.getByTestId("diary-band")).toHaveCount(1);
  await chart.getByText("Show as table").click();
  const table = chart.getByTestId("chart-table");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("row").nth(1)).toContainText("2026-01-15$120.00Main Street Shoes$");
  await expect(table.getByRole("row").nth(2)).toContainText("2026-06-01$250.00Main Street Shoes");

  // The alert: on the page, and in the subscriber's alerts.
  const alerts = diary.getByTestId("diary-alerts");
  await expect(alerts).toContainText("Men's leather shoes: $250.00 is more than the tariff explains");
  await expect(alerts).toContainText("+108.3% over your first price of $120.00 on 2026-01-15");
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  // The real law also ended a duty on these shoes after 2026-01-15 (a net fall), and $250.00
  // more than 60 days later has not come down: the second diary alert.
  await expect(alerts.getByRole("listitem")).toHaveCount(2);
  await expect(alerts).toContainText("Men's leather shoes: the price has not come down since the tariff ended");
  await alerts.getByRole("listitem").filter({ hasText: "more than the tariff explains" }).getByRole("link", { name: "Open the alert" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("$250.00 is more than the tariff explains");
  await expect(page.getByText("Above what the tariff explains")).toBeVisible();
});
