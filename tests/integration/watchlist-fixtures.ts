import type { PrismaClient } from "@/lib/db/generated/client";

/**
 * The category ids in display order. The committed tariff tables (data/tariffs) are in the
 * test database from its template (setupTestDatabase({ template: "tariff-tables" }),
 * tests/helpers/database-templates.ts: loaded once per run by the seed's own loader), and
 * whatever a test changes in them is put back before the next test.
 */
export async function categoryIdsInOrder(db: PrismaClient): Promise<string[]> {
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
