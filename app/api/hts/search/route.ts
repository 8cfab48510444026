import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { HTS_SEARCH_MAX, searchHtsLines } from "@/lib/tariffs/search";

const query = z.object({
  q: z
    .string({ error: "Type a product or an HTS code to search." })
    .trim()
    .min(2, { error: "Type at least 2 characters to search." })
    .max(200, { error: "Keep the search under 200 characters." }),
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int({ error: "limit must be a whole number." })
    .min(1, { error: `limit must be between 1 and ${HTS_SEARCH_MAX}.` })
    .max(HTS_SEARCH_MAX, { error: `limit must be between 1 and ${HTS_SEARCH_MAX}.` })
    .optional(),
});

/** GET /api/hts/search?q=leather+footwear+men[&limit=20] -> [{code, description, descriptionPath, generalRateText, categoryId}]. */
export const GET = defineRoute(
  {
    name: "hts-search",
    auth: "public",
    query,
    rateLimit: { capacity: 60, refillMs: 1_000 },
    cacheControl: "public, max-age=300",
  },
  async ({ db, query }) => searchHtsLines(db, query.q, query.limit ?? 20),
);
