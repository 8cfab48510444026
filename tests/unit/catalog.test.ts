import {
  amountMatches,
  chargeableForTag,
  dollarsToCents,
  formatPrice,
  LANDING_PLANS,
  PLAN_TAGS,
  PLANS,
  PRODUCTS,
} from "@/lib/catalog";

describe("price catalog", () => {
  it("holds the decided prices (docs/product-rules.md §D1)", () => {
    expect(PLANS.consumer.amountCents).toBe(1000);
    expect(PLANS.professional.amountCents).toBe(3500);
    expect(PLANS["pro-alerts"].amountCents).toBe(4900);
    expect(PLANS["free-trial"].amountCents).toBe(0);
    expect(PRODUCTS.ebook.amountCents).toBe(499);
    expect(PRODUCTS.ebook.processingFeeCents).toBe(0);
    expect(PRODUCTS["test-payment"].amountCents).toBe(100);
  });

  it("bills the paid plans monthly", () => {
    for (const id of ["consumer", "professional", "pro-alerts"] as const) expect(PLANS[id].interval).toBe("month");
  });

  it("shows Free Trial, Consumer and Professional on the landing page, Consumer as most popular", () => {
    expect(LANDING_PLANS.map((p) => p.name)).toEqual(["Free Trial", "Consumer Plan", "Professional Plan"]);
    expect(PLANS.consumer.mostPopular).toBe(true);
  });

  it("sends the plan buttons to their checkouts (docs/product-rules.md §2)", () => {
    expect(PLANS["free-trial"].checkoutPath).toBe("/free-trial");
    expect(PLANS.consumer.checkoutPath).toBe("/checkout-paypal-primary");
    expect(PLANS.professional.checkoutPath).toBe("/checkout-professional-paypal");
  });

  it.each([
    ["pro", 4900],
    ["consumer", 1000],
    ["consumer-debug", 1000],
    ["consumer-simple-card", 1000],
    ["consumer-enhanced", 1000],
    ["consumer-paypal-primary", 1000],
    ["consumer-ultimate-card", 1000],
    ["test", 100],
  ])("prices plan tag %s at %i cents", (tag, cents) => {
    const item = chargeableForTag(tag);
    expect(item).not.toBeNull();
    expect(item && (item.kind === "subscription" ? item.plan.amountCents : item.product.amountCents)).toBe(cents);
  });

  it("covers every plan tag of the spec", () => {
    for (const tag of PLAN_TAGS) expect(chargeableForTag(tag)).not.toBeNull();
  });

  it("refuses unknown tags, including made-up consumer-* ones", () => {
    expect(chargeableForTag("free")).toBeNull();
    expect(chargeableForTag("consumer-discount")).toBeNull();
    expect(chargeableForTag("")).toBeNull();
  });

  it("trusts no amount that disagrees with the catalog", () => {
    const consumer = chargeableForTag("consumer");
    expect(consumer).not.toBeNull();
    if (!consumer) return;
    expect(amountMatches(consumer, 10)).toBe(true);
    expect(amountMatches(consumer, "10.00")).toBe(true);
    expect(amountMatches(consumer, 1)).toBe(false);
    expect(amountMatches(consumer, 29.99)).toBe(false);
    expect(amountMatches(consumer, 10.001)).toBe(false);
    expect(amountMatches(consumer, -10)).toBe(false);
    expect(amountMatches(consumer, Number.NaN)).toBe(false);
  });

  it("converts dollars to cents without float surprises", () => {
    expect(dollarsToCents(4.99)).toBe(499);
    expect(dollarsToCents("0.10")).toBe(10);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents("abc")).toBeNull();
  });

  it("formats prices with the locale's grouping", () => {
    expect(formatPrice(1000)).toBe("$10");
    expect(formatPrice(1000, { cents: true })).toBe("$10.00");
    expect(formatPrice(499)).toBe("$4.99");
    expect(formatPrice(600000)).toBe("$6,000");
  });
});
