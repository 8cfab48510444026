import { setupTestDatabase } from "../helpers/test-database";
import { SEED_STEPS, seedDemoContent } from "@/lib/seed/demo-content";
import { loadTariffTables, tablesCh99 } from "@/lib/tariffs/seed";
import { tablesWithCuratedLines } from "../helpers/tariff-subset";
import { allHtsLines, consumerCategories, measureEvents, originShares, tariffMeasures, tariffSources } from "@/lib/tariffs/tables";

const db = setupTestDatabase();

async function counts() {
  const p = db.prisma;
  return {
    sources: await p.sourceDocument.count(),
    measures: await p.tariffMeasure.count(),
    events: await p.measureEvent.count(),
    categories: await p.consumerCategory.count(),
    htsLines: await p.htsLine.count(),
    ch99Headings: await p.htsCh99Heading.count(),
    originShares: await p.originShare.count(),
  };
}

/** Everything but timestamps, in a stable order. */
async function snapshot() {
  const p = db.prisma;
  const strip = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.map(({ createdAt: _c, updatedAt: _u, ...rest }) => JSON.stringify(rest));
  return {
    measures: strip(await p.tariffMeasure.findMany({ orderBy: { id: "asc" } })),
    events: strip(await p.measureEvent.findMany({ orderBy: { id: "asc" } })),
    categories: strip(await p.consumerCategory.findMany({ orderBy: { id: "asc" } })),
    shares: strip(await p.originShare.findMany({ orderBy: [{ gtapSector: "asc" }, { country: "asc" }] })),
    lines: await p.htsLine.count(),
  };
}

describe("loadTariffTables", () => {
  it("loads every table row, and a second run changes nothing", async () => {
    await db.prisma.$transaction((tx) => loadTariffTables(tx), { timeout: 120_000 });
    expect(await counts()).toEqual({
      sources: tariffSources.length,
      measures: tariffMeasures.length,
      events: measureEvents.length,
      categories: consumerCategories.length,
      htsLines: allHtsLines().length,
      ch99Headings: tablesCh99.length,
      originShares: originShares.length,
    });
    const first = await snapshot();
    await loadTariffTables(db.prisma);
    expect(await snapshot()).toEqual(first);

    const shoes = await db.prisma.htsLine.findUnique({ where: { code: "6403.99.60" } });
    expect(shoes?.generalAdValorem?.toString()).toBe("0.085");
    expect(shoes?.releaseId).toBe("2026_rev_10");
    // Every line of chapters 1-97, with its units and Chapter 99 references; a line outside the
    // curated categories in its HS group, whose unknown retail margin stays null.
    const motor = await db.prisma.htsLine.findUnique({ where: { code: "8501.10.20.00" } });
    expect(motor).toMatchObject({ categoryId: "hs_85", units: ["No."], ch99Refs: ["9903.88.02"], generalRateText: "6.7%" });
    expect(await db.prisma.consumerCategory.findUnique({ where: { id: "hs_85" } })).toMatchObject({ kind: "hs_chapter", retailMargin: null, pceLine: null });
    // The tables' HTS release is the stored one: the law's as-of, with its date.
    expect(await db.prisma.htsRelease.findUnique({ where: { id: "2026_rev_10" } })).toMatchObject({ name: "2026HTSRev10", title: "HTS 2026 Revision 10", status: "stored" });
    expect(tablesCh99.length).toBe(2975);
    expect(await db.prisma.htsCh99Heading.findUnique({ where: { heading: "9903.88.15" } })).toMatchObject({ releaseId: "2026_rev_10", generalText: expect.stringContaining("+ 7.5%") });
    const groupOrder = await db.prisma.consumerCategory.findMany({ orderBy: { sortOrder: "asc" }, select: { kind: true } });
    expect(groupOrder.findIndex((c) => c.kind !== "curated")).toBe(consumerCategories.filter((c) => c.kind === "curated").length);
    const s122 = await db.prisma.measureEvent.findFirst({ where: { measureId: "s122_surcharge", type: "EXPIRED" } });
    expect(s122?.date.toISOString().slice(0, 10)).toBe("2026-07-24");
  }, 180_000);

  it("keeps an operator's measure and event across a re-load", async () => {
    await loadTariffTables(db.prisma, tablesWithCuratedLines());
    await db.prisma.tariffMeasure.create({
      data: { id: "op_test_measure", authority: "S232", name: "Operator test", confidence: "low", sourceId: "hts-2026-rev-10", rate: "0.1", countries: ["ALL"], products: ["*"] },
    });
    await db.prisma.measureEvent.create({
      data: { id: "op_test_event", measureId: "op_test_measure", date: new Date("2026-08-01"), type: "EFFECTIVE", sourceId: "hts-2026-rev-10" },
    });
    await db.prisma.measureEvent.create({
      data: { id: "op_note_on_s122", measureId: "s122_surcharge", date: new Date("2026-08-02"), type: "COURT_RULING", sourceId: "fr-2026-03824" },
    });
    await loadTariffTables(db.prisma, tablesWithCuratedLines());
    expect(await db.prisma.tariffMeasure.findUnique({ where: { id: "op_test_measure" } })).not.toBeNull();
    expect(await db.prisma.measureEvent.count({ where: { id: { startsWith: "op_" } } })).toBe(2);
    expect(await db.prisma.tariffMeasure.count()).toBe(tariffMeasures.length + 1);
    expect(await db.prisma.measureEvent.count()).toBe(measureEvents.length + 2);
  }, 180_000);

  it("supports full-text search over HTS lines", async () => {
    await loadTariffTables(db.prisma, tablesWithCuratedLines());
    const rows = await db.prisma.$queryRawUnsafe<{ code: string }[]>(
      `SELECT code FROM hts_lines WHERE to_tsvector('english', code || ' ' || description || ' ' || "descriptionPath") @@ plainto_tsquery('english', 'leather footwear')`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.code.startsWith("64"))).toBe(true);
    expect(rows.map((r) => r.code)).toContain("6403.99.60");
  }, 180_000);

  it("keeps the HTS of a newer release approved from the importer when the tables are loaded again", async () => {
    await loadTariffTables(db.prisma, tablesWithCuratedLines());
    await db.prisma.htsRelease.create({ data: { id: "2026_rev_11", name: "2026HTSRev11", title: "HTS 2026 Revision 11", releaseDate: new Date("2026-07-01"), status: "stored" } });
    await db.prisma.htsLine.update({ where: { code: "6403.99.60" }, data: { generalRateText: "10%", generalAdValorem: "0.1", releaseId: "2026_rev_11" } });
    const counts = await loadTariffTables(db.prisma, tablesWithCuratedLines());
    expect(counts).toMatchObject({ htsLines: 0, ch99Headings: 0, keptHtsRelease: "2026_rev_11" });
    expect(await db.prisma.htsLine.findUnique({ where: { code: "6403.99.60" } })).toMatchObject({ generalRateText: "10%", releaseId: "2026_rev_11" });
  }, 180_000);
  it("brings a database seeded by the previous tariff step up to the law files' dated events, once", async () => {
    // A database seeded before each measure's announced, published and HTS days were recorded.
    await loadTariffTables(db.prisma, tablesWithCuratedLines());
    const lifecycle = measureEvents.filter((e) => e.measureId === "s232_auto_parts" && e.type !== "EFFECTIVE");
    expect(lifecycle.map((e) => [e.date, e.type])).toEqual([
      ["2025-03-26", "ANNOUNCED"],
      ["2025-04-03", "FINAL"],
      ["2025-04-11", "IN_HTS"],
    ]);
    await db.prisma.measureEvent.deleteMany({ where: { id: { in: lifecycle.map((e) => e.id) } } });
    const previous: string[] = [...SEED_STEPS.filter((step) => !step.startsWith("tariff-tables-")), "tariff-tables-v3"];
    await db.prisma.seedRun.createMany({ data: previous.map((name) => ({ name })) });

    const first = await seedDemoContent(db.prisma);
    expect(first.applied).toEqual([SEED_STEPS.find((step) => step.startsWith("tariff-tables-"))]);
    expect(first.applied).not.toContain("tariff-tables-v3");
    const events = await db.prisma.measureEvent.findMany({ where: { measureId: "s232_auto_parts" }, orderBy: { date: "asc" } });
    expect(events.map((e) => [e.date.toISOString().slice(0, 10), e.type, e.sourceId])).toEqual([
      ["2025-03-26", "ANNOUNCED", "fr-2025-05930"],
      ["2025-04-03", "FINAL", "fr-2025-05930"],
      ["2025-04-11", "IN_HTS", "hts-2025-rev-11"],
      ["2025-05-03", "EFFECTIVE", "fr-2025-05930"],
    ]);
    expect(await db.prisma.measureEvent.count()).toBe(measureEvents.length);
    expect((await seedDemoContent(db.prisma)).applied).toEqual([]);
  }, 300_000);
});
