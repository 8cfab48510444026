import type { PrismaClient } from "@/lib/db/generated/client";

/**
 * A small body of tariff law for the alert engine's tests and bench, with the numbers of
 * research note B4's worked example (men's leather shoes, HTS 6403.99.60, MFN 8.5%): the
 * Section 122 10% surcharge expires on 2026-07-24 and a forced-labor Section 301 duty of
 * 12.5% on Vietnam and China starts the same day. Vietnam: 18.5% → 21.0% (landed +2.11%,
 * central +0.75% with m = 0.355). Wooden upholstered seats (9401.61.40) pay Section 232
 * 25% since 2025-10-14, which displaces Section 122: the same day changes nothing there.
 */
export const FIXTURE_NOW = new Date("2026-07-01T12:00:00Z");

export async function seedAlertFixtures(db: PrismaClient): Promise<void> {
  await db.sourceDocument.createMany({
    data: [
      { id: "fr-2026-s122", kind: "PROCLAMATION", title: "Proclamation: temporary import surcharge (Section 122)", citation: "91 FR 10001", url: "https://www.federalregister.gov/d/2026-s122", publisher: "Federal Register", publishedAt: new Date("2026-02-20") },
      { id: "fr-2026-fl301", kind: "USTR_NOTICE", title: "USTR: forced-labor Section 301 action", citation: "FR Doc 2026-03824", url: "https://www.federalregister.gov/d/2026-03824", publisher: "Federal Register", publishedAt: new Date("2026-06-01") },
      { id: "fr-2025-s232-wood", kind: "PROCLAMATION", title: "Section 232: timber, lumber and upholstered furniture", citation: "90 FR 48000", url: "https://www.federalregister.gov/d/2025-s232", publisher: "Federal Register", publishedAt: new Date("2025-09-29") },
      { id: "fr-2026-s301-appl", kind: "USTR_NOTICE", title: "USTR: Section 301 increase on small appliances", citation: "FR Doc 2026-05000", url: "https://www.federalregister.gov/d/2026-05000", publisher: "Federal Register", publishedAt: new Date("2026-06-10") },
      { id: "hts-2026-rev-10", kind: "HTS_RELEASE", title: "HTS 2026 Revision 10", citation: null, url: "https://hts.usitc.gov/", publisher: "USITC", publishedAt: new Date("2026-06-08") },
      { id: "bea-pce-bridge", kind: "DATASET", title: "BEA PCE Bridge", citation: null, url: "https://www.bea.gov/industry/industry-underlying-estimates", publisher: "BEA", publishedAt: new Date("2024-01-01") },
      { id: "fed-feds-note-2026-04-08", kind: "PAPER", title: "FEDS Notes: tariff pass-through", citation: null, url: "https://www.federalreserve.gov/econres/notes/feds-notes/", publisher: "Federal Reserve Board", publishedAt: new Date("2026-04-08") },
      { id: "gtap-imports-2024", kind: "DATASET", title: "US imports by country, GTAP sectors, 2024", citation: null, url: "https://dataweb.usitc.gov/", publisher: "USITC DataWeb", publishedAt: new Date("2025-03-01") },
    ],
  });
  await db.consumerCategory.createMany({
    data: [
      { id: "footwear", name: "Footwear", htsPrefixes: ["6403", "6404"], referenceHts: "6403.99.60", pceLine: "Shoes and other footwear", retailMargin: 0.355, retailMarginSourceId: "bea-pce-bridge", cpiSeriesId: "CUUR0000SEAE", cpiLabel: "Footwear", gtapSector: "lea", importShare: 0.883, importShareSourceId: "gtap-imports-2024", sortOrder: 1 },
      { id: "furniture", name: "Furniture", htsPrefixes: ["9401"], referenceHts: "9401.61.40", pceLine: "Furniture", retailMargin: 0.45, retailMarginSourceId: "bea-pce-bridge", cpiSeriesId: null, cpiLabel: null, gtapSector: "lum", importShare: 0.6, importShareSourceId: "gtap-imports-2024", sortOrder: 2 },
      { id: "appliances", name: "Small appliances", htsPrefixes: ["8516"], referenceHts: "8516.71.00", pceLine: "Small electric household appliances", retailMargin: 0.539, retailMarginSourceId: "bea-pce-bridge", cpiSeriesId: null, cpiLabel: null, gtapSector: "ele", importShare: 0.9, importShareSourceId: "gtap-imports-2024", sortOrder: 3 },
    ],
  });
  await db.htsLine.createMany({
    data: [
      { code: "6403.99.60", digits: "64039960", description: "Footwear with leather uppers, for men", descriptionPath: "Footwear > leather uppers > for men", generalRateText: "8.5%", generalAdValorem: 0.085, ch99Refs: ["9903.88.15"], categoryId: "footwear", releaseId: "2026_rev_10" },
      { code: "9401.61.40", digits: "94016140", description: "Upholstered seats with wooden frames", descriptionPath: "Seats > upholstered > wooden frames", generalRateText: "Free", generalAdValorem: 0, ch99Refs: [], categoryId: "furniture", releaseId: "2026_rev_10" },
      { code: "8516.71.00", digits: "85167100", description: "Coffee or tea makers", descriptionPath: "Electrothermic appliances > coffee makers", generalRateText: "3.7%", generalAdValorem: 0.037, ch99Refs: ["9903.88.15"], categoryId: "appliances", releaseId: "2026_rev_10" },
    ],
  });
  await db.originShare.createMany({
    data: [
      { gtapSector: "lea", country: "CN", share: 0.5, year: 2024, sourceId: "gtap-imports-2024" },
      { gtapSector: "lea", country: "VN", share: 0.3, year: 2024, sourceId: "gtap-imports-2024" },
      { gtapSector: "lea", country: "IT", share: 0.2, year: 2024, sourceId: "gtap-imports-2024" },
      { gtapSector: "lum", country: "VN", share: 0.6, year: 2024, sourceId: "gtap-imports-2024" },
      { gtapSector: "lum", country: "CN", share: 0.4, year: 2024, sourceId: "gtap-imports-2024" },
      { gtapSector: "ele", country: "CN", share: 1, year: 2024, sourceId: "gtap-imports-2024" },
    ],
  });
  await db.tariffMeasure.createMany({
    data: [
      { id: "s122_surcharge", authority: "S122", name: "Section 122 surcharge", ch99Headings: ["9903.03.01"], rate: 0.1, countries: ["ALL"], products: ["*"], notWith: ["S232"], sourceId: "fr-2026-s122", confidence: "high" },
      { id: "s301_forced_labor", authority: "S301_FORCED_LABOR", name: "Forced-labor Section 301", ch99Headings: ["9903.92.01"], rate: 0.125, countries: ["VN", "CN"], products: ["64", "9401"], notWith: ["S232"], sourceId: "fr-2026-fl301", confidence: "medium" },
      { id: "s232_wood", authority: "S232", name: "Section 232 upholstered wooden furniture", ch99Headings: ["9903.76.02"], rate: 0.25, countries: ["ALL"], products: ["9401"], sourceId: "fr-2025-s232-wood", confidence: "high" },
      { id: "s301_china_list4a", authority: "S301_CHINA", name: "China 301 List 4A", ch99Headings: ["9903.88.15"], rate: 0.075, countries: ["CN"], products: ["8516", "6403"], stacking: "MAX_WITHIN_AUTHORITY", sourceId: "fr-2026-s301-appl", confidence: "high" },
    ],
  });
  await db.measureEvent.createMany({
    data: [
      { id: "s122:effective", measureId: "s122_surcharge", date: new Date("2026-02-24"), type: "EFFECTIVE", sourceId: "fr-2026-s122" },
      { id: "s122:expired", measureId: "s122_surcharge", date: new Date("2026-07-24"), type: "EXPIRED", sourceId: "fr-2026-s122" },
      { id: "fl301:final", measureId: "s301_forced_labor", date: new Date("2026-06-01"), type: "FINAL", sourceId: "fr-2026-fl301" },
      { id: "fl301:effective", measureId: "s301_forced_labor", date: new Date("2026-07-24"), type: "EFFECTIVE", sourceId: "fr-2026-fl301" },
      { id: "s232wood:effective", measureId: "s232_wood", date: new Date("2025-10-14"), type: "EFFECTIVE", sourceId: "fr-2025-s232-wood" },
      { id: "list4a:effective", measureId: "s301_china_list4a", date: new Date("2019-09-01"), type: "EFFECTIVE", sourceId: "fr-2026-s301-appl" },
    ],
  });
}

/** A subscriber with an active trial (alerts by digest) or a paid plan. */
export async function makeSubscriber(
  db: PrismaClient,
  email: string,
  access: { trial?: boolean; plan?: "consumer" | "professional" | "pro-alerts"; status?: string; lapsedTrial?: boolean },
  now: Date = FIXTURE_NOW,
  extra: { alertFrequency?: string; phone?: string | null; emailOptOuts?: string[] } = {},
): Promise<string> {
  const s = await db.subscriber.create({ data: { email, alertFrequency: extra.alertFrequency ?? "weekly", phone: extra.phone ?? null, emailOptOuts: extra.emailOptOuts ?? [] } });
  if (access.trial || access.lapsedTrial) {
    const start = new Date(now.getTime() - (access.lapsedTrial ? 20 : 1) * 86_400_000);
    await db.freeTrial.create({
      data: { email, firstName: "Pat", lastName: "Lee", startDate: start, endDate: new Date(start.getTime() + 7 * 86_400_000), isActive: !access.lapsedTrial, subscriberId: s.id },
    });
  }
  if (access.plan) {
    await db.subscription.create({
      data: { provider: "stripe", providerSubscriptionId: `sub_${s.id.slice(0, 8)}`, email, planId: access.plan, status: access.status ?? "active", currentPeriodEnd: new Date(now.getTime() + 20 * 86_400_000), subscriberId: s.id },
    });
  }
  return s.id;
}
