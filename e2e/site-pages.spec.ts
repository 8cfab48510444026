import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers";

test.describe("pricing redirect", () => {
  test("lands on the pricing section of the landing page", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator("#pricing")).toBeInViewport();
  });

  test("says it is redirecting and offers a manual link, without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.request.get("/pricing");
    const html = await response.text();
    expect(html).toContain("Redirecting to pricing...");
    expect(html).toMatch(/<meta http-equiv="refresh" content="0;url=\/#pricing"/);
    // A page that only sends the visitor on loads no script (a meta refresh waits for the whole
    // page), and names an icon that exists, so the browser asks for no missing /favicon.ico.
    expect(html).not.toContain("<script");
    const icon = html.match(/<link rel="icon" href="([^"]+)"/)?.[1] ?? "";
    expect((await page.request.get(icon)).status()).toBe(200);
    await page.goto("/pricing");
    await expect(page).toHaveURL(/\/#pricing$/);
    await context.close();
  });
});

test.describe("email preview", () => {
  test("shows the trial welcome email from the real template, with the delivery note and links", async ({ page }) => {
    await page.goto("/email-preview");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome email preview" })).toBeVisible();
    await expect(page.getByTestId("email-subject")).toHaveText("Your 7-day TariffWatch free trial has started");
    const frame = page.frameLocator('[data-testid="email-frame"]');
    await expect(frame.getByText("Welcome, Alex! Your free trial has started")).toBeVisible();
    await expect(frame.getByText(/No payment is needed/)).toBeVisible();
    // No developer text on a public page (docs/experience.md "404, /email-preview"): no variable names or server console.
    await expect(page.getByLabel("Delivery note")).toContainText("check your spam");
    await expect(page.locator("body")).not.toContainText("RESEND_API_KEY");
    await expect(page.locator("body")).not.toContainText("server console");
    await expect(page.getByRole("link", { name: "Watch the Demo" })).toHaveAttribute("href", "/demo");
    await expect(page.getByRole("link", { name: "View Market Alerts" })).toHaveAttribute("href", "/alerts?view=market");
  });
});

test.describe("legal pages", () => {
  for (const [path, title, mustMention] of [
    ["/privacy", "Privacy Policy", ["Unsubscribe", "Cancel", "Stripe", "support@"]],
    ["/terms", "Terms of Service", ["30-day money-back guarantee", "$10.00 per month", "Cancel", "support@"]],
  ] as const) {
    test(`${path} is a real page linked from the footer`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      for (const text of mustMention) await expect(page.getByRole("main")).toContainText(text);
    });
  }
});

test.describe("unknown routes", () => {
  test("answer 404 with 'Page Not Found', popular pages and a link home, no developer hint", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    // The router hint was developer text on a public page (docs/experience.md "404, /email-preview").
    await expect(page.locator("body")).not.toContainText("router");
    const popular = page.getByRole("navigation", { name: "Popular pages" });
    await expect(popular.getByRole("link", { name: "Tariff savings calculator" })).toHaveAttribute("href", "/calculator");
    await expect(popular.getByRole("link", { name: /Economic dashboard/ })).toHaveAttribute("href", "/alerts?view=market");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/this-page-does-not-exist");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("search-engine readiness", () => {
  for (const [path, canonical] of [
    ["/", "/"],
    ["/free-trial", "/free-trial"],
    ["/privacy", "/privacy"],
    ["/email-preview", "/email-preview"],
  ] as const) {
    test(`${path} has its title, description, canonical URL and social tags`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(/TariffWatch/);
      const meta = (selector: string) => page.locator(selector).first().getAttribute("content");
      expect(await meta('meta[name="description"]')).toBeTruthy();
      const canonicalHref = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonicalHref ?? "").pathname).toBe(canonical);
      expect(await meta('meta[property="og:title"]')).toContain("TariffWatch");
      expect(await meta('meta[property="og:description"]')).toBeTruthy();
      expect(await meta('meta[property="og:image"]')).toMatch(/opengraph-image/);
      expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    });
  }

  test("the Open Graph image is a generated PNG", async ({ request }) => {
    const response = await request.get("/opengraph-image");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect((await response.body()).subarray(1, 4).toString()).toBe("PNG");
  });

  test("sitemap.xml lists the public pages and nothing private", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    for (const path of ["/free-trial", "/calculator", "/testimonials", "/demo", "/alerts", "/duty", "/privacy", "/terms"]) {
      expect(xml).toContain(`${path}</loc>`);
    }
    expect(xml).not.toMatch(/admin|checkout|test-fixes|multimedia-test/);
  });

  test("robots.txt keeps crawlers out of admin, diagnostic and checkout pages", async ({ request }) => {
    const text = await (await request.get("/robots.txt")).text();
    for (const path of ["/admin", "/checkout", "/multimedia-test", "/test-fixes", "/api/"]) {
      expect(text).toContain(`Disallow: ${path}`);
    }
    expect(text).toMatch(/Sitemap: .*\/sitemap.xml/);
  });

  test("the landing page publishes the organisation, plans, e-book and FAQ as JSON-LD", async ({ page }) => {
    await page.goto("/");
    const raw = await page.locator('script[type="application/ld+json"]').first().textContent();
    const items = JSON.parse(raw ?? "[]") as { "@type": string; offers?: unknown; mainEntity?: unknown[] }[];
    const types = items.map((i) => i["@type"]);
    expect(types).toEqual(expect.arrayContaining(["Organization", "Product", "Book", "FAQPage"]));
    const product = items.find((i) => i["@type"] === "Product") as { offers: { name: string; price: string }[] };
    expect(product.offers.map((o) => [o.name, o.price])).toEqual([
      ["Free Trial", "0.00"],
      ["Consumer Plan", "10.00"],
      ["Professional Plan", "35.00"],
    ]);
    const book = items.find((i) => i["@type"] === "Book") as { offers: { price: string } };
    expect(book.offers.price).toBe("4.99");
    const faq = items.find((i) => i["@type"] === "FAQPage");
    expect(faq?.mainEntity?.length).toBeGreaterThanOrEqual(5);
  });
});
