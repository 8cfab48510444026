import { defineRoute } from "@/lib/http/route";
import { searchQuery } from "@/lib/search/query-schema";
import { searchHtsLines } from "@/lib/tariffs/search";

/**
 * GET /api/hts/search?q=running+shoes[&limit=20] -> [{code, description, descriptionPath,
 * generalRateText, categoryId, categoryName, title, parents, matchedBy, matchedName}], best
 * first (docs/search.md, "API"). An empty list when nothing fits: GET /api/hts/suggestions
 * then says what to try.
 */
export const GET = defineRoute(
  {
    name: "hts-search",
    auth: "public",
    query: searchQuery,
    rateLimit: { capacity: 60, refillMs: 1_000 },
    cacheControl: "public, max-age=300",
  },
  async ({ db, query }) => searchHtsLines(db, query.q, query.limit ?? 20),
);
