/**
 * The demo's timing and titles (docs/product-rules.md §2, §4, §9). Its figures come from
 * the engine (lib/alerts/demo-story.ts, docs/claims.md): nothing made up lives here.
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

/** A web search for a product, opened by "Find Retailer". */
export function retailerSearchUrl(query: string): string {
  return `https://www.google.com/search?${new URLSearchParams({ q: `${query} retailer` }).toString()}`;
}
