import { getDb } from "@/lib/db";
import { economicViews, respondWithCached } from "@/lib/economy/dashboard";
import { jsonError } from "@/lib/http/json";

export const dynamic = "force-dynamic";

/**
 * GET /api/economic/dashboard -> {lastUpdated, alerts, cpi, ppi, news} (spec section 3),
 * from the store through a cache rebuilt at most every 5 minutes or when new data is
 * stored. No remote API is called here. 503 only when nothing can be read at all.
 */
export async function GET(request: Request): Promise<Response> {
  try {
    const entry = await economicViews(getDb);
    return respondWithCached(request, entry.dashboard);
  } catch (error) {
    console.error("[economic-dashboard] could not read the economic data", error);
    return jsonError(503, "Economic data is temporarily unavailable. Please try again in a moment.", undefined, {
      "Retry-After": "30",
      "Cache-Control": "no-store",
    });
  }
}
