/**
 * The price catalog: the one module that owns every price, plan and product
 * (docs/product-rules.md §D1). Nothing else writes a price literal. Amounts are integer
 * cents; `formatPrice` turns them into text. Safe to import in the browser (display)
 * and on the server (which prices every charge from here).
 */

export const CURRENCY = "USD" as const;
export const TRIAL_DAYS = 7;

export type PlanId = "free-trial" | "consumer" | "professional" | "pro-alerts";

export type Plan = {
  id: PlanId;
  name: string;
  /** Price per billing period, in cents. */
  amountCents: number;
  interval: "month" | null;
  /** Short line under the price, e.g. "per month". */
  period: string;
  tagline: string;
  /**
   * What the card lists: only what lib/entitlements grants this plan (docs/product-rules.md §D9;
   * tests/unit/pricing-entitlements.test.ts maps every line to an entitlement).
   */
  features: readonly string[];
  /** Where the plan's main button goes. */
  checkoutPath: string;
  mostPopular?: boolean;
};

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  "free-trial": {
    id: "free-trial",
    name: "Free Trial",
    amountCents: 0,
    interval: null,
    period: `${TRIAL_DAYS} days`,
    tagline: "Try every basic alert with no card",
    features: ["3 product categories", "Basic tariff alerts (daily or weekly digest)", "Email notifications", "Weekly market report"],
    checkoutPath: "/free-trial",
  },
  consumer: {
    id: "consumer",
    name: "Consumer Plan",
    amountCents: 1000,
    interval: "month",
    period: "per month",
    tagline: "For households protecting their budget",
    features: [
      "Unlimited product categories",
      "Real-time tariff alerts by email",
      "Lower-tariff source finder",
      "Dollar impact on your own items",
      "Official CPI figures beside each projection",
      "Email alerts (SMS when configured)",
      "Weekly market report",
    ],
    checkoutPath: "/checkout-paypal-primary",
    mostPopular: true,
  },
  professional: {
    id: "professional",
    name: "Professional Plan",
    amountCents: 3500,
    interval: "month",
    period: "per month",
    tagline: "For small businesses and power users",
    features: ["Everything in Consumer", "Custom alert thresholds", "CSV export", "API access", "Priority support"],
    checkoutPath: "/checkout-professional-paypal",
  },
  "pro-alerts": {
    id: "pro-alerts",
    name: "Pro Alerts",
    amountCents: 4900,
    interval: "month",
    period: "per month",
    tagline: "Pro-grade alerting",
    features: ["Everything in Professional", "Up to 25 instant alerts a day (Professional: 10)"],
    checkoutPath: "/checkout",
  },
};

/** The three plans shown on the landing page, in order. */
export const LANDING_PLANS: readonly Plan[] = [PLANS["free-trial"], PLANS.consumer, PLANS.professional];

export type ProductId = "ebook" | "test-payment";

export type Product = {
  id: ProductId;
  name: string;
  amountCents: number;
  processingFeeCents: number;
};

export const PRODUCTS: Readonly<Record<ProductId, Product>> = {
  ebook: { id: "ebook", name: "Tariff Survival Guide (e-book)", amountCents: 499, processingFeeCents: 0 },
  "test-payment": { id: "test-payment", name: "Test payment", amountCents: 100, processingFeeCents: 0 },
};

/** Plan tags the checkout pages send (docs/product-rules.md §3). */
export const PLAN_TAGS = [
  "pro",
  "consumer",
  "test",
  "consumer-debug",
  "consumer-simple-card",
  "consumer-enhanced",
  "consumer-paypal-primary",
  "consumer-ultimate-card",
  "professional",
] as const;
export type PlanTag = (typeof PLAN_TAGS)[number];

export type Chargeable =
  | { kind: "subscription"; plan: Plan }
  | { kind: "one-time"; product: Product };

/**
 * What a plan tag buys: `pro` = Pro Alerts; `professional` = Professional; `consumer` and
 * every `consumer-*` tag = Consumer; `test` = the $1 test payment. Unknown tags give null.
 */
export function chargeableForTag(tag: string): Chargeable | null {
  if (tag === "pro") return { kind: "subscription", plan: PLANS["pro-alerts"] };
  if (tag === "professional") return { kind: "subscription", plan: PLANS.professional };
  if (tag === "test") return { kind: "one-time", product: PRODUCTS["test-payment"] };
  if (tag === "consumer" || ((PLAN_TAGS as readonly string[]).includes(tag) && tag.startsWith("consumer-"))) {
    return { kind: "subscription", plan: PLANS.consumer };
  }
  return null;
}

export function amountCentsOf(item: Chargeable): number {
  return item.kind === "subscription" ? item.plan.amountCents : item.product.amountCents + item.product.processingFeeCents;
}

/** Dollars (as sent by a browser) to integer cents; null when not a valid money amount. */
export function dollarsToCents(value: number | string): number | null {
  const n = typeof value === "string" ? Number(value.trim()) : value;
  if (!Number.isFinite(n) || n < 0) return null;
  const cents = Math.round(n * 100);
  // Refuse sub-cent amounts such as 10.001 instead of silently rounding them.
  if (Math.abs(cents - n * 100) > 1e-6) return null;
  return cents;
}

/** True when a browser-sent amount (dollars) is exactly the catalog price of the item. */
export function amountMatches(item: Chargeable, dollars: number | string): boolean {
  return dollarsToCents(dollars) === amountCentsOf(item);
}

let price: { whole: Intl.NumberFormat; cents: Intl.NumberFormat } | undefined;

/**
 * Created on first use, not when the module loads: a browser's first Intl formatter costs it
 * its locale data (about 15 ms; 60 ms at a phone's CPU), which a module loaded with a page
 * would add to the framework's start-up task (docs/performance.md "No Intl at start-up").
 */
function priceFormats(): { whole: Intl.NumberFormat; cents: Intl.NumberFormat } {
  return (price ??= {
    whole: new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY, minimumFractionDigits: 0, maximumFractionDigits: 2 }),
    cents: new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  });
}

/**
 * "$10", "$4.99", "$10.00" (with `cents: true`). Uses the locale's grouping
 * ("$6,000"); whole dollars drop ".00" unless asked for.
 */
export function formatPrice(cents: number, opts: { cents?: boolean } = {}): string {
  const whole = cents % 100 === 0;
  const formats = priceFormats();
  return (whole && !opts.cents ? formats.whole : formats.cents).format(cents / 100);
}
