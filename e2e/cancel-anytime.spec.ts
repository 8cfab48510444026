import { expect, test } from "@playwright/test";

/** Every "Cancel anytime" leads to the self-service cancel in /account (docs/accounts.md). */
test.describe('"Cancel anytime"', () => {
  for (const [path, name] of [
    ["/", "Cancel anytime"],
    ["/#pricing", "Cancel anytime from your account"],
    ["/testimonials", "Cancel anytime"],
    ["/free-trial", "Cancel anytime from your account"],
  ] as const) {
    test(`on ${path} links to /account`, async ({ page }) => {
      await page.goto(path);
      const links = page.getByRole("main").getByRole("link", { name, exact: true });
      expect(await links.count()).toBeGreaterThan(0);
      for (const link of await links.all()) await expect(link).toHaveAttribute("href", "/account");
    });
  }

  test("the FAQ's 'Can I cancel anytime?' answer links to /account", async ({ page }) => {
    await page.goto("/#faq");
    const faq = page.getByTestId("faq");
    await faq.getByText("Can I cancel anytime?").click();
    await expect(faq.getByTestId("faq-link-cancel")).toBeVisible();
    await expect(faq.getByTestId("faq-link-cancel")).toHaveAttribute("href", "/account");
  });
});
