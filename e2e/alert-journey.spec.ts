import { expect, test } from "@playwright/test";
import { signInAsNewTrial } from "./helpers";

/**
 * The product end to end (docs/alerts.md "Tests"): a subscriber signs in and watches an item
 * pinned to its HTS line; its projection shows its sources; an admin adds a tariff
 * measure that touches that line (with an effective date inside the watch's horizon);
 * saving re-evaluates the touched watches; the alert appears on the subscriber's /alerts
 * with its calculation, and the digest email carrying it is in the demo mailbox.
 */
const ADMIN = process.env.E2E_ADMIN_USERNAME ?? "e2e-admin";
const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";
const CRON = "e2e-cron-secret-for-tests-only";

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

test("a new measure on a watched item alerts its subscriber on /alerts and by email", async ({ browser }) => {
  test.setTimeout(150_000);
  expect(PASSWORD, "playwright.config.ts sets E2E_ADMIN_PASSWORD").not.toBe("");
  const subscriber = await browser.newPage();
  const email = await signInAsNewTrial(subscriber, "journey", "/watchlist");

  // A daily digest, so the trial's alert email goes out today (trials have no instant alerts).
  await subscriber.goto("/account");
  await subscriber.getByText("Daily digest", { exact: true }).click();
  await subscriber.getByRole("button", { name: /save/i }).click();
  await expect(subscriber.getByText(/saved/i).first()).toBeVisible();

  // Watch an item: flip-flops of rubber (HTS 6402.20), made in Vietnam, at $20.
  await subscriber.goto("/watchlist");
  const itemName = `Flip-flops ${Date.now()}`;
  await subscriber.getByLabel("What is it?").fill(itemName);
  await subscriber.getByLabel("Search the tariff schedule (optional)").fill("6402.20.00");
  await subscriber.getByRole("option", { name: /HTS 6402\.20\.00(\.00)? ·/ }).first().click();
  await subscriber.getByLabel("Price paid or seen (USD)").fill("20");
  await subscriber.getByLabel("Made in (if known)").selectOption({ label: "Vietnam" });
  await subscriber.getByRole("button", { name: "Watch item" }).click();
  await expect(subscriber).toHaveURL(/\/watchlist\/[0-9a-f-]{36}$/);
  await expect(subscriber.getByRole("heading", { name: "How we computed this" })).toBeVisible();
  expect(await subscriber.getByTestId("source-chip").first().getAttribute("href")).toMatch(/^https:\/\//);

  // Before the change: no alert for this item.
  await subscriber.goto("/alerts");
  await expect(subscriber.getByTestId("alert-item").filter({ hasText: itemName })).toHaveCount(0);

  // An admin adds a measure on footwear from Vietnam, in force 10 days from now.
  const admin = await browser.newPage();
  await admin.goto("/admin/tariffs");
  await admin.getByLabel("Username").fill(ADMIN);
  await admin.getByLabel("Password").fill(PASSWORD);
  await admin.getByRole("button", { name: /sign in/i }).click();
  await expect(admin).toHaveURL(/\/admin\/tariffs/);
  const measureId = `op_e2e_footwear_${Date.now()}`;
  await admin.getByTestId("add-measure").click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Id (optional)").fill(measureId);
  await dialog.getByLabel("Name").fill("E2E test duty on footwear from Vietnam");
  await dialog.getByLabel("Authority").selectOption("S301_CHINA");
  await dialog.getByLabel("Rate (%)").fill("25");
  await dialog.getByLabel("HTS prefixes in scope").fill("6402");
  await dialog.getByLabel("Countries", { exact: true }).fill("VN");
  await dialog.getByLabel("Citation URL").fill("https://www.federalregister.gov/documents/2026/06/05/2026-11296/example");
  await dialog.getByRole("button", { name: "Add measure" }).click();
  await expect(dialog).toBeHidden();
  const card = admin.getByTestId(`measure-${measureId}`);
  await expect(card).toBeVisible();
  await card.getByTestId(`add-event-${measureId}`).click();
  const eventDialog = admin.getByRole("dialog");
  await eventDialog.getByLabel("Effective day").fill(isoDay(10));
  await eventDialog.getByLabel("Type").selectOption("EFFECTIVE");
  await eventDialog.getByLabel("Citation URL").fill("https://www.federalregister.gov/documents/2026/06/05/2026-11296/example");
  await eventDialog.getByRole("button", { name: /add event|save event/i }).click();
  await expect(admin.getByText(/re-evaluated \d+ watch(es)?, wrote [1-9]\d* alerts?/).first()).toBeVisible();

  // The subscriber's /alerts shows it, with its calculation.
  await subscriber.goto("/alerts");
  // The announcement (a parallel spec's nightly run on a set day may add a countdown reminder to it: docs/alerts.md, "Countdowns and corrections").
  const alert = subscriber.locator('[data-testid="alert-item"][data-kind="legal-event"]').filter({ hasText: itemName });
  await expect(alert).toHaveCount(1);
  await alert.getByRole("link").first().click();
  // The alert's page opens with the same kind of sentence as the watch's page, then the same working, folded.
  await expect(subscriber.getByTestId("projection-sentence")).toContainText(itemName);
  await subscriber.getByRole("heading", { name: "How we computed this" }).click();
  await expect(subscriber.getByTestId("legal-event").first()).toContainText("E2E test duty on footwear from Vietnam");
  await expect(subscriber.getByTestId("how-computed").getByText(/\+ 25% \(E2E test duty/).first()).toBeVisible();

  // The digest with the alert is in the demo mailbox.
  const digests = await subscriber.request.get("/api/cron/alert-digests", { headers: { Authorization: `Bearer ${CRON}` } });
  expect(digests.status()).toBe(200);
  await subscriber.goto("/dev/mail");
  const row = subscriber.getByTestId("mailbox-row").filter({ hasText: email }).filter({ hasNotText: "sign-in link" }).filter({ hasNotText: "Welcome" }).first();
  await expect(row).toBeVisible();
  await row.getByRole("link").first().click();
  await expect(subscriber.getByTestId("mail-text")).toContainText(itemName);
});
