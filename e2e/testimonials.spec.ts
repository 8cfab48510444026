import { expect, test } from "@playwright/test";

/** "$3,200" -> 3200 */
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ""));

test.describe("testimonials page", () => {
  test("shows the header and labels the stories as samples, with no rating or member figures", async ({ page }) => {
    const response = await page.goto("/testimonials");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/TariffWatch/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/");
    await expect(page.getByRole("banner").getByText("TariffWatch")).toBeVisible();

    await expect(page.getByTestId("sample-notice")).toContainText("Illustrative sample stories");
    // The spec's rating banner and four stats were never measured (docs/product-rules.md §D9).
    await expect(page.getByTestId("rating-banner")).toHaveCount(0);
    for (const figure of ["4.9/5", "50,000+", "$2.4M", "89%", "$1,847"]) {
      await expect(page.locator("body")).not.toContainText(figure);
    }
  });

  test("shows six complete testimonial cards whose breakdowns add up", async ({ page }) => {
    await page.goto("/testimonials");
    const cards = page.getByTestId("testimonial-card");
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      await expect(card.getByTestId("testimonial-avatar")).toHaveText(/^[A-Z]{2}$/);
      await expect(card.getByRole("heading", { level: 3 })).not.toBeEmpty();
      await expect(card.getByTestId("testimonial-savings")).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
      await expect(card.getByTestId("testimonial-period")).toHaveText(/^saved (per year|in \d+ months)$/);
      await expect(card.getByTestId("testimonial-category")).not.toBeEmpty();
      await expect(card.locator("blockquote")).toHaveText(/^“.{40,}”$/s);
      const amounts = await card.getByTestId("testimonial-details").locator("li > span:last-child").allInnerTexts();
      expect(amounts.length).toBeGreaterThanOrEqual(2);
      const total = dollars(await card.getByTestId("testimonial-savings").innerText());
      expect(amounts.map(dollars).reduce((a, b) => a + b, 0)).toBe(total);
    }
    const first = cards.first();
    await expect(first.getByRole("heading", { name: "David Chen" })).toBeVisible();
    await expect(first).toContainText("Columbus, OH");
    await expect(first.getByTestId("testimonial-avatar")).toHaveText("DC");
    await expect(first.getByTestId("testimonial-savings")).toHaveText("$3,200");
    await expect(first.getByTestId("testimonial-period")).toHaveText("saved per year");
    await expect(first.getByTestId("testimonial-category")).toHaveText("Small Business");
    for (const category of ["Family of 4", "Retiree"]) {
      await expect(page.getByTestId("testimonial-category").filter({ hasText: category })).toHaveCount(1);
    }
    await expect(page.getByTestId("stories-disclaimer")).toContainText("Illustrative sample stories");
  });

  test("links the call to action to the calculator and the free trial", async ({ page }) => {
    await page.goto("/testimonials");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Calculate My Savings" })).toHaveAttribute("href", "/calculator");
    await expect(main.getByRole("link", { name: "Start 7-Day Free Trial" })).toHaveAttribute("href", "/free-trial");
  });

  test("ends with the trust footer", async ({ page }) => {
    await page.goto("/testimonials");
    const trust = page.getByTestId("trust-footer");
    await expect(trust).toContainText(/Licensed by .+/);
    await expect(trust).toContainText("Government data sources");
    await expect(trust).toContainText("No long-term contracts");
    await expect(trust).toContainText("Cancel anytime");
    await expect(trust.getByRole("link", { name: "Cancel anytime" })).toHaveAttribute("href", "/account");
  });

  test("a sample person has the same city and savings on every page that shows them", async ({ page }) => {
    await page.goto("/testimonials");
    const stories = new Map<string, { location: string; savings: string }>();
    for (const card of await page.getByTestId("testimonial-card").all()) {
      const name = await card.getByRole("heading", { level: 3 }).innerText();
      const location = (await card.locator("p").filter({ hasText: /, [A-Z]{2}$/ }).first().innerText()).trim();
      const savings = `${await card.getByTestId("testimonial-savings").innerText()} ${await card.getByTestId("testimonial-period").innerText()}`;
      stories.set(name, { location, savings });
    }
    expect(stories.size).toBe(6);

    // /free-trial: one story, labelled, no stars, same person, place and savings.
    await page.goto("/free-trial");
    const quote = page.getByTestId("story-quote");
    await expect(quote.getByTestId("illustrative-label")).toHaveText("Illustrative sample story");
    await expect(page.getByRole("img", { name: /Rated/ })).toHaveCount(0);
    const caption = await quote.locator("figcaption").innerText();
    const person = [...stories.keys()].find((name) => caption.includes(name));
    expect(person, `free-trial story by one of ${[...stories.keys()].join(", ")}`).toBeDefined();
    expect(caption).toContain(stories.get(person!)!.location);
    await expect(quote.getByTestId("story-savings")).toHaveText(stories.get(person!)!.savings);

    // The e-book purchase page: reader stories by the same people, in the same cities.
    await page.goto("/checkout-ebook-paypal");
    const reviews = page.getByTestId("ebook-reviews").locator("figcaption");
    await expect(reviews).toHaveCount(2);
    for (const text of await reviews.allInnerTexts()) {
      const name = [...stories.keys()].find((n) => text.includes(n));
      expect(name, `"${text}" is one of the sample people`).toBeDefined();
      expect(text).toContain(stories.get(name!)!.location);
    }
    await expect(page.getByTestId("ebook-reviews").getByTestId("illustrative-label")).toHaveCount(2);
  });
});
