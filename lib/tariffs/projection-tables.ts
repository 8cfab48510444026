import type { PrismaClient } from "@/lib/db/generated/client";
import { categoriesByIdWith, htsLinesWith, loadLaw, originSharesWith, type Law } from "./law";
import { htsSourceFor, type WatchShape, type WatchTables } from "./watch-projection";

type Db = Pick<PrismaClient, "$queryRaw" | "tariffMeasure" | "measureEvent" | "sourceDocument" | "consumerCategory" | "originShare" | "htsLine" | "htsRelease">;

/**
 * What projecting a set of watches reads from the database, loaded once for all of them
 * (docs/performance.md, "Signed-in routes"): the law (cached per process, one change-stamp
 * query), the watches' categories, their lines (the item's own or the category's reference
 * line) and their sectors' origin shares, each kept with the law while it holds
 * (lib/tariffs/law.ts, HeldRows): at most four queries whatever the number of watches.
 * `tablesFor(watch)` is the input of `projectWatch`; null when the watch's category or line
 * is not in the tables.
 */
export type ProjectionTables = {
  law: Law;
  tablesFor: (watch: Pick<WatchShape, "categoryId" | "htsCode">) => WatchTables | null;
};

export async function loadProjectionTables(db: Db, watches: readonly Pick<WatchShape, "categoryId" | "htsCode">[], preloaded: { law?: Law } = {}): Promise<ProjectionTables> {
  const law = preloaded.law ?? (await loadLaw(db));
  const categories = await categoriesByIdWith(
    db,
    law,
    watches.map((w) => w.categoryId),
  );
  const codes: string[] = [];
  const sectors: string[] = [];
  for (const w of watches) {
    const category = categories.get(w.categoryId);
    if (!category) continue;
    codes.push(w.htsCode ?? category.referenceHts);
    sectors.push(category.gtapSector);
  }
  const [lines, sharesBySector] = await Promise.all([htsLinesWith(db, law, codes), originSharesWith(db, law, sectors)]);
  return {
    law,
    tablesFor(watch) {
      const category = categories.get(watch.categoryId);
      if (!category) return null;
      const line = lines.get(watch.htsCode ?? category.referenceHts);
      if (!line) return null;
      return { law, category, line, sectorShares: sharesBySector.get(category.gtapSector) ?? [], htsSourceId: htsSourceFor(law.sources, line.releaseId) };
    },
  };
}
