import { curatedCategories, hsGroups, tariffTables, type TariffTables } from "@/lib/tariffs/tables";

let memo: TariffTables | null = null;

/**
 * The committed tariff tables with the curated categories' HTS lines (4,500) and each HS
 * group's reference line, not all 23,000: what tests of the watchlist, the seed's upkeep and
 * search need, without paying the bulk load (and its full-text index) in every test. The full
 * load is tested once, in tests/integration/tariff-seed.test.ts.
 */
export function tablesWithCuratedLines(): TariffTables {
  if (!memo) {
    const curated = new Set(curatedCategories.map((c) => c.id));
    const references = new Set(hsGroups.map((g) => g.referenceHts));
    memo = { ...tariffTables, htsLines: tariffTables.htsLines.filter((l) => curated.has(l.categoryId) || references.has(l.code)) };
  }
  return memo;
}
