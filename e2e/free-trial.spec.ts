import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, openSignInLinkFromMailbox, toast, uniqueEmail } from "./helpers";

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
    // The first step is the watchlist (docs/experience.md, "The first minutes").
    await expect(welcome.getByRole("link", { name: "Open your watchlist" })).toHaveAttribute("href", "/watchlist");
    await expect(welcome.getByRole("link", { name: "Watch the Demo" })).toHaveAttribute("href", "/demo");
    await expect(welcome.getByRole("link", { name: "View Market Alerts" })).toHaveAttribute("href", "/alerts?view=market");
    await expect(toast(page)).toContainText("Free Trial Activated");
    await expectNoSeriousA11yViolations(page);
  });

  test("a second trial for the same email offers a sign-in link, which arrives in the mailbox", async ({ page }) => {
    const email = uniqueEmail("twice");
    await page.goto("/free-trial");
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(page.getByTestId("trial-welcome")).toBeVisible();

    // Back again with the same email.
    await page.goto("/free-trial");
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByLabel("Email address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Start My Free Trial" }).click();
    const notice = page.getByTestId("trial-account-notice");
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("heading", { name: "You already have a TariffWatch account with this email" })).toBeFocused();
    await expect(page.getByText("Registration Failed")).toHaveCount(0);
    await expect(page.getByTestId("free-trial-form")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue(email.toUpperCase());
    await expectNoSeriousA11yViolations(page);

    await notice.getByRole("button", { name: "Email me a sign-in link" }).click();
    const sent = page.getByTestId("trial-sign-in-sent");
    await expect(sent).toBeVisible();
    await expect(sent).toContainText("Check your inbox");
    await expect(sent).toContainText("a sign-in link is on its way");
    await expect(sent).toBeFocused();

    await openSignInLinkFromMailbox(page, email, { exactlyOne: true });
    // A sign-in lands on the watchlist (docs/accounts.md, "Signing in").
    await expect(page).toHaveURL(/\/watchlist$/);
  });

  test("other failures keep the spec's Registration Failed toast with the server's message", async ({ page }) => {
    await page.goto("/free-trial");
    await page.route("**/api/free-trial", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ message: "Too many requests. Please wait 20 seconds and try again." }) }),
    );
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByLabel("Email address").fill(uniqueEmail("limited"));
    await page.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(toast(page)).toContainText("Registration Failed");
    await expect(toast(page)).toContainText("Too many requests. Please wait 20 seconds and try again.");
    await expect(page.getByTestId("trial-account-notice")).toHaveCount(0);
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
});
