import { defineRoute } from "@/lib/http/route";
import { headingsOf, loadCategories } from "@/lib/tariffs/law";

/** GET /api/categories -> [{id, name, htsHeadings, referenceHts}] (public, cached 5 minutes). */
export const GET = defineRoute(
  { name: "categories", auth: "public", rateLimit: { capacity: 60, refillMs: 1_000 }, cacheControl: "public, max-age=300" },
  async ({ db }) => {
    const categories = await loadCategories(db);
    return categories.map((c) => ({ id: c.id, name: c.name, htsHeadings: headingsOf(c.htsPrefixes), referenceHts: c.referenceHts }));
  },
);
