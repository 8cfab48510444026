import "server-only";
import { ApiError, defineRoute } from "@/lib/http/route";
import { economicViews, respondWithCached } from "./dashboard";

/**
 * GET of one of the cached economic answers (/api/economic/dashboard and
 * /api/economic/details), on the route frame: the bytes of ./cache.ts with their ETag (304
 * when the browser has them) and the route's Cache-Control; no remote API is called. 503
 * with Retry-After only when nothing can be read at all.
 */
export function economicViewRoute(view: "dashboard" | "details", answer: { cacheControl?: string; unavailable: string }) {
  return defineRoute({ name: `economic-${view}`, auth: "public" }, async (ctx) => {
    let entry;
    try {
      // ctx.db is read only when the cache is rebuilt (a fresh cache needs no database).
      entry = await economicViews(() => ctx.db);
    } catch (error) {
      console.error("[economic-dashboard] could not read the economic data", error);
      throw new ApiError(503, answer.unavailable, undefined, { "Retry-After": "30" });
    }
    return respondWithCached(ctx.request, entry[view], answer.cacheControl);
  });
}
