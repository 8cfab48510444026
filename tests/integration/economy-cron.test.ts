import { resetEconomicCache } from "@/lib/economy/cache";
import { snapshotBlsData, snapshotFederalRegisterDocuments, startFakeGovApis, type FakeGovApis } from "../helpers/fake-gov-apis";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * GET /api/cron/refresh-economic-data and the embedded set-up's timer, against the local
 * stand-in for the BLS and Federal Register APIs. The environment is read once per module
 * load, so each case loads the route afresh with its own variables.
 */
// Each test starts with the shipped snapshot stored on 2026-07-01 by the seed step's own functions (the template).
const db = setupTestDatabase({ template: "economic-snapshot" });
// The retry backoff (lib/economy/http.ts) is recorded, not waited: the runs below that reach
// nothing would otherwise wait 1 s and 2 s per call (docs/performance.md "CI time").
const mockBackoffWaits: number[] = [];
jest.mock("@/lib/economy/http", () => ({
  ...jest.requireActual<typeof import("@/lib/economy/http")>("@/lib/economy/http"),
  defaultSleep: async (ms: number) => void mockBackoffWaits.push(ms),
}));
let fake: FakeGovApis;
const SECRET = "cron-test-secret-0123456789";

beforeAll(async () => {
  fake = await startFakeGovApis();
});
afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  resetEconomicCache();
  fake.bls = snapshotBlsData();
  fake.federalRegister = snapshotFederalRegisterDocuments();
  fake.blsRequests.length = 0;
  fake.dailyQueries.clear();
  mockBackoffWaits.length = 0;
  jest.spyOn(console, "info").mockImplementation(() => undefined);
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  for (const k of ["CRON_SECRET", "BLS_API_URL", "FEDERAL_REGISTER_API_URL", "ECONOMIC_REFRESH_INTERVAL_MINUTES"]) delete process.env[k];
});

// The route loaded under each environment, once: a load is most of a case's time, and the
// cases that share an environment (the refusals and the successful run) share the load.
const loaded = new Map<string, Promise<typeof import("@/app/api/cron/refresh-economic-data/route")>>();

async function cronRoute(env: Record<string, string>) {
  const vars = { BLS_API_URL: fake.blsUrl, FEDERAL_REGISTER_API_URL: fake.federalRegisterUrl, ...env };
  const key = JSON.stringify(vars);
  Object.assign(process.env, vars);
  if (!loaded.has(key)) {
    loaded.set(
      key,
      (async () => {
        let route!: typeof import("@/app/api/cron/refresh-economic-data/route");
        await jest.isolateModulesAsync(async () => {
          route = await import("@/app/api/cron/refresh-economic-data/route");
        });
        return route;
      })(),
    );
  }
  const route = await loaded.get(key)!;
  return (headers: Record<string, string> = {}) => route.GET(new Request("http://localhost/api/cron/refresh-economic-data", { headers }));
}

describe("GET /api/cron/refresh-economic-data", () => {
  it("is off (503) while CRON_SECRET is not set, and calls nothing", async () => {
    const call = await cronRoute({});
    const response = await call({ Authorization: "Bearer anything-at-all-here" });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: "The scheduled refresh is off on this server: set CRON_SECRET to turn it on." });
    expect(fake.blsRequests).toHaveLength(0);
  });

  it.each([
    ["no Authorization header", {}],
    ["a wrong secret", { Authorization: "Bearer cron-test-secret-0123456780" }],
    ["the secret without Bearer", { Authorization: SECRET }],
    ["a longer secret", { Authorization: `Bearer ${SECRET}x` }],
  ])("refuses %s with 401 and refreshes nothing", async (_name, headers) => {
    const call = await cronRoute({ CRON_SECRET: SECRET });
    const response = await call(headers);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(((await response.json()) as { message: string }).message).toMatch(/Bearer <CRON_SECRET>/);
    expect(fake.blsRequests).toHaveLength(0);
    expect(await db.prisma.economicRefreshRun.count()).toBe(0);
  });

  it("runs the refresh with the right secret and answers its summary", async () => {
    const call = await cronRoute({ CRON_SECRET: SECRET });
    const response = await call({ Authorization: `Bearer ${SECRET}` });
    expect(response.status).toBe(200);
    const summary = (await response.json()) as { status: string; bls: { requests: number } };
    expect(summary.status).toBe("success");
    expect(summary.bls.requests).toBe(3);
    expect(await db.prisma.economicRefreshRun.findFirst()).toMatchObject({ trigger: "cron", status: "success" });
  });

  it("answers 502 when nothing could be refreshed, keeping the data", async () => {
    const call = await cronRoute({ CRON_SECRET: SECRET, BLS_API_URL: "http://127.0.0.1:9/publicAPI/v2/timeseries/data/", FEDERAL_REGISTER_API_URL: "http://127.0.0.1:9/api/v1/documents.json" });
    const before = await db.prisma.economicObservation.count();
    const response = await call({ Authorization: `Bearer ${SECRET}` });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { status: string }).status).toBe("failed");
    expect(await db.prisma.economicObservation.count()).toBe(before);
    // Each call was tried three times, backing off 1 s then 2 s.
    expect(mockBackoffWaits.length).toBeGreaterThan(0);
    expect(new Set(mockBackoffWaits)).toEqual(new Set([1_000, 2_000]));
  }, 30_000);
});

describe("the in-process timer (embedded set-up)", () => {
  async function scheduler() {
    let mod!: typeof import("@/lib/economy/scheduler");
    await jest.isolateModulesAsync(async () => {
      mod = await import("@/lib/economy/scheduler");
    });
    return mod;
  }

  afterEach(() => {
    const holder = globalThis as { __economicRefreshTimer?: NodeJS.Timeout | true };
    if (holder.__economicRefreshTimer && holder.__economicRefreshTimer !== true) clearTimeout(holder.__economicRefreshTimer);
    delete holder.__economicRefreshTimer;
  });

  it("does not start when ECONOMIC_REFRESH_INTERVAL_MINUTES is 0 or a PostgreSQL server is configured", async () => {
    const { startEconomicRefreshTimer } = await scheduler();
    startEconomicRefreshTimer({ ECONOMIC_REFRESH_INTERVAL_MINUTES: "0", PGLITE_DATA_DIR: "memory://" });
    expect((globalThis as { __economicRefreshTimer?: unknown }).__economicRefreshTimer).toBeUndefined();
    startEconomicRefreshTimer({ DATABASE_URL: "postgres://x@127.0.0.1:1/db" });
    expect((globalThis as { __economicRefreshTimer?: unknown }).__economicRefreshTimer).toBeUndefined();
  });

  it("refreshes on its own, then waits for the interval; a failed run logs once and changes nothing", async () => {
    const { startEconomicRefreshTimer } = await scheduler();
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    startEconomicRefreshTimer(
      { ECONOMIC_REFRESH_INTERVAL_MINUTES: "15", PGLITE_DATA_DIR: "memory://", BLS_API_URL: "http://127.0.0.1:9/publicAPI/v2/timeseries/data/", FEDERAL_REGISTER_API_URL: "http://127.0.0.1:9/api/v1/documents.json" },
      { firstRunDelayMs: 10 },
    );
    const timer = (globalThis as { __economicRefreshTimer?: NodeJS.Timeout }).__economicRefreshTimer;
    expect(timer?.hasRef()).toBe(false); // never keeps the process alive
    const before = await db.prisma.economicObservation.count();
    for (let i = 0; i < 200 && (await db.prisma.economicRefreshRun.count({ where: { status: { not: "running" } } })) === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const run = await db.prisma.economicRefreshRun.findFirst();
    expect(run).toMatchObject({ trigger: "timer", status: "failed" });
    expect(await db.prisma.economicObservation.count()).toBe(before);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(new Set(mockBackoffWaits)).toEqual(new Set([1_000, 2_000]));
    // The next run is an interval away, not right after the failure.
    const next = (globalThis as { __economicRefreshTimer?: NodeJS.Timeout }).__economicRefreshTimer;
    expect(next).not.toBe(timer);
  }, 30_000);
});
