import type { PrismaClient } from "@/lib/db/generated/client";
import { codeDigits, ProductSearch, type SearchHit } from "@/lib/search/engine";
import { HTS_SEARCH_MAX } from "@/lib/search/query-schema";
import { productVocabulary } from "@/lib/search/vocabulary";
import { SEARCH_EXAMPLES } from "@/lib/search/words";
import { loadCategories, loadLaw, type Law } from "./law";

/**
 * HTS line search (docs/search.md): what people call what they buy -> HTS lines, best first.
 * The engine (lib/search/engine.ts) runs in process memory over every line of the table,
 * built on first use and kept with the law it was read under (lib/tariffs/law.ts): the HTS
 * lines and categories carry the law's change stamp, so an operator's edit or a new HTS
 * revision builds a new index on the next search. The same code runs on the embedded PGlite
 * and on a PostgreSQL server: the database only hands over the lines.
 */
export type HtsSearchResult = Omit<SearchHit, "matchedName"> & {
  /** The category's name, as the watchlist shows it. */
  categoryName: string;
  /** The everyday name that found this line, when one did ("sneakers" for a sports footwear line). */
  matchedName: string | null;
};

export type HtsSearchAnswer = {
  results: HtsSearchResult[];
  /** When nothing was found: everyday names close to what was typed, to try instead. */
  suggestions: string[];
};

export { codeDigits, HTS_SEARCH_MAX };

type Db = Parameters<typeof loadLaw>[0] & Pick<PrismaClient, "htsLine">;

const indexes = new WeakMap<Law, Promise<ProductSearch>>();

async function buildIndex(db: Db): Promise<ProductSearch> {
  const lines = await db.htsLine.findMany({
    select: { code: true, description: true, descriptionPath: true, generalRateText: true, categoryId: true },
  });
  return new ProductSearch(lines, productVocabulary());
}

/** The search index for the law in force in `db` (built once per law, shared by concurrent first searches). */
export async function productSearch(db: Db): Promise<{ index: ProductSearch; law: Law }> {
  const law = await loadLaw(db);
  let index = indexes.get(law);
  if (!index) {
    index = buildIndex(db);
    indexes.set(law, index);
    index.catch(() => indexes.delete(law));
  }
  return { index: await index, law };
}

/** Searches the HTS lines: results best first (at most `limit`), and suggestions when there are none. */
export async function searchHts(db: Db, q: string, limit = 20): Promise<HtsSearchAnswer> {
  const query = q.trim().slice(0, 200);
  if (!query) return { results: [], suggestions: [] };
  const take = Math.max(1, Math.min(HTS_SEARCH_MAX, Math.floor(limit)));
  const { index, law } = await productSearch(db);
  const outcome = index.search(query, take);
  const names = new Map((await loadCategories(db, law)).map((c) => [c.id, c.name]));
  return {
    results: outcome.hits.map((hit) => ({ ...hit, categoryName: names.get(hit.categoryId) ?? hit.categoryId })),
    suggestions: outcome.suggestions,
  };
}

/** The results alone (GET /api/hts/search's answer). */
export async function searchHtsLines(db: Db, q: string, limit = 20): Promise<HtsSearchResult[]> {
  return (await searchHts(db, q, limit)).results;
}

/** For a search that found nothing: names close to what was typed (else common examples), and every category. */
export async function searchSuggestions(db: Db, q: string): Promise<{ suggestions: string[]; categories: { id: string; name: string }[] }> {
  const { suggestions } = await searchHts(db, q, 1);
  const { law } = await productSearch(db);
  const categories = (await loadCategories(db, law)).map((c) => ({ id: c.id, name: c.name }));
  return { suggestions: suggestions.length ? suggestions : [...SEARCH_EXAMPLES], categories };
}
