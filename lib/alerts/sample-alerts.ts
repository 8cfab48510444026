/**
 * Sample product alerts: shown on the landing page's "Sample alert dashboard" and used
 * by the lead's database seed (alerts table). These are illustrative shelf prices of
 * everyday products, not plan prices, so they live here rather than in lib/catalog.
 * Prices are in US dollars; `tariffIncrease` is the percent price rise blamed on tariffs.
 */

export type AlertSeverity = "high" | "medium" | "low";

export type SampleAlert = {
  productName: string;
  category: string;
  /** Shelf price before the tariff pass-through, in dollars (e.g. 12.99). */
  currentPrice: number;
  /** Expected shelf price after the tariff pass-through, in dollars. */
  newPrice: number;
  /** Percent increase, e.g. 19 for +19%. */
  tariffIncrease: number;
  /** A cheaper domestic or untariffed alternative. */
  alternativeFound: string;
  /** The alternative's price, in dollars. */
  alternativePrice: number;
  severity: AlertSeverity;
};

export const SAMPLE_ALERTS: readonly SampleAlert[] = [
  {
    productName: "Wireless Noise-Cancelling Headphones",
    category: "Electronics",
    currentPrice: 79.99,
    newPrice: 99.99,
    tariffIncrease: 25,
    alternativeFound: "Certified refurbished model, same brand",
    alternativePrice: 64.99,
    severity: "high",
  },
  {
    productName: "Ground Coffee, 12 oz",
    category: "Groceries",
    currentPrice: 12.99,
    newPrice: 15.49,
    tariffIncrease: 19,
    alternativeFound: "Local roaster whole-bean coffee, 12 oz",
    alternativePrice: 13.49,
    severity: "medium",
  },
  {
    productName: "Kids' Running Sneakers",
    category: "Apparel & Shoes",
    currentPrice: 54.99,
    newPrice: 64.99,
    tariffIncrease: 18,
    alternativeFound: "US-brand sneakers made in USMCA countries",
    alternativePrice: 49.99,
    severity: "medium",
  },
  {
    productName: "Stainless Steel Cookware Set, 10 pc",
    category: "Home & Kitchen",
    currentPrice: 149.99,
    newPrice: 179.99,
    tariffIncrease: 20,
    alternativeFound: "American-made tri-ply 8 pc set",
    alternativePrice: 139.99,
    severity: "high",
  },
  {
    productName: "LED Light Bulbs, 4-pack",
    category: "Home Improvement",
    currentPrice: 9.99,
    newPrice: 10.79,
    tariffIncrease: 8,
    alternativeFound: "US-assembled LED bulbs, 4-pack",
    alternativePrice: 10.29,
    severity: "low",
  },
];
