import { Prisma } from "@/lib/db/generated/client";
import type { PrismaClient } from "@/lib/db/generated/client";

/**
 * HTS line search (docs/tariffs.md, "Watchlist and projections"): PostgreSQL full-text
 * search over code, description and the headings above it, using the same expression as
 * the GIN index `hts_lines_search_idx`, ranked with ts_rank; and, when the query looks
 * like a code ("6403", "6403.99", "6403.99.60"), an exact prefix match on the digits,
 * listed first. Always parameterised ($queryRaw), never concatenated SQL.
 */
export type HtsSearchResult = {
  code: string;
  description: string;
  descriptionPath: string;
  generalRateText: string;
  categoryId: string;
};

export const HTS_SEARCH_MAX = 50;

/** Digits of a code-like query ("6403.99.60" -> "64039960"), else null. */
export function codeDigits(q: string): string | null {
  const trimmed = q.trim();
  if (!/^\d[\d.\s]*$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[.\s]/g, "");
  return digits.length >= 2 && digits.length <= 10 ? digits : null;
}

export async function searchHtsLines(db: Pick<PrismaClient, "$queryRaw">, q: string, limit = 20): Promise<HtsSearchResult[]> {
  const query = q.trim().slice(0, 200);
  if (!query) return [];
  const take = Math.max(1, Math.min(HTS_SEARCH_MAX, Math.floor(limit)));
  const digits = codeDigits(query);

  const byCode = digits
    ? await db.$queryRaw<HtsSearchResult[]>(Prisma.sql`
        SELECT "code", "description", "descriptionPath", "generalRateText", "categoryId"
        FROM hts_lines
        WHERE "digits" LIKE ${digits + "%"}
        ORDER BY "digits" ASC
        LIMIT ${take}`)
    : [];
  if (byCode.length >= take) return byCode;

  const seen = new Set(byCode.map((r) => r.code));
  const byText = await db.$queryRaw<HtsSearchResult[]>(Prisma.sql`
    SELECT "code", "description", "descriptionPath", "generalRateText", "categoryId"
    FROM hts_lines, websearch_to_tsquery('english', ${query}) AS query
    WHERE to_tsvector('english', "code" || ' ' || "description" || ' ' || "descriptionPath") @@ query
    ORDER BY ts_rank(to_tsvector('english', "code" || ' ' || "description" || ' ' || "descriptionPath"), query) DESC, "code" ASC
    LIMIT ${take}`);
  return [...byCode, ...byText.filter((r) => !seen.has(r.code))].slice(0, take);
}
