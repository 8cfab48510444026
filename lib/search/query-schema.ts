import { z } from "zod";

/** At most this many results per search. */
export const HTS_SEARCH_MAX = 50;

/** The search query `q` (docs/search.md, "API"): 2 to 200 characters, with a word or digits in it. */
export const searchText = z
  .string({ error: "Type a product or an HTS code to search." })
  .trim()
  .min(2, { error: "Type at least 2 characters to search." })
  .max(200, { error: "Keep the search under 200 characters." })
  .refine((q) => /[\p{L}\p{N}]/u.test(q), { error: "Type a product name or an HTS code: letters or digits." });

/** GET /api/hts/search's query parameters. */
export const searchQuery = z.object({
  q: searchText,
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int({ error: "limit must be a whole number." })
    .min(1, { error: `limit must be between 1 and ${HTS_SEARCH_MAX}.` })
    .max(HTS_SEARCH_MAX, { error: `limit must be between 1 and ${HTS_SEARCH_MAX}.` })
    .optional(),
});
