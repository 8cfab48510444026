/**
 * Loads the committed tariff tables (./tables, data/tariffs) into the database tables of
 * the same names. Idempotent: rows that came from the tables are replaced by the tables'
 * current rows, so a second run changes nothing. Rows an operator added (ids starting
 * with "op_") are never deleted or overwritten: measures and events, and sources and
 * categories with such ids, survive every re-load.
 *
 * Product data, not demo content: the seed step "tariff-tables-v4" (lib/seed/demo-content.ts)
 * runs it once per database; after a table rebuild, call it again (it is safe to re-run).
 */
import { z } from "zod";
import ch99File from "@/data/tariffs/hts-ch99.json";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { Ch99Heading } from "./hts-schedule";
import { tablesMeta, tariffTables, type TariffTables } from "./tables";
import { insertHtsLines } from "./hts-store";

/** The Chapter 99 headings of the tables' release (data/tariffs/hts-ch99.json): what the revision importer diffs against. */
export const tablesCh99: Ch99Heading[] = z
  .object({ rows: z.array(z.tuple([z.string().min(1), z.string(), z.string()])) })
  .parse(ch99File)
  .rows.map(([heading, description, generalText]) => ({ heading, description, generalText }));

export type TariffDb = PrismaClient | Prisma.TransactionClient;

/** Operator-added rows carry this id prefix and are kept across re-loads. */
export const OPERATOR_ID_PREFIX = "op_";

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const dec = (x: number | null | undefined) => (x === null || x === undefined ? null : String(x));
const notOperator = { NOT: { id: { startsWith: OPERATOR_ID_PREFIX } } };

export type TariffLoadCounts = {
  sources: number;
  measures: number;
  events: number;
  categories: number;
  htsLines: number;
  ch99Headings: number;
  originShares: number;
  /** Set when the database holds a newer HTS release (approved from the importer): its lines and headings were kept. */
  keptHtsRelease?: string;
};

export async function loadTariffTables(db: TariffDb, tables: TariffTables = tariffTables, ch99: readonly Ch99Heading[] = tablesCh99): Promise<TariffLoadCounts> {
  const release = tablesMeta.htsRelease;

  // Sources: replace the table-made ones.
  await db.sourceDocument.deleteMany({ where: notOperator });
  await db.sourceDocument.createMany({
    data: tables.sources.map((s) => ({ ...s, publishedAt: day(s.publishedAt) })),
    skipDuplicates: true,
  });

  // Measures: upserted (deleting one would cascade to operator events attached to it);
  // table-made measures no longer in the tables are removed.
  const measureIds = tables.measures.map((m) => m.id);
  await db.measureEvent.deleteMany({ where: notOperator });
  await db.tariffMeasure.deleteMany({ where: { AND: [notOperator, { id: { notIn: measureIds } }] } });
  for (const m of tables.measures) {
    const data = {
      authority: m.authority,
      name: m.name,
      ch99Headings: m.ch99Headings,
      rate: dec(m.rate),
      rateBasis: m.rateBasis ?? "additional",
      countries: m.countries === "ALL" ? ["ALL"] : m.countries,
      excludedCountries: m.excludedCountries,
      countryOverrides: m.countryOverrides,
      products: m.products,
      excludedProducts: m.excludedProducts,
      exemptions: (m.exemptions ?? []),
      conditions: (m.conditions ?? []),
      notWith: m.notWith,
      notWithExcept: m.notWithExcept ?? [],
      yieldsTo: m.yieldsTo ?? [],
      stacking: m.stacking,
      sourceId: m.sourceId,
      confidence: m.confidence,
      notes: m.notes,
    };
    await db.tariffMeasure.upsert({ where: { id: m.id }, create: { id: m.id, ...data }, update: data });
  }
  await db.measureEvent.createMany({
    data: tables.events.map((e) => ({
      id: e.id,
      measureId: e.measureId,
      date: day(e.date),
      type: e.type,
      rate: dec(e.rate),
      country: e.country ?? null,
      sourceId: e.sourceId,
      note: e.note,
    })),
    skipDuplicates: true,
  });

  await db.consumerCategory.deleteMany({ where: notOperator });
  await db.consumerCategory.createMany({
    data: tables.categories.map((c, i) => ({
      ...c,
      retailMargin: dec(c.retailMargin),
      importShare: dec(c.importShare),
      sortOrder: i,
    })),
    skipDuplicates: true,
  });

  // HTS lines and Chapter 99 headings of the tables' release, unless the database stores a
  // newer release (approved from the revision importer, docs/tariffs.md "HTS revisions"): a
  // re-load must not put older law back.
  const newer = await db.htsRelease.findFirst({ where: { status: "stored", releaseDate: { gt: day(tablesMeta.hts.date) } }, select: { id: true } });
  if (!newer) {
    // TRUNCATE, not DELETE: 23,000 rows go at once (the statement triggers still fire).
    await db.$executeRaw`TRUNCATE hts_lines`;
    await insertHtsLines(db, tables.htsLines, release);
    await db.htsCh99Heading.deleteMany({});
    await db.htsCh99Heading.createMany({ data: ch99.map((h) => ({ ...h, releaseId: release })), skipDuplicates: true });
    const row = { name: tablesMeta.hts.name, title: tablesMeta.hts.revision, releaseDate: day(tablesMeta.hts.date), status: "stored" };
    await db.htsRelease.upsert({ where: { id: release }, create: { id: release, ...row }, update: row });
  }

  await db.originShare.deleteMany({});
  await db.originShare.createMany({
    data: tables.originShares.map((o) => ({ ...o, share: String(o.share) })),
    skipDuplicates: true,
  });

  return {
    sources: tables.sources.length,
    measures: tables.measures.length,
    events: tables.events.length,
    categories: tables.categories.length,
    htsLines: newer ? 0 : tables.htsLines.length,
    ch99Headings: newer ? 0 : ch99.length,
    originShares: tables.originShares.length,
    ...(newer ? { keptHtsRelease: newer.id } : {}),
  };
}
