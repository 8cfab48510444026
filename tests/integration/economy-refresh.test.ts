import { GET as getDashboard } from "@/app/api/economic/dashboard/route";
import { resetEconomicCache } from "@/lib/economy/cache";
import { percentChange } from "@/lib/economy/change";
import { refreshEconomicData, type RefreshConfig, type RefreshDeps } from "@/lib/economy/refresh";
import { dashboardResponseSchema } from "@/lib/economy/schemas";
import { snapshotBlsData, snapshotFederalRegisterDocuments, startFakeGovApis, type FakeGovApis } from "../helpers/fake-gov-apis";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * The refresh end to end: the real refresh code, a real database and a local server that
 * answers like the BLS and Federal Register APIs. Nothing leaves 127.0.0.1.
 *
 * The fake serves the snapshot's real index levels. Where a test needs a month the
 * snapshot lacks, it adds test values, marked TEST below; they never reach the app.
 */
// Each test starts with the shipped snapshot stored on 2026-07-01 by the seed step's own functions (the template).
const db = setupTestDatabase({ template: "economic-snapshot" });
let fake: FakeGovApis;
let lines: string[];

beforeAll(async () => {
  fake = await startFakeGovApis();
});
afterAll(async () => {
  await fake.close();
});

const NOW = new Date("2026-07-20T12:00:00Z");

beforeEach(async () => {
  resetEconomicCache();
  fake.bls = snapshotBlsData();
  fake.federalRegister = snapshotFederalRegisterDocuments();
  fake.validKeys = new Set(["0123456789abcdef0123456789abcdef"]);
  fake.failNextBls = [];
  fake.failNextFederalRegister = [];
  fake.blsRequests.length = 0;
  fake.federalRegisterRequests.length = 0;
  fake.dailyQueries.clear();
  lines = [];
});

function refresh(over: Omit<Partial<RefreshDeps>, "config"> & { config?: Partial<RefreshConfig> } = {}) {
  return refreshEconomicData({
    db: db.prisma,
    trigger: "cli",
    now: () => NOW,
    sleep: async () => undefined,
    log: (_level, line) => void lines.push(line),
    ...over,
    config: { blsApiUrl: fake.blsUrl, federalRegisterApiUrl: fake.federalRegisterUrl, timeoutMs: 2_000, retries: 2, backoffMs: 1_000, ...over.config },
  });
}

async function observation(seriesId: string, period: string) {
  return db.prisma.economicObservation.findUnique({ where: { seriesId_period: { seriesId, period } } });
}

async function dashboard() {
  const response = await getDashboard(new Request("http://localhost/api/economic/dashboard"));
  expect(response.status).toBe(200);
  return dashboardResponseSchema.parse(await response.json());
}

describe("refresh from the BLS and Federal Register APIs", () => {
  it("fills the gaps, computes changes from the levels, stores news, and the dashboard shows it at once", async () => {
    // TEST values: a PPI final demand level for May 2025 and May 2026, and gasoline for May 2026.
    fake.bls.set("WPUFD4", [
      { period: "2025-05", value: "147.000" },
      { period: "2026-05", value: "156.555", preliminary: true },
    ]);
    fake.bls.get("CUUR0000SETB01")?.push({ period: "2026-05", value: "380.000" });
    const before = await dashboard();
    expect(before.ppi[0]).toEqual({ sector: "Final demand", value: null, change: 6.5 });

    const summary = await refresh();

    expect(summary.status).toBe("success");
    expect(summary.bls).toMatchObject({ series: 55, batches: 3, batchesOk: 3, requests: 3, skippedSeries: 0 });
    expect(summary.federalRegister).toMatchObject({ ok: true, documents: 13 });
    // Keyless: at most 25 series per query, 3 calendar years, no key sent.
    expect(fake.blsRequests.map((r) => (r.body.seriesid as string[]).length)).toEqual([25, 25, 5]);
    expect(fake.blsRequests.every((r) => r.body.startyear === "2024" && r.body.endyear === "2026" && !("registrationkey" in r.body))).toBe(true);
    expect(fake.federalRegisterRequests[0]?.searchParams.get("conditions[term]")).toBe("tariffs");

    const fd = await observation("WPUFD4", "2026-05");
    expect(fd).toMatchObject({ origin: "bls-api", preliminary: true, sourceUrl: fake.blsUrl, sourceRef: "BLS Public Data API v2" });
    expect(Number(fd?.value)).toBe(156.555);
    expect(Number(fd?.publishedChange12mo)).toBe(6.5); // kept, but no longer used: the levels are there
    expect(fd?.fetchedAt).toEqual(NOW);
    // Confirmed snapshot values now come from the API.
    expect(await observation("CUUR0000SA0", "2026-05")).toMatchObject({ origin: "bls-api", fetchedAt: NOW });

    const after = await dashboard();
    expect(after.ppi[0]).toEqual({ sector: "Final demand", value: 156.555, change: 6.5 }); // (156.555 / 147 - 1) x 100 = 6.5
    // The gap is filled; the change is computed against the May 2025 level the snapshot has.
    const gasMay2025 = Number((await observation("CUUR0000SETB01", "2025-05"))?.value);
    expect(after.cpi.find((c) => c.category === "Gasoline (all types)")).toEqual({ category: "Gasoline (all types)", value: 380, change: percentChange(gasMay2025, 380) });
    expect(percentChange(gasMay2025, 380)).not.toBeNull();
    expect(after.cpi.find((c) => c.category === "All items")).toEqual({ category: "All items", value: 335.123, change: 4.2 });
    expect(after.lastUpdated).toBe(NOW.toISOString());
    expect(after.news.find((n) => n.title.startsWith("Proclamation 10984"))).toMatchObject({ source: "Federal Register - Executive Office of the President", impact: "high", category: "Autos" });
    expect(await db.prisma.economicNewsItem.count({ where: { origin: "federal-register" } })).toBe(13);
    expect(await db.prisma.economicRefreshRun.findFirst()).toMatchObject({ status: "success", blsRequests: 3, trigger: "cli", observationsStored: expect.any(Number) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[economic-refresh\] success \(cli\)/);
  });

  it("stores a revision BLS made to a month it already had", async () => {
    fake.bls.set("CUUR0000SA0", [
      ...(fake.bls.get("CUUR0000SA0") ?? []).filter((o) => o.period !== "2026-05"),
      { period: "2026-05", value: "335.200" }, // TEST revision
    ]);
    const summary = await refresh();
    expect(summary.bls.changed).toBeGreaterThanOrEqual(1);
    expect(Number((await observation("CUUR0000SA0", "2026-05"))?.value)).toBe(335.2);
  });

  it("keeps the last good data when a batch and the news fail (partial), and logs one line", async () => {
    const before = await observation("CUUR0000SA0", "2026-05");
    fake.failNextBls = ["http-500", "http-500", "http-500"]; // the first batch, all three attempts
    fake.failNextFederalRegister = ["malformed-json"];
    const summary = await refresh();

    expect(summary.status).toBe("partial");
    expect(summary.bls).toMatchObject({ batches: 3, batchesOk: 2, requests: 5 });
    expect(summary.federalRegister.ok).toBe(false);
    // The first batch holds All items: untouched.
    expect(await observation("CUUR0000SA0", "2026-05")).toEqual(before);
    expect(await db.prisma.economicNewsItem.count({ where: { origin: "snapshot" } })).toBe(17);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/partial.*HTTP 500.*Kept the stored data.*not JSON.*Kept the stored news/);
    const run = await db.prisma.economicRefreshRun.findFirst();
    expect(run).toMatchObject({ status: "partial", blsRequests: 5 });
    expect(run?.messages.length).toBeGreaterThanOrEqual(2);
    expect((await dashboard()).cpi[0]).toEqual({ category: "All items", value: 335.123, change: 4.2 });
  });

  it.each(["bad-value", "unasked-series", "wrong-shape", "malformed-json"] as const)("rejects a %s BLS answer whole: nothing of that batch is stored", async (failure) => {
    fake.failNextBls = [failure];
    fake.bls.get("CUUR0000SA0")?.push({ period: "2026-06", value: "336.000" }); // TEST month, in the rejected batch
    const summary = await refresh();
    expect(summary.status).toBe("partial");
    expect(summary.bls.batchesOk).toBe(2);
    expect(await observation("CUUR0000SA0", "2026-06")).toBeNull();
    expect(await observation("CUUR0000SA0", "2026-05")).toMatchObject({ origin: "snapshot" });
    expect(summary.messages.join(" ")).toMatch(/not JSON|not in the API's format|not asked for|not a number/);
  });

  it("rejects a malformed Federal Register answer whole", async () => {
    fake.failNextFederalRegister = ["bad-value"];
    const summary = await refresh();
    expect(summary.federalRegister.ok).toBe(false);
    expect(await db.prisma.economicNewsItem.count({ where: { origin: "federal-register" } })).toBe(0);
    expect(await db.prisma.economicNewsItem.count()).toBe(17);
  });

  it("stays inside the keyless limit of 25 queries a day, counted across runs", async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await refresh()).status);
    expect(fake.dailyQueries.get("")).toBe(25); // 8 runs x 3 queries + 1
    expect(fake.blsRequests.some((r) => r.answered === "daily-limit")).toBe(false);
    expect(statuses.slice(0, 8).every((s) => s === "success")).toBe(true);
    expect(statuses[8]).toBe("partial");
    const last = await db.prisma.economicRefreshRun.findFirst({ orderBy: { startedAt: "desc" }, where: { blsRequests: 1 } });
    expect(last?.messages.join(" ")).toMatch(/daily query limit reached \(25 a day without BLS_API_KEY\); 30 series not refreshed/);
    // A tenth run the same day asks BLS nothing at all.
    const tenth = await refresh();
    expect(tenth.bls.requests).toBe(0);
    expect(fake.dailyQueries.get("")).toBe(25);
  });

  it("counts only queries made in the last 24 hours", async () => {
    await db.prisma.economicRefreshRun.create({ data: { trigger: "cli", status: "success", startedAt: new Date(NOW.getTime() - 25 * 3600_000), blsRequests: 25 } });
    await db.prisma.economicRefreshRun.create({ data: { trigger: "cli", status: "success", startedAt: new Date(NOW.getTime() - 3600_000), blsRequests: 23 } });
    const summary = await refresh();
    expect(summary.bls.requests).toBe(2);
    expect(summary.bls.skippedSeries).toBe(5);
  });

  it("with BLS_API_KEY sends the key and 50 series per query", async () => {
    const summary = await refresh({ config: { blsApiKey: "0123456789abcdef0123456789abcdef" } });
    expect(summary.status).toBe("success");
    expect(fake.blsRequests.map((r) => [(r.body.seriesid as string[]).length, r.body.registrationkey])).toEqual([
      [50, "0123456789abcdef0123456789abcdef"],
      [5, "0123456789abcdef0123456789abcdef"],
    ]);
  });

  it("stops asking BLS when it answers that the daily threshold is reached", async () => {
    fake.dailyQueries.set("", 25); // someone else on this address used the day's queries
    const summary = await refresh();
    expect(summary.status).toBe("partial");
    expect(fake.blsRequests).toHaveLength(1);
    expect(summary.messages.join(" ")).toMatch(/daily threshold.*55 series not refreshed/);
  });

  it("with no network fails fast: one attempt per source and retries, no more batches, data kept, one log line", async () => {
    const closed = await startFakeGovApis();
    const deadUrl = closed.blsUrl;
    const deadFr = closed.federalRegisterUrl;
    await closed.close();
    const before = await db.prisma.economicObservation.count();
    const waits: number[] = [];
    const summary = await refresh({ config: { blsApiUrl: deadUrl, federalRegisterApiUrl: deadFr }, sleep: async (ms) => void waits.push(ms) });
    expect(summary.status).toBe("failed");
    expect(summary.bls).toMatchObject({ batchesOk: 0, requests: 0, skippedSeries: 30 });
    expect(waits).toEqual([1000, 2000, 1000, 2000]); // BLS batch 1 and the Federal Register, each retried twice
    expect(await db.prisma.economicObservation.count()).toBe(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[economic-refresh\] failed .*ECONNREFUSED.*network unavailable.*Kept the stored news/);
    expect((await dashboard()).cpi[0]?.value).toBe(335.123);
  });

  it("gives up on an API that does not answer within the timeout", async () => {
    fake.failNextFederalRegister = ["no-answer", "no-answer", "no-answer"];
    const started = Date.now();
    const summary = await refresh({ config: { timeoutMs: 300 } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(summary.federalRegister.ok).toBe(false);
    expect(summary.messages.join(" ")).toMatch(/no answer within 0.3 s/);
    expect(summary.status).toBe("partial");
  });

  it("runs once when asked twice at the same time", async () => {
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect(a.runId).toBe(b.runId);
    expect(await db.prisma.economicRefreshRun.count()).toBe(1);
  });

  it("says so when the store has no series yet", async () => {
    await db.prisma.economicSeries.deleteMany();
    const summary = await refresh();
    expect(summary.bls.series).toBe(0);
    expect(fake.blsRequests).toHaveLength(0);
    expect(summary.messages[0]).toMatch(/npm run db:seed/);
  });
});
