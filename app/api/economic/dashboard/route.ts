import { getDb } from "@/lib/db";
import { economicViews, respondWithCached } from "@/lib/economy/dashboard";
import { jsonError } from "@/lib/http/json";

export const dynamic = "force-dynamic";

/**
 * Shared caches (a CDN in front of Next) may keep the answer 60 s and serve it stale for
 * 4 more minutes while they revalidate (with the ETag: a 304 when nothing changed); the
 * data changes at most every few minutes. Browsers get no max-age, so they revalidate.
 * docs/performance.md: a p99 under 25 ms at 50 connections needs that cache in front.
 */
const DASHBOARD_CACHE_CONTROL = "public, s-maxage=60, stale-while-revalidate=240";

/**
 * GET /api/economic/dashboard -> {lastUpdated, alerts, cpi, ppi, news} (docs/product-rules.md §3),
 * from the store through a cache rebuilt at most every 5 minutes or when new data is
 * stored. No remote API is called here. 503 only when nothing can be read at all.
 */
export async function GET(request: Request): Promise<Response> {
  try {
    const entry = await economicViews(getDb);
    return respondWithCached(request, entry.dashboard, DASHBOARD_CACHE_CONTROL);
  } catch (error) {
    console.error("[economic-dashboard] could not read the economic data", error);
    return jsonError(503, "Economic data is temporarily unavailable. Please try again in a moment.", undefined, {
      "Retry-After": "30",
      "Cache-Control": "no-store",
    });
  }
}
