import { expect, test } from "@playwright/test";
import { toast, uniqueEmail } from "./helpers";

test.describe("landing page", () => {
  test("has every section and anchor the spec names", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const id of [
      "market-urgency",
      "competitive-advantage",
      "stats",
      "features",
      "how-it-works",
      "testimonials",
      "pricing",
      "newsletter",
      "faq",
      "contact",
    ]) {
      await expect(page.locator(`#${id}`), `#${id}`).toHaveCount(1);
    }
    await expect(page.getByTestId("sample-dashboard")).toBeVisible();
  });

  test("sends every link and button where the spec says", async ({ page }) => {
    await page.goto("/");
    const expectHref = async (name: string | RegExp, href: string) => {
      const links = page.getByRole("link", { name });
      expect(await links.count(), `link ${name}`).toBeGreaterThan(0);
      for (const link of await links.all()) await expect(link, `link ${name}`).toHaveAttribute("href", href);
    };
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Market Alerts" })).toHaveAttribute("href", "/alerts?view=market");
    await expect(nav.getByRole("link", { name: "Features" })).toHaveAttribute("href", "/#features");
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/#pricing");
    await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/#contact");
    await expectHref("Calculate My Savings", "/calculator");
    await expectHref("Calculate Impact", "/calculator");
    await expectHref("Watch Demo", "/demo");
    await expectHref(/3 Example Alerts/, "/demo");
    await expectHref(/Find Alternatives/, "/demo");
    await expectHref("Protect Your Budget Now", "/free-trial");
    await expect(page.getByTestId("plan-button-free-trial")).toHaveAttribute("href", "/free-trial");
    await expect(page.getByTestId("plan-button-consumer")).toHaveAttribute("href", "/checkout-paypal-primary");
    await expect(page.getByTestId("plan-button-professional")).toHaveAttribute("href", "/checkout-professional-paypal");
    await expect(page.getByTestId("plan-button-pro-alerts")).toHaveAttribute("href", "/checkout");
    // One call to action per plan (docs/experience.md "Checkout: no dead ends"): the second "Pay Now" button is gone.
    for (const id of ["free-trial", "consumer", "professional", "pro-alerts"]) {
      await expect(page.getByTestId(`plan-${id}`).getByRole("link")).toHaveCount(1);
    }
    await expect(page.getByTestId("pricing-cancel-link")).toHaveAttribute("href", "/account");
    await expectHref(/All six sample stories/, "/testimonials");
    for (const testId of ["find-stores-link", "follow-us-link"]) {
      const link = page.getByTestId(testId);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }
    await expect(page.getByTestId("find-stores-link")).toHaveAttribute("href", /coffee\+roasters/);
  });

  test("in-page anchors scroll to their sections", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(page.locator("#pricing")).toBeInViewport();
  });

  test("/pricing lands on the plans, shown before the page's scripts have run", async ({ page }) => {
    // The scripts are held back: the section the address points at must not wait for the
    // scroll-reveal script (it used to stay transparent, an empty screen, until then).
    await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.goto("/pricing", { waitUntil: "commit" });
    await expect(page).toHaveURL(/\/#pricing$/);
    const pricing = page.locator("#pricing");
    await expect(pricing).toBeInViewport();
    expect(await pricing.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await expect(page.getByTestId("plan-consumer")).toContainText("Consumer Plan");
  });

  test("shows the three plans with prices from the catalog", async ({ page }) => {
    await page.goto("/");
    const pricing = page.locator("#pricing");
    await expect(page.getByTestId("plan-free-trial")).toContainText("Free Trial");
    await expect(page.getByTestId("plan-price-free-trial")).toHaveText("$0");
    await expect(page.getByTestId("plan-consumer")).toContainText("Consumer Plan");
    await expect(page.getByTestId("plan-consumer")).toContainText("Most Popular");
    await expect(page.getByTestId("plan-price-consumer")).toHaveText("$10");
    await expect(page.getByTestId("plan-professional")).toContainText("Professional Plan");
    await expect(page.getByTestId("plan-price-professional")).toHaveText("$35");
    await expect(pricing).not.toContainText("29.99");
    // No "Limited-time price" badge: no offer has an end date (docs/experience.md "Checkout: no dead ends").
    await expect(pricing).not.toContainText("Limited-time");
    // Pro Alerts, with what it adds over Professional.
    await expect(page.getByTestId("plan-pro-alerts")).toContainText("Everything in Professional Plan, plus:");
    await expect(page.getByTestId("plan-pro-alerts")).toContainText("Up to 25 instant alerts a day (Professional: 10)");
    await expect(page.getByTestId("plan-price-pro-alerts")).toHaveText("$49");
  });

  test("the FAQ names the payment methods", async ({ page }) => {
    await page.goto("/");
    const faq = page.locator("#faq");
    const answer = faq.getByText(/through Stripe, our card payment provider, as well as PayPal/);
    await expect(answer).toBeHidden();
    await faq.locator("summary", { hasText: "Which payment methods do you accept?" }).click();
    await expect(answer).toBeVisible();
    await expect(answer).toContainText(/Venmo|Cash App|Zelle/);
    // Keyboard: Enter on the question closes it again.
    await faq.locator("summary", { hasText: "Which payment methods do you accept?" }).press("Enter");
    await expect(answer).toBeHidden();
  });

  test("sections fade in once when scrolled into view and stay shown", async ({ page }) => {
    await page.goto("/");
    const faq = page.locator("#faq");
    await expect(faq).not.toHaveAttribute("data-revealed", /.*/);
    await faq.scrollIntoViewIfNeeded();
    await expect(faq).toHaveAttribute("data-revealed", /.*/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(faq).toHaveAttribute("data-revealed", /.*/);
  });

  test("shows every section at once to visitors who prefer reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("#faq")).toHaveCSS("opacity", "1");
    await context.close();
  });

  test("newsletter: subscribes, updates the live count, and refuses a duplicate", async ({ page }) => {
    await page.goto("/");
    const activeUsers = page.getByTestId("active-users");
    await expect(activeUsers).toHaveAttribute("data-source", "live");
    const before = Number(await activeUsers.getAttribute("data-value"));

    const email = uniqueEmail("landing");
    const form = page.getByTestId("newsletter-form");
    await form.getByPlaceholder("Enter your email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page)).toHaveCount(1);
    await expect(toast(page)).toContainText("Welcome to TariffWatch! 🎉");
    await expect(form.getByPlaceholder("Enter your email address")).toHaveValue("");
    await expect(activeUsers).toHaveAttribute("data-value", String(before + 1));

    await form.getByPlaceholder("Enter your email address").fill(email.toUpperCase());
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page)).toHaveCount(1);
    await expect(toast(page)).toContainText("Subscription Failed");
    await expect(toast(page)).toContainText("already subscribed");
  });

  test("newsletter: shows the field message for an invalid email without calling the server", async ({ page }) => {
    await page.goto("/");
    let called = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/newsletter") && r.method() === "POST") called = true;
    });
    const form = page.getByTestId("newsletter-form");
    await form.getByPlaceholder("Enter your email address").fill("not-an-email");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("newsletter-email-error")).toHaveText("Please enter a valid email address");
    expect(called).toBe(false);
  });

  test("newsletter: shows 'Subscribing...' while the call is pending", async ({ page }) => {
    await page.goto("/");
    await page.route("**/api/newsletter", async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const form = page.getByTestId("newsletter-form");
    await form.getByPlaceholder("Enter your email address").fill(uniqueEmail("pending"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    await expect(toast(page)).toContainText("Welcome to TariffWatch! 🎉");
  });

  test("the subscriber count shows no made-up number when it cannot be read", async ({ page }) => {
    await page.route("**/api/newsletter/stats", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.route("**/api/stats", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto("/");
    await expect(page.getByTestId("active-users")).toHaveAttribute("data-source", "unavailable");
    await expect(page.getByTestId("active-users")).toContainText("—");
    await expect(page.getByTestId("stat-alerts-sent")).toHaveAttribute("data-source", "unavailable");
    await expect(page.locator("#stats")).not.toContainText("50,000");
  });

  test("the hero dashboard shows engine-computed examples, labelled, with inputs and working", async ({ page }) => {
    await page.goto("/");
    const dashboard = page.getByTestId("sample-dashboard");
    await expect(dashboard.getByTestId("examples-label")).toHaveText("Examples computed by our engine on a fixed reference basket");
    const examples = dashboard.getByTestId("reference-example");
    await expect(examples).toHaveCount(3);
    // Men's leather shoes made in Vietnam: research B4 / B9 figures on the $120 example price.
    const shoes = examples.filter({ hasText: "Men's leather shoes, made in Vietnam" });
    await expect(shoes).toContainText("HTS 6403.99.60");
    await expect(shoes.getByTestId("example-price")).toHaveText("$120.00 example price");
    await expect(shoes.getByTestId("example-duty")).toContainText("18.5%");
    await expect(shoes.getByTestId("example-duty")).toContainText("21.0%");
    await expect(shoes.getByTestId("example-duty")).toContainText("landed cost +2.11%");
    await expect(shoes.getByTestId("example-band")).toContainText("+0.37% / +0.75% / +2.11%");
    await expect(shoes.getByTestId("example-band")).toContainText("+$0.45 / +$0.90 / +$2.53");
    // The forced-labor tiers are read from the final action (FR 2026-15181): no "unconfirmed" mark.
    await expect(shoes).not.toContainText("unconfirmed");
    await expect(dashboard.getByTestId("examples-data-as-of")).toContainText("HTS 2026 Rev 10 (2026-06-08)");
    // None of the invented products, brands or prices of the old sample dashboard.
    const invented = ["Headphones", "Ground Coffee", "Sneakers", "Cookware", "LED Light Bulbs", "$79.99", "roaster", "refurbished"];
    for (const text of invented) await expect(dashboard).not.toContainText(text);
    // The working is on /examples: every figure with its formula and the sources with links.
    await shoes.getByTestId("example-working-link").click();
    await expect(page).toHaveURL(/\/examples#/);
    const detail = page.getByTestId("example-detail").filter({ hasText: "Men's leather shoes, made in Vietnam" });
    const working = detail.getByTestId("example-working");
    await expect(working).toContainText("(1 + 21%) / (1 + 18.5%) − 1 = +2.110%");
    await expect(working).toContainText("not a market price");
    await expect(working.getByRole("list", { name: "Sources" }).getByRole("link").first()).toHaveAttribute("href", /^https:\/\//);
    // The whole basket's table lives on /examples (the landing links it: its size budget).
    for (const text of invented) await expect(page.locator("#examples")).not.toContainText(text);
  });

  test("the examples section lists the whole basket, each row with its working", async ({ page }) => {
    await page.goto("/");
    // The table moved from the landing page to /examples (the landing's 120 kB budget, docs/performance.md).
    await page.getByTestId("all-examples-link").click();
    await expect(page).toHaveURL(/\/examples$/);
    const rows = page.getByTestId("reference-example-row");
    await expect(rows).toHaveCount(6);
    for (const row of await rows.all()) {
      await expect(row).toContainText("example price");
      await expect(row.getByTestId("example-working-link")).toHaveAttribute("href", /^\/examples#/);
    }
    await expect(rows.filter({ hasText: "Upholstered sofa" })).toContainText("no change");
    await expect(page.getByTestId("examples-omitted")).toHaveCount(0);
  });

  test("the stats are figures the product measures, with the data's dates", async ({ page, request }) => {
    await page.goto("/");
    const stats = page.locator("#stats");
    await expect(page.getByTestId("active-users")).toHaveAttribute("data-source", "live");
    await expect(page.getByTestId("stat-alerts-sent")).toHaveAttribute("data-source", "live");
    for (const id of ["stat-measures", "stat-categories", "stat-hts-lines"]) {
      expect(Number(await page.getByTestId(id).getAttribute("data-value")), id).toBeGreaterThan(0);
    }
    await expect(stats).toContainText("Tariff measures tracked");
    await expect(stats).toContainText("Alerts sent, last 30 days");
    await expect(page.getByTestId("data-as-of")).toContainText("HTS 2026 Rev 10 (2026-06-08)");
    await expect(page.getByTestId("data-as-of")).toContainText("measures table v");
    await expect(page.getByTestId("economic-as-of")).toHaveAttribute("data-source", "live");
    // The month the CPI figures describe and when they reached us; months-old figures are never "live" (docs/economy.md, "Freshness").
    await expect(page.getByTestId("economic-as-of")).toHaveText(
      /^CPI for [A-Z][a-z]+ 20\d\d, (?:fetched [A-Z][a-z]{2} \d{1,2}, 20\d\d from the BLS API|from the offline snapshot shipped with the site, stored [A-Z][a-z]{2} \d{1,2}, 20\d\d) · (?:sources last checked [A-Z][a-z]{2} \d{1,2}, 20\d\d|not checked with the sources yet)$/,
    );
    for (const figure of ["$2.4M", "98%", "$1,847", "50,000", "4.9/5", "89%", "highest since 1935", "$2,100", "49%"]) {
      await expect(page.locator("body")).not.toContainText(figure);
    }
    // Tariff facts name their source and date.
    await expect(page.getByTestId("tariff-facts-source")).toContainText("The Budget Lab at Yale");
    await expect(page.getByTestId("tariff-facts-source")).toContainText("series through 2026-03-26");

    const res = await request.get("/api/stats");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("public, s-maxage=60");
    const body = (await res.json()) as { alertsSent30d: number; economicData: object };
    expect(Number.isInteger(body.alertsSent30d)).toBe(true);
    expect(body.alertsSent30d).toBeGreaterThanOrEqual(0);
  });

  test("pricing cards list only features the plans grant", async ({ page }) => {
    await page.goto("/");
    const pricing = page.locator("#pricing");
    for (const retired of ["Mobile access", "Advanced analytics", "White-label", "Fastest alert delivery"]) {
      await expect(pricing).not.toContainText(retired);
    }
    await expect(page.getByTestId("plan-consumer")).toContainText("Lower-tariff source finder");
    await expect(page.getByTestId("plan-professional")).toContainText("CSV export");
  });
});
