import type { PrismaClient } from "@/lib/db/generated/client";
import { loadTariffTables } from "@/lib/tariffs/seed";
import { tablesWithCuratedLines } from "../helpers/tariff-subset";

const TABLES = ["source_documents", "tariff_measures", "measure_events", "consumer_categories", "hts_lines", "origin_shares"] as const;
let copied = false;

/**
 * The committed tariff tables (data/tariffs) loaded as the seed does, with the curated
 * categories' HTS lines and each HS group's reference line (tablesWithCuratedLines); returns
 * the category ids in display order. The test database is emptied before each test, so the first load
 * is copied to a side schema (which the emptying leaves alone) and later tests restore
 * from it with one INSERT per table instead of re-running the seed.
 */
export async function seedTariffFixtures(db: PrismaClient): Promise<string[]> {
  if (!copied) {
    await loadTariffTables(db, tablesWithCuratedLines());
    await db.$executeRawUnsafe(`DROP SCHEMA IF EXISTS watchlist_fixture CASCADE`);
    await db.$executeRawUnsafe(`CREATE SCHEMA watchlist_fixture`);
    for (const t of TABLES) await db.$executeRawUnsafe(`CREATE TABLE watchlist_fixture."${t}" AS TABLE "${t}"`);
    copied = true;
  } else {
    for (const t of TABLES) await db.$executeRawUnsafe(`INSERT INTO "${t}" SELECT * FROM watchlist_fixture."${t}"`);
  }
  const rows = await db.consumerCategory.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }], select: { id: true } });
  return rows.map((r) => r.id);
}

/**
 * An operator-style measure ("op_" ids survive re-loads) with an effective date `inDays`
 * from `now`: a scheduled change inside the default horizon, for the "upcoming" path
 * (the committed tables have no event after their build date).
 */
export async function addScheduledMeasure(db: PrismaClient, now: Date, inDays = 30, countries = ["VN"]): Promise<string> {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + inDays));
  await db.sourceDocument.upsert({
    where: { id: "op_fixture-notice" },
    create: { id: "op_fixture-notice", kind: "USTR_NOTICE", title: "Test notice", citation: "91 FR 99999", url: "https://www.federalregister.gov/", publisher: "USTR", publishedAt: now },
    update: {},
  });
  await db.tariffMeasure.create({
    data: {
      id: "op_fixture_scheduled",
      authority: "S301_FORCED_LABOR",
      name: "Scheduled test duty",
      rate: 0.05,
      countries,
      products: ["6403"],
      sourceId: "op_fixture-notice",
      confidence: "high",
      events: { create: [{ id: "op_fixture_scheduled:effective", date: day, type: "EFFECTIVE", sourceId: "op_fixture-notice" }] },
    },
  });
  return day.toISOString().slice(0, 10);
}
