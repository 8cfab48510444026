import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "./helpers";

/**
 * /admin/emails, the email outbox (docs/email.md, "Dead letters"). The e2e server has no
 * email provider (scripts/e2e-server.mjs), so every message is logged: the page says so,
 * and there are no dead letters (the Retry route is covered by
 * tests/integration/email-off-request-path.test.ts). axe reads the page at both sizes in
 * e2e/every-page.spec.ts.
 */
const USERNAME = process.env.E2E_ADMIN_USERNAME ?? "e2e-admin";
const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";

test("signed out: the page sends the visitor to sign-in and Retry answers 401", async ({ request }) => {
  const page = await request.get("/admin/emails", { maxRedirects: 0 });
  expect(page.status()).toBe(307);
  expect(new URL(page.headers().location ?? "", "http://x").searchParams.get("callbackUrl")).toBe("/admin/emails");
  const retry = await request.post("/api/admin/emails/retry", { data: { id: "00000000-0000-4000-8000-000000000000" } });
  expect(retry.status()).toBe(401);
});

test("signed in: counts, the delivery notice and the dead letters, no sideways scroll on a phone or a desktop", async ({ page }) => {
  await page.goto("/admin/emails");
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.getByLabel("Username").fill(USERNAME);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/emails$/);

  await expect(page.getByRole("heading", { name: "Email outbox", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Email outbox" })).toHaveAttribute("aria-current", "page");
  for (const [id, label] of [
    ["outbox-queued", "Queued"],
    ["outbox-retrying", "Retry scheduled"],
    ["outbox-dead", "Dead letters"],
  ] as const) {
    await expect(page.getByTestId(id)).toContainText(new RegExp(`${label}\\s*\\d+`));
  }
  await expect(page.getByTestId("delivery-off")).toContainText("not configured");
  await expect(page.getByTestId("outbox-dead")).toContainText("0");
  await expect(page.getByTestId("dead-letters-empty")).toBeVisible();

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expectNoHorizontalScroll(page);
  }
});
