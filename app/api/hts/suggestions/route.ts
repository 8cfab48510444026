import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { searchText } from "@/lib/search/query-schema";
import { searchSuggestions } from "@/lib/tariffs/search";

/**
 * GET /api/hts/suggestions?q=... -> {suggestions: string[], categories: [{id, name}]}: for a
 * search that found nothing (docs/search.md, "When nothing fits"), everyday names close to
 * what was typed (or common examples), and the categories to pick from instead.
 */
export const GET = defineRoute(
  {
    name: "hts-suggestions",
    auth: "public",
    query: z.object({ q: searchText }),
    rateLimit: { capacity: 30, refillMs: 1_000 },
    cacheControl: "public, max-age=300",
  },
  async ({ db, query }) => searchSuggestions(db, query.q),
);
