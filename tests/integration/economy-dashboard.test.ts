import { GET as getDashboard } from "@/app/api/economic/dashboard/route";
import { GET as getDetails } from "@/app/api/economic/details/route";
import categoriesFile from "@/data/tariffs/categories.json";
import { invalidateEconomicCache, resetEconomicCache } from "@/lib/economy/cache";
import { afterEconomicSnapshot, loadEconomicSnapshot } from "@/lib/economy/seed";
import { dashboardDetailsSchema, dashboardResponseSchema } from "@/lib/economy/schemas";
import { SEED_STEPS, seedDemoContent } from "@/lib/seed/demo-content";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
const SEEDED = new Date("2026-07-01T09:00:00Z");

async function seedSnapshot() {
  await db.prisma.$transaction((tx) => loadEconomicSnapshot(tx, SEEDED));
  await afterEconomicSnapshot(db.prisma, SEEDED);
}

const get = (handler: (r: Request) => Promise<Response>, path: string, headers: Record<string, string> = {}) => handler(new Request(`http://localhost${path}`, { headers }));

beforeEach(() => {
  resetEconomicCache();
});

describe("GET /api/economic/dashboard", () => {
  it("answers exactly the spec's shape, from the snapshot loaded by the seed", async () => {
    await seedSnapshot();
    const response = await get(getDashboard, "/api/economic/dashboard");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const raw = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(["alerts", "cpi", "lastUpdated", "news", "ppi"]);
    const body = dashboardResponseSchema.parse(raw); // strict: no field more, none less

    expect(body.lastUpdated).toBe(SEEDED.toISOString());
    expect(body.cpi).toHaveLength(37);
    expect(body.cpi[0]).toEqual({ category: "All items", value: 335.123, change: 4.2 });
    expect(body.cpi.find((c) => c.category === "Dairy and related products")).toEqual({ category: "Dairy and related products", value: 268.523, change: -1 });
    expect(body.cpi.find((c) => c.category === "Apparel")).toEqual({ category: "Apparel", value: null, change: null });
    expect(body.ppi).toHaveLength(18);
    expect(body.ppi[0]).toEqual({ sector: "Final demand", value: null, change: 6.5 });
    expect(body.news).toHaveLength(17);
    expect(body.news.map((n) => n.publishedAt)).toEqual([...body.news.map((n) => n.publishedAt)].sort().reverse());
    expect(body.news.find((n) => n.title.startsWith("Proclamation 10895"))).toEqual({
      title: "Proclamation 10895 - Adjusting Imports of Aluminum Into the United States",
      description: "Presidential proclamation of February 10, 2025 that revisits the Section 232 national-security tariffs on aluminum imports first set in 2018.",
      source: "Federal Register - Presidential Documents (Executive Office of the President), via GovInfo",
      publishedAt: "2025-02-18T00:00:00.000Z",
      category: "Steel & Aluminum",
      url: "https://www.govinfo.gov/content/pkg/FR-2025-02-18/html/2025-02832.htm",
      impact: "high",
    });
    // Alerts computed by the rules, most severe first (no tariff tables loaded here, so no
    // tariff-sensitive line comes first), each with its first-raised time.
    expect(body.alerts.length).toBeGreaterThan(5);
    expect(body.alerts[0]).toMatchObject({ severity: "high", title: "Fuel oil up 58.9% over 12 months", timestamp: SEEDED.toISOString() });
    expect(body.alerts.map((a) => a.title)).toEqual(expect.arrayContaining(["Consumer prices up 4.2% over 12 months", "Producer prices for final demand up 6.5% over 12 months"]));
    const ranks = body.alerts.map((a) => ({ high: 0, medium: 1, low: 2 })[a.severity]);
    expect(ranks).toEqual([...ranks].sort());
  });

  it("answers 304 when the browser already has the current answer", async () => {
    await seedSnapshot();
    const first = await get(getDashboard, "/api/economic/dashboard");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, s-maxage=60, stale-while-revalidate=240");
    const again = await get(getDashboard, "/api/economic/dashboard", { "If-None-Match": etag ?? "" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers empty lists (not an error) when nothing is stored", async () => {
    const response = await get(getDashboard, "/api/economic/dashboard");
    expect(response.status).toBe(200);
    const body = dashboardResponseSchema.parse(await response.json());
    expect(body).toMatchObject({ alerts: [], cpi: [], ppi: [], news: [] });
  });

  it("serves from the cache: another process's write shows after the cache is renewed, new data stored here at once", async () => {
    await seedSnapshot();
    const before = dashboardResponseSchema.parse(await (await get(getDashboard, "/api/economic/dashboard")).json());
    // A write the cache does not know about (another process): not seen yet.
    await db.prisma.economicObservation.update({
      where: { seriesId_period: { seriesId: "CUUR0000SA0", period: "2026-05" } },
      data: { value: 335.2, fetchedAt: new Date("2026-07-02T00:00:00Z") }, // TEST revision
    });
    const cached = dashboardResponseSchema.parse(await (await get(getDashboard, "/api/economic/dashboard")).json());
    expect(cached).toEqual(before);
    // Stored through this process (what the refresh does): seen at once.
    invalidateEconomicCache();
    const fresh = dashboardResponseSchema.parse(await (await get(getDashboard, "/api/economic/dashboard")).json());
    expect(fresh.cpi[0]).toEqual({ category: "All items", value: 335.2, change: 4.3 });
    expect(fresh.lastUpdated).toBe("2026-07-02T00:00:00.000Z");
  });

  it("answers 503 with a message when the store cannot be read and nothing is cached", async () => {
    await seedSnapshot();
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await db.prisma.$executeRawUnsafe(`ALTER TABLE "economic_series" RENAME TO "economic_series_away"`);
    try {
      const response = await get(getDashboard, "/api/economic/dashboard");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: "Economic data is temporarily unavailable. Please try again in a moment." });
    } finally {
      await db.prisma.$executeRawUnsafe(`ALTER TABLE "economic_series_away" RENAME TO "economic_series"`);
      spy.mockRestore();
    }
  });
});

describe("GET /api/economic/details", () => {
  it("names each list's source and as-of month, what is missing, and the trend points", async () => {
    await seedSnapshot();
    const response = await get(getDetails, "/api/economic/details");
    expect(response.status).toBe(200);
    const details = dashboardDetailsSchema.parse(await response.json());
    expect(details.cpi).toMatchObject({ asOf: "2026-05", origin: "snapshot", snapshotAsOf: "2026-05", fetchedAt: SEEDED.toISOString() });
    expect(details.cpi.source.name).toBe("U.S. Bureau of Labor Statistics");
    expect(details.cpi.source.detail).toContain("CPI May 2026, USDL-26-0824");
    expect(details.cpi.missing).toEqual(["Apparel", "Durables", "Electricity", "Gasoline (all types)", "Household furnishings and operations"]);
    expect(details.cpi.snapshotNotReadable).toContain("Coffee");
    expect(details.cpi.series["All items"]).toMatchObject({ seriesId: "CUUR0000SA0", basis: "computed" });
    expect(details.cpi.series["All items"]?.history).toHaveLength(13);
    expect(details.ppi).toMatchObject({ asOf: "2026-05", origin: "snapshot" });
    expect(details.ppi.series["Final demand"]).toMatchObject({ basis: "published", preliminary: true, history: [] });
    expect(details.news.origin).toBe("snapshot");
    expect(details.refresh).toEqual({ lastRunAt: null, lastStatus: null, lastSuccessAt: null });
    // The BLS release of the May 2026 CPI; the PPI snapshot names no release date.
    expect(details.cpi.releasedOn).toBe("2026-06-10");
    expect(details.ppi.releasedOn).toBeNull();
    // No refresh has run: no source was checked since the offline snapshot was loaded.
    expect(details.checks).toEqual({
      bls: { lastCheckedAt: null, lastAttemptAt: null, lastAttemptOk: null },
      federalRegister: { lastCheckedAt: null, lastAttemptAt: null, lastAttemptOk: null },
    });
  });

  it("lists the alerts about tariff-sensitive categories first, each with its period, and labels energy moves", async () => {
    await seedSnapshot();
    // The consumer categories of the tariff tables, as the tariff seed stores them.
    await db.prisma.consumerCategory.createMany({
      data: categoriesFile.map((c, i) => ({ ...c, retailMargin: c.retailMargin, importShare: c.importShare, sortOrder: i })),
    });
    const body = dashboardResponseSchema.parse(await (await get(getDashboard, "/api/economic/dashboard")).json());
    const details = dashboardDetailsSchema.parse(await (await get(getDetails, "/api/economic/details")).json());
    // One presentation per alert, in the dashboard's order.
    expect(details.alerts.map((a) => a.id)).toEqual(body.alerts.map((a) => a.id));
    const kinds = details.alerts.map((a) => a.kind);
    const groups = kinds.map((k) => ({ "tariff-category": 0, "tariff-action": 0, "price-index": 1, energy: 1, "data-notice": 2 })[k]);
    expect(groups).toEqual([...groups].sort());
    expect(body.alerts.slice(0, 2).map((a) => a.title)).toEqual(["Fruits and vegetables up 6.1% over 12 months", "Nonalcoholic beverages and beverage materials up 5.8% over 12 months"]);
    expect(details.alerts[1]).toMatchObject({ kind: "tariff-category", label: "Tariff-sensitive category", periodLabel: "May 2026 CPI", releasedOn: "2026-06-10", covers: ["Coffee"] });
    const fuelOil = body.alerts.findIndex((a) => a.title === "Fuel oil up 58.9% over 12 months");
    expect(details.alerts[fuelOil]).toMatchObject({ kind: "energy", label: "Energy price move (not a tariff alert)", periodLabel: "May 2026 CPI" });
    const headline = body.alerts.findIndex((a) => a.title === "Consumer prices up 4.2% over 12 months");
    expect(details.alerts[headline]).toMatchObject({ kind: "price-index", periodLabel: "May 2026 CPI" });
    expect(fuelOil).toBeGreaterThan(1);
    // Within the general moves the rules' order stays: most severe first.
    const general = body.alerts.filter((_, i) => groups[i] === 1).map((a) => ({ high: 0, medium: 1, low: 2 })[a.severity]);
    expect(general).toEqual([...general].sort());
  });

  it("says when each source was last checked, from the refresh ledger", async () => {
    await seedSnapshot();
    const t = (iso: string) => new Date(iso);
    await db.prisma.economicRefreshRun.createMany({
      data: [
        { trigger: "cron", status: "success", startedAt: t("2026-07-02T00:00:00Z"), finishedAt: t("2026-07-02T00:00:09Z"), observationsStored: 900, newsStored: 20 },
        { trigger: "cron", status: "partial", startedAt: t("2026-07-02T06:00:00Z"), finishedAt: t("2026-07-02T06:00:04Z"), observationsStored: 0, newsStored: 20 },
      ],
    });
    const details = dashboardDetailsSchema.parse(await (await get(getDetails, "/api/economic/details")).json());
    expect(details.checks.bls).toEqual({ lastCheckedAt: "2026-07-02T00:00:09.000Z", lastAttemptAt: "2026-07-02T06:00:04.000Z", lastAttemptOk: false });
    expect(details.checks.federalRegister).toEqual({ lastCheckedAt: "2026-07-02T06:00:04.000Z", lastAttemptAt: "2026-07-02T06:00:04.000Z", lastAttemptOk: true });
  });
});

// Each seed run loads every HTS line too (the step tariff-tables-v2): well over the default 30 s on a busy machine.
describe("seed step economic-snapshot-v1", () => {
  it("loads the snapshot once, however often the seed runs", async () => {
    expect(SEED_STEPS).toContain("economic-snapshot-v1");
    const first = await seedDemoContent(db.prisma);
    expect(first.applied).toContain("economic-snapshot-v1");
    const counts = async () => [await db.prisma.economicObservation.count(), await db.prisma.economicNewsItem.count(), await db.prisma.economicAlert.count()];
    const after = await counts();
    expect(after[0]).toBeGreaterThan(300);
    expect(after[1]).toBe(17);
    const again = await Promise.all([seedDemoContent(db.prisma), seedDemoContent(db.prisma)]);
    expect(again.flatMap((r) => r.applied)).toEqual([]);
    expect(await counts()).toEqual(after);
  }, 180_000);

  it("never overwrites newer data already in the store", async () => {
    await db.prisma.economicSeries.create({ data: { seriesId: "CUUR0000SA0", survey: "CPI", label: "All items", role: "headline", seasonallyAdjusted: false, onDashboard: true, sortOrder: 0 } });
    await db.prisma.economicObservation.create({
      data: { seriesId: "CUUR0000SA0", period: "2026-05", value: 335.2, origin: "bls-api", sourceRef: "BLS Public Data API v2", sourceUrl: "https://api.bls.gov/publicAPI/v2/timeseries/data/", fetchedAt: new Date() },
    });
    await seedDemoContent(db.prisma);
    expect(await db.prisma.economicObservation.findUnique({ where: { seriesId_period: { seriesId: "CUUR0000SA0", period: "2026-05" } } })).toMatchObject({ origin: "bls-api" });
  }, 180_000);
});
