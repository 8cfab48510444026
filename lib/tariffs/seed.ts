/**
 * Loads the committed tariff tables (./tables, data/tariffs) into the database tables of
 * the same names. Idempotent: rows that came from the tables are replaced by the tables'
 * current rows, so a second run changes nothing. Rows an operator added (ids starting
 * with "op_") are never deleted or overwritten: measures and events, and sources and
 * categories with such ids, survive every re-load.
 *
 * Product data, not demo content: the seed step "tariff-tables-v2" (lib/seed/demo-content.ts)
 * runs it once per database; after a table rebuild, call it again (it is safe to re-run).
 */
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import { tablesMeta, tariffTables, type TariffTables } from "./tables";
import type { HtsLine } from "./types";

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
  originShares: number;
};

export async function loadTariffTables(db: TariffDb, tables: TariffTables = tariffTables): Promise<TariffLoadCounts> {
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
      countries: m.countries === "ALL" ? ["ALL"] : m.countries,
      excludedCountries: m.excludedCountries,
      countryOverrides: m.countryOverrides as unknown as Prisma.InputJsonValue,
      products: m.products,
      excludedProducts: m.excludedProducts,
      notWith: m.notWith,
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

  // TRUNCATE, not DELETE: 23,000 rows go at once (the statement triggers still fire).
  await db.$executeRaw`TRUNCATE hts_lines`;
  await insertHtsLines(db, tables.htsLines, release);

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
    htsLines: tables.htsLines.length,
    originShares: tables.originShares.length,
  };
}

/** Rows per INSERT: 5,000 lines are one statement of nine array parameters. */
const LINES_PER_INSERT = 5000;

/**
 * Inserts HTS lines with one statement per 5,000 lines (column arrays unnested in SQL), not
 * one bound row at a time: the whole schedule (23,000 lines) loads in a few seconds on the
 * embedded database (docs/tariffs.md, "Tables"). Chapter 99 references and units travel as
 * text joined with a separator no code or unit contains, and are split back in SQL.
 */
export async function insertHtsLines(db: TariffDb, lines: readonly HtsLine[], releaseId: string): Promise<void> {
  for (let i = 0; i < lines.length; i += LINES_PER_INSERT) {
    const chunk = lines.slice(i, i + LINES_PER_INSERT);
    const col = <T>(f: (l: HtsLine) => T) => chunk.map(f);
    await db.$executeRaw(Prisma.sql`
      INSERT INTO hts_lines ("code", "digits", "description", "descriptionPath", "generalRateText", "generalAdValorem", "ch99Refs", "units", "categoryId", "releaseId")
      SELECT code, digits, description, path, rate, NULLIF(adv, '')::numeric, string_to_array(refs, '|'), string_to_array(units, '|'), category, ${releaseId}
      FROM unnest(${col((l) => l.code)}::text[], ${col((l) => l.digits)}::text[], ${col((l) => l.description)}::text[],
                  ${col((l) => l.descriptionPath)}::text[], ${col((l) => l.generalRateText)}::text[],
                  ${col((l) => (l.generalAdValorem === null ? "" : String(l.generalAdValorem)))}::text[],
                  ${col((l) => l.ch99Refs.join("|"))}::text[], ${col((l) => l.units.join("|"))}::text[], ${col((l) => l.categoryId)}::text[])
        AS t(code, digits, description, path, rate, adv, refs, units, category)
      ON CONFLICT ("code") DO NOTHING`);
  }
}
