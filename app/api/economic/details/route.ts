import { getDb } from "@/lib/db";
import { economicViews, respondWithCached } from "@/lib/economy/dashboard";
import { jsonError } from "@/lib/http/json";

export const dynamic = "force-dynamic";

/**
 * GET /api/economic/details -> the as-of month and source of each list, what is missing,
 * the basis of each change and the trend charts' history points. Same store and cache as
 * /api/economic/dashboard.
 */
export async function GET(request: Request): Promise<Response> {
  try {
    const entry = await economicViews(getDb);
    return respondWithCached(request, entry.details);
  } catch (error) {
    console.error("[economic-dashboard] could not read the economic data", error);
    return jsonError(503, "Economic data details are temporarily unavailable. Please try again in a moment.", undefined, {
      "Retry-After": "30",
      "Cache-Control": "no-store",
    });
  }
}
