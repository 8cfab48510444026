import { expect, test } from "@playwright/test";
import { signInAsNewTrial } from "./helpers";

/**
 * The countdown to the Section 232 furniture step-up (docs/alerts.md, "Countdowns and
 * corrections"): upholstered wooden furniture goes from 25% to 30% on 2027-01-01
 * (data/tariffs/law/s232-wood.yaml, deferred by the proclamation of 2025-12-31). A subscriber
 * watching a sofa made in Vietnam hears of it when the nightly alert evaluation first sees it,
 * and on 2026-12-02, 30 days ahead, gets the countdown alert with its legal state and its
 * instrument, in the alert list and on its page. The nightly job runs through its cron route
 * with its clock set (X-Job-Clock, honoured in test runs only: CRON_JOB_CLOCK=1).
 */
const CRON = "e2e-cron-secret-for-tests-only";

test("a subscriber watching a sofa from Vietnam gets the furniture step-up countdown 30 days ahead", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsNewTrial(page, "countdown", "/watchlist");
  const itemName = `Sofa ${Date.now()}`;
  await page.getByLabel("What is it?").fill(itemName);
  await page.getByLabel("Search the tariff schedule (optional)").fill("9401.61.40.11");
  await page.getByRole("option", { name: /HTS 9401\.61\.40\.11 ·/ }).click();
  await page.getByLabel("Price paid or seen (USD)").fill("1200");
  await page.getByLabel("Made in (if known)").selectOption({ label: "Vietnam" });
  await page.getByRole("button", { name: "Watch item" }).click();
  await expect(page).toHaveURL(/\/watchlist\/[0-9a-f-]{36}$/);

  const nightly = async (at: string) => {
    const res = await page.request.get("/api/cron/alert-evaluation", { headers: { Authorization: `Bearer ${CRON}`, "X-Job-Clock": at } });
    expect(res.status(), await res.text()).toBe(200);
  };
  // 2026-11-28: the step-up is announced; no countdown yet (34 days ahead).
  await nightly("2026-11-28T03:30:00Z");
  await page.goto("/alerts/mine");
  const mine = page.getByTestId("alert-item").filter({ hasText: itemName });
  await expect(mine.and(page.locator('[data-kind="legal-event"]'))).toHaveCount(1);
  await expect(mine.and(page.locator('[data-kind="countdown"]'))).toHaveCount(0);

  // 2026-12-02, 30 days ahead: the countdown, once however often the job runs.
  await nightly("2026-12-02T03:30:00Z");
  await nightly("2026-12-02T03:30:00Z");
  await page.goto("/alerts/mine");
  const countdown = mine.and(page.locator('[data-kind="countdown"]'));
  await expect(countdown).toHaveCount(1);
  await expect(countdown).toContainText(`${itemName} (made in Vietnam): duty change in 30 days, on Jan 1, 2027`);
  await expect(countdown).toContainText("Section 232 upholstered wooden furniture (25%, 30% from 2027-01-01) changes rate to 30% on 2027-01-01 (in 30 days)");
  await expect(countdown).toContainText("Status: in force from 2027-01-01 (proclamation signed 2025-12-31; in the HTS under 9903.76.02)");
  await expect(countdown.getByText("Dec 2, 2026")).toBeVisible();

  await countdown.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/alerts\/mine\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^${itemName} \\(made in Vietnam\\): duty change in 30 days, on Jan 1, 2027; \\+`));
  await expect(page.getByText(/Instrument: Amendments to Adjusting Imports of Timber, Lumber, and Their Derivative Products/)).toBeVisible();
  await expect(page.locator("time").first()).toHaveText("2026-12-02");
  await expect(page.getByTestId("alert-superseded")).toHaveCount(0);
});
