import { defineRoute } from "@/lib/http/route";
import { headingsOf, loadCategories } from "@/lib/tariffs/law";

/**
 * GET /api/categories -> [{id, name, kind, htsHeadings, referenceHts}] (public, cached 5 minutes):
 * the curated categories first, then the HS groups (`kind` hs_chapter, hs_heading, hs_subheading).
 */
export const GET = defineRoute(
  { name: "categories", auth: "public", rateLimit: { capacity: 60, refillMs: 1_000 }, cacheControl: "public, max-age=300" },
  async ({ db }) => {
    const categories = await loadCategories(db);
    return categories.map((c) => ({ id: c.id, name: c.name, kind: c.kind, htsHeadings: headingsOf(c.htsPrefixes), referenceHts: c.referenceHts }));
  },
);
