import type { PrismaClient } from "@/lib/db/generated/client";

/**
 * A few tariff-table rows for tests/integration/watchlist.test.ts, used while the
 * committed tables (data/tariffs, loaded by lib/tariffs/seed.ts) are not there: four
 * categories, HTS lines under 6403 and 8516, sector origin shares and one measure with an
 * effective date inside the default horizon. Returns the category ids.
 */
export async function seedFixtureRows(db: PrismaClient, now: Date = new Date()): Promise<string[]> {
  const day = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset));
  await db.sourceDocument.createMany({
    data: [
      { id: "hts-2026-rev-10", kind: "HTS_RELEASE", title: "HTS 2026 Revision 10", url: "https://hts.usitc.gov/", publisher: "USITC", publishedAt: new Date("2026-06-08") },
      { id: "fr-fixture-301", kind: "FR_DOC", title: "Fixture Section 301 action", citation: "91 FR 1", url: "https://www.federalregister.gov/d/fixture", publisher: "USTR", publishedAt: new Date("2026-07-01") },
      { id: "bea-pce-bridge", kind: "DATASET", title: "PCE Bridge", url: "https://www.bea.gov/industry/relation-between-pce-and-personal-consumption-expenditures", publisher: "BEA", publishedAt: new Date("2024-10-01") },
      { id: "gtap-fixture", kind: "DATASET", title: "GTAP import shares", url: "https://example.org/gtap", publisher: "The Budget Lab", publishedAt: new Date("2025-01-01") },
    ],
  });
  const categories = [
    { id: "footwear", name: "Footwear", htsPrefixes: ["6401", "6402", "6403", "6404"], referenceHts: "6403.99.60", pceLine: "Shoes and other footwear", retailMargin: 0.355, gtapSector: "lea", importShare: 0.883 },
    { id: "small-appliances", name: "Small kitchen appliances", htsPrefixes: ["851671", "851672"], referenceHts: "8516.71.00", pceLine: "Small electric household appliances", retailMargin: 0.539, gtapSector: "ele", importShare: 0.8 },
    { id: "toys", name: "Toys and games", htsPrefixes: ["9503"], referenceHts: "9503.00.00", pceLine: "Games, toys, and hobbies", retailMargin: 0.4, gtapSector: "omf", importShare: 0.9 },
    { id: "furniture", name: "Furniture", htsPrefixes: ["9401", "9403"], referenceHts: "9401.61.40", pceLine: "Furniture", retailMargin: 0.45, gtapSector: "lum", importShare: 0.6 },
  ];
  await db.consumerCategory.createMany({
    data: categories.map((c, i) => ({ ...c, retailMarginSourceId: "bea-pce-bridge", importShareSourceId: "gtap-fixture", sortOrder: i })),
  });
  const line = (code: string, description: string, path: string, rate: number, categoryId: string) => ({
    code,
    digits: code.replace(/\./g, ""),
    description,
    descriptionPath: path,
    generalRateText: rate === 0 ? "Free" : `${Math.round(rate * 1000) / 10}%`,
    generalAdValorem: rate,
    categoryId,
    releaseId: "2026_rev_10",
  });
  const leather = "Footwear with outer soles of rubber, plastics, leather or composition leather and uppers of leather > Other footwear > Other";
  await db.htsLine.createMany({
    data: [
      line("6403.99.60", "For men, youths and boys", leather, 0.085, "footwear"),
      line("6403.99.90", "For women", leather, 0.1, "footwear"),
      line("6404.11.90", "Sports footwear, other", "Footwear with outer soles of rubber or plastics and uppers of textile materials", 0.2, "footwear"),
      line("8516.71.00", "Coffee or tea makers", "Electric instantaneous or storage water heaters > Other electrothermic appliances of a kind used for domestic purposes", 0.037, "small-appliances"),
      line("9503.00.00", "Tricycles, scooters, dolls and other toys", "Toys", 0, "toys"),
      line("9401.61.40", "Other upholstered seats with wooden frames", "Seats > Other seats, with wooden frames > Upholstered", 0, "furniture"),
    ],
  });
  await db.originShare.createMany({
    data: [
      { gtapSector: "lea", country: "CN", share: 0.5, year: 2024, sourceId: "gtap-fixture" },
      { gtapSector: "lea", country: "VN", share: 0.3, year: 2024, sourceId: "gtap-fixture" },
      { gtapSector: "lea", country: "IT", share: 0.1, year: 2024, sourceId: "gtap-fixture" },
    ],
  });
  await db.tariffMeasure.create({
    data: {
      id: "fixture_s301_fl",
      authority: "S301_FORCED_LABOR",
      name: "Forced-labor Section 301 (fixture)",
      rate: 0.125,
      countries: ["VN", "CN"],
      products: ["*"],
      sourceId: "fr-fixture-301",
      confidence: "low",
      events: { create: [{ id: "fixture_s301_fl:effective", date: day(30), type: "EFFECTIVE", sourceId: "fr-fixture-301" }] },
    },
  });
  return categories.map((c) => c.id);
}

/** The committed tables when the seed exists, else the fixture rows; returns the category ids. */
export async function seedTariffFixtures(db: PrismaClient): Promise<string[]> {
  return seedFixtureRows(db);
}
