import { loadLaw } from "@/lib/tariffs/law";
import { loadProjectionTables } from "@/lib/tariffs/projection-tables";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * The law's change stamp (migration 20261124234042_law_change_stamp; docs/performance.md,
 * "Signed-in pages: the law's change stamp and formatters built once"): every write to a
 * table the law is read from leaves a new stamp, so a page reads one row to know its cached
 * law still holds, and an edit shows on the next read.
 */
// Each test starts with the committed tariff tables (the template, loaded once per run).
const db = setupTestDatabase({ template: "tariff-tables" });

async function stamp(): Promise<string | null> {
  const rows = await db.prisma.$queryRaw<{ stamp: string }[]>`SELECT "stamp" FROM "law_changes" WHERE "id" = 1`;
  return rows[0]?.stamp ?? null;
}

test("the law is kept while the stamp holds, and an edited measure shows on the next read", async () => {
  const first = await loadLaw(db.prisma);
  expect(await loadLaw(db.prisma)).toBe(first);

  const measure = first.measures[0]!;
  await db.prisma.tariffMeasure.update({ where: { id: measure.id }, data: { name: `${measure.name} (amended)` } });
  const second = await loadLaw(db.prisma);
  expect(second).not.toBe(first);
  expect(second.measures.find((m) => m.id === measure.id)?.name).toBe(`${measure.name} (amended)`);
  expect(await loadLaw(db.prisma)).toBe(second);
});

test("requests that find the law stale at once share one read of it (one copy held, not one each)", async () => {
  const measure = (await loadLaw(db.prisma)).measures[0]!;
  await db.prisma.tariffMeasure.update({ where: { id: measure.id }, data: { notes: "edited for the concurrent read" } });
  const laws = await Promise.all(Array.from({ length: 8 }, () => loadLaw(db.prisma)));
  expect(new Set(laws).size).toBe(1);
  expect(laws[0]!.measures.find((m) => m.id === measure.id)?.notes).toBe("edited for the concurrent read");
  expect(await loadLaw(db.prisma)).toBe(laws[0]);
});

test("a write to any of the six tables the law is read from leaves a new stamp", async () => {
  const category = await db.prisma.consumerCategory.findFirstOrThrow();
  const line = await db.prisma.htsLine.findFirstOrThrow();
  const share = await db.prisma.originShare.findFirstOrThrow();
  const event = await db.prisma.measureEvent.findFirstOrThrow();
  const source = await db.prisma.sourceDocument.findFirstOrThrow();
  const measure = await db.prisma.tariffMeasure.findFirstOrThrow();
  const writes: Record<string, () => Promise<unknown>> = {
    tariff_measures: () => db.prisma.tariffMeasure.update({ where: { id: measure.id }, data: { notes: "edited" } }),
    measure_events: () => db.prisma.measureEvent.update({ where: { id: event.id }, data: { note: "edited" } }),
    source_documents: () => db.prisma.sourceDocument.update({ where: { id: source.id }, data: { title: `${source.title} (edited)` } }),
    hts_lines: () => db.prisma.htsLine.update({ where: { code: line.code }, data: { description: `${line.description} (edited)` } }),
    origin_shares: () =>
      db.prisma.originShare.update({ where: { gtapSector_country: { gtapSector: share.gtapSector, country: share.country } }, data: { year: share.year + 1 } }),
    consumer_categories: () => db.prisma.consumerCategory.update({ where: { id: category.id }, data: { name: `${category.name} (edited)` } }),
  };
  const seen = new Set<string | null>([await stamp()]);
  for (const [table, write] of Object.entries(writes)) {
    await write();
    const now = await stamp();
    expect({ table, stamp: now !== null && !seen.has(now) }).toEqual({ table, stamp: true });
    seen.add(now);
  }
});

test("without the stamp's row (tables truncated and not written since), the law is checked against the tables themselves", async () => {
  await db.prisma.$executeRawUnsafe(`DELETE FROM "law_changes"`);
  const first = await loadLaw(db.prisma);
  expect(await loadLaw(db.prisma)).toBe(first);
  // A write brings the row back, with a stamp the cache has never seen.
  const measure = first.measures[0]!;
  await db.prisma.tariffMeasure.update({ where: { id: measure.id }, data: { name: `${measure.name} (amended)` } });
  expect(await stamp()).not.toBeNull();
  expect((await loadLaw(db.prisma)).measures.find((m) => m.id === measure.id)?.name).toBe(`${measure.name} (amended)`);
});

test("the categories, HTS lines and origin shares a projection reads are kept with the law, and an edit to any shows on the next read", async () => {
  const line = await db.prisma.htsLine.findFirstOrThrow({ where: { categoryId: "footwear" } });
  const category = await db.prisma.consumerCategory.findUniqueOrThrow({ where: { id: "footwear" } });
  const watches = [{ categoryId: "footwear", htsCode: line.code }];
  const share = await db.prisma.originShare.findFirstOrThrow({ where: { gtapSector: category.gtapSector }, orderBy: { share: "desc" } });

  const tablesOf = async () => (await loadProjectionTables(db.prisma, watches)).tablesFor(watches[0]!);
  const first = (await loadProjectionTables(db.prisma, watches)).tablesFor(watches[0]!);
  const again = await tablesOf();
  expect(again?.law).toBe(first?.law);
  expect(again?.category).toBe(first?.category);
  expect(again?.line).toBe(first?.line);
  expect(again?.sectorShares).toBe(first?.sectorShares);

  await db.prisma.consumerCategory.update({ where: { id: "footwear" }, data: { name: "Shoes (renamed)" } });
  expect((await tablesOf())?.category.name).toBe("Shoes (renamed)");

  await db.prisma.htsLine.update({ where: { code: line.code }, data: { description: "Edited description" } });
  expect((await tablesOf())?.line.description).toBe("Edited description");

  await db.prisma.originShare.update({ where: { gtapSector_country: { gtapSector: share.gtapSector, country: share.country } }, data: { share: 0.987 } });
  const shares = (await tablesOf())?.sectorShares ?? [];
  expect(shares.find((s) => s.country === share.country)?.share).toBeCloseTo(0.987);

  // A code that does not exist is answered as unknown, and stays unknown until the lines change.
  const unknownLine = { categoryId: "footwear", htsCode: "0000.00.00" };
  expect((await loadProjectionTables(db.prisma, [unknownLine])).tablesFor(unknownLine)).toBeNull();
});

test("the law's stamp triggers are the only triggers: no table notifies its writes (the change feed is gone)", async () => {
  const triggers = await db.prisma.$queryRaw<{ table: string; fn: string }[]>`
    SELECT c.relname AS "table", p.proname AS "fn"
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_namespace pn ON pn.oid = p.pronamespace
    WHERE NOT t.tgisinternal AND n.nspname = current_schema() AND pn.nspname = current_schema()
    ORDER BY 1`; // the test harness's own change notes (schema tw_test, tests/helpers/database-templates.ts) are not the app's
  expect(triggers).toEqual(
    ["consumer_categories", "hts_lines", "hts_releases", "measure_events", "origin_shares", "source_documents", "tariff_measures"].map((table) => ({ table, fn: "law_changed" })),
  );
  const functions = await db.prisma.$queryRaw<{ name: string }[]>`
    SELECT p.proname AS "name" FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = current_schema() ORDER BY 1`;
  expect(functions.map((f) => f.name)).not.toContain("notify_change");
});
