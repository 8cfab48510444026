import { economicViewRoute } from "@/lib/economy/view-route";

export const dynamic = "force-dynamic";

/**
 * GET /api/economic/dashboard -> {lastUpdated, alerts, cpi, ppi, news} (docs/product-rules.md §3),
 * from the store through a cache rebuilt at most every 5 minutes or when new data is
 * stored (lib/economy/view-route.ts).
 *
 * Shared caches (a CDN in front of Next) may keep the answer 60 s and serve it stale for
 * 4 more minutes while they revalidate (with the ETag: a 304 when nothing changed); the
 * data changes at most every few minutes. Browsers get no max-age, so they revalidate.
 * docs/performance.md: a p99 under 25 ms at 50 connections needs that cache in front.
 */
export const GET = economicViewRoute("dashboard", {
  cacheControl: "public, s-maxage=60, stale-while-revalidate=240",
  unavailable: "Economic data is temporarily unavailable. Please try again in a moment.",
});
