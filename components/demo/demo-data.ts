/**
 * The demo's timing and sample content (docs/product-rules.md §2, §4, §9). Everything here is
 * example data and the page labels it so. Shelf prices are in US dollars; they are
 * product prices, not plan prices, so the price catalog does not own them.
 *
 * Kept free of imports so the browser tests can read DEMO_STEP_MS too.
 */

/** Autoplay moves to the next step every 4 seconds (docs/product-rules.md §9). */
export const DEMO_STEP_MS = 4000;

export const DEMO_STEP_TITLES = [
  "Real-Time Tariff Alert",
  "Alternative Product Discovery",
  "Market Intelligence Report",
  "Personal Dashboard",
] as const;

/**
 * The product the demo's story follows. Made-up example content of the /demo walkthrough
 * only (the page labels it so); the landing page and the alerts table show the engine's
 * reference examples instead (lib/alerts/reference-basket.ts).
 */
export type DemoAlert = {
  productName: string;
  category: string;
  /** Dollars. */
  currentPrice: number;
  newPrice: number;
  /** Percent, e.g. 25 for +25%. */
  tariffIncrease: number;
  alternativePrice: number;
  severity: "high" | "medium" | "low";
};

export const DEMO_ALERT: DemoAlert = {
  productName: "Wireless Noise-Cancelling Headphones",
  category: "Electronics",
  currentPrice: 79.99,
  newPrice: 99.99,
  tariffIncrease: 25,
  alternativePrice: 64.99,
  severity: "high",
};

export type DemoAlternative = {
  name: string;
  detail: string;
  /** Dollars. */
  price: number;
  /** What "Find Retailer" searches the web for. */
  searchQuery: string;
};

/** Alternatives to the step-1 alert's product (DEMO_ALERT, the headphones). */
export const DEMO_ALTERNATIVES: readonly DemoAlternative[] = [
  {
    name: "Certified refurbished model, same brand",
    detail: "Factory-refurbished, 1-year warranty, no new import tariff",
    price: 64.99,
    searchQuery: "certified refurbished wireless noise cancelling headphones",
  },
  {
    name: "Previous-generation model, same brand",
    detail: "Already in US warehouses at the old price",
    price: 69.99,
    searchQuery: "previous generation wireless noise cancelling headphones",
  },
  {
    name: "Over-ear headphones assembled in Mexico",
    detail: "USMCA-qualifying, exempt from the new tariff",
    price: 74.99,
    searchQuery: "USMCA made in Mexico wireless noise cancelling headphones",
  },
];

/** A web search for a product, opened by "Find Retailer". */
export function retailerSearchUrl(query: string): string {
  return `https://www.google.com/search?${new URLSearchParams({ q: `${query} retailer` }).toString()}`;
}

export type MarketLine = { category: string; change: string; note: string; direction: "up" | "down" | "flat" };

export const DEMO_MARKET_REPORT: readonly MarketLine[] = [
  { category: "Electronics", change: "+4.2%", note: "Import prices this month; a 25% tariff on headphones and speakers starts in 14 days", direction: "up" },
  { category: "Coffee & groceries", change: "+19%", note: "Imported coffee since January; local roasters holding prices", direction: "up" },
  { category: "Home & kitchen", change: "+20%", note: "Steel and aluminum cookware; US-made sets now cheaper", direction: "up" },
  { category: "Apparel & shoes", change: "+0.3%", note: "Flat for now; new stock usually reprices in 30 to 90 days", direction: "flat" },
];

export const DEMO_BUY_NOW = [
  "Cookware and small kitchen appliances, before new stock arrives",
  "Back-to-school electronics, while retailers sell older inventory",
];

export const DEMO_CAN_WAIT = ["Furniture: domestic makers have absorbed the increase so far", "Bulk pantry items with US suppliers"];

export type DashboardStat = { label: string; value: string; tone: "neutral" | "saving" | "alert" };

export const DEMO_DASHBOARD_STATS: readonly DashboardStat[] = [
  { label: "Products watched", value: "24", tone: "neutral" },
  { label: "Active alerts", value: "3", tone: "alert" },
  { label: "Saved this month", value: "$86.40", tone: "saving" },
  { label: "Saved this year", value: "$1,124.50", tone: "saving" },
];

export type WatchedCategory = {
  name: string;
  products: number;
  status: string;
  /** increase: red, saving: green, none: grey. */
  tone: "increase" | "saving" | "none";
};

export const DEMO_WATCHED_CATEGORIES: readonly WatchedCategory[] = [
  { name: "Electronics", products: 7, status: "Price increase in 14 days", tone: "increase" },
  { name: "Groceries", products: 9, status: "Cheaper alternative found", tone: "saving" },
  { name: "Apparel & shoes", products: 5, status: "Price increase expected", tone: "increase" },
  { name: "Home & kitchen", products: 3, status: "No changes this week", tone: "none" },
];
