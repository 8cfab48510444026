import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, toast, uniqueEmail } from "./helpers";

test.describe("free trial", () => {
  test("shows the spec's message under each field", async ({ page }) => {
    await page.goto("/free-trial");
    await page.getByLabel("First name").fill("A");
    await page.getByLabel("Last name").fill("B");
    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Last name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  });

  test("starts a trial and shows the welcome screen", async ({ page }) => {
    await page.goto("/free-trial");
    await page.route("**/api/free-trial", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByLabel("First name").fill("Jordan");
    await page.getByLabel("Last name").fill("Rivera");
    await page.getByLabel("Email address").fill(uniqueEmail("trial"));
    await page.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(page.getByRole("button", { name: "Starting Your Free Trial..." })).toBeDisabled();

    const welcome = page.getByTestId("trial-welcome");
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText("Welcome to TariffWatch, Jordan!");
    await expect(welcome).toContainText("7-day free trial is active");
    await expect(welcome).toContainText("ends in 7 days");
    const end = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    await expect(welcome).toContainText(String(end.getFullYear()));
    await expect(welcome).toContainText("No payment now");
    await expect(welcome).toContainText("reminder");
    await expect(welcome.getByRole("link", { name: "Watch the Demo" })).toHaveAttribute("href", "/demo");
    await expect(welcome.getByRole("link", { name: "View Live Alerts" })).toHaveAttribute("href", "/alerts");
    await expect(welcome.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(toast(page)).toContainText("Free Trial Activated");
    await expectNoSeriousA11yViolations(page);
  });

  test("a second trial for the same email fails with the server's message", async ({ page, request }) => {
    const email = uniqueEmail("twice");
    const first = await request.post("/api/free-trial", { data: { firstName: "Sam", lastName: "Lee", email } });
    expect(first.status()).toBe(201);

    await page.goto("/free-trial");
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(toast(page)).toContainText("Registration Failed");
    await expect(toast(page)).toContainText("already been started with this email");
    await expect(page.getByTestId("free-trial-form")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue(email);
  });

  test("a network failure gives the default failure message", async ({ page }) => {
    await page.goto("/free-trial");
    await page.route("**/api/free-trial", (route) => route.abort());
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByLabel("Email address").fill(uniqueEmail("offline"));
    await page.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(toast(page)).toContainText("Failed to start free trial. Please try again.");
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/free-trial");
    await expectNoSeriousA11yViolations(page);
  });
});
