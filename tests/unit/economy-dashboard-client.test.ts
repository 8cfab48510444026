import { DASHBOARD_SWR_OPTIONS, fetchDashboard, retryDelayMs } from "@/components/dashboard/dashboard-data";
import { formatChange } from "@/components/dashboard/format";
import { describeTrend, gapsIn } from "@/components/dashboard/trend-chart";

describe("the dashboard's SWR settings (docs/product-rules.md §4, §7 and §9)", () => {
  it("refetch every 30 s, retry a failed load twice, never on focus", () => {
    expect(DASHBOARD_SWR_OPTIONS).toMatchObject({ refreshInterval: 30_000, revalidateOnFocus: false, revalidateOnReconnect: false, errorRetryCount: 2 });
  });

  it("back off from 1 s, doubling, at most 30 s", () => {
    expect([1, 2, 3, 5, 6, 10].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 16_000, 30_000, 30_000]);
  });

  it("schedule exactly two retries", () => {
    jest.useFakeTimers();
    const revalidate = jest.fn();
    const retry = DASHBOARD_SWR_OPTIONS.onErrorRetry!;
    for (const retryCount of [1, 2, 3]) retry(new Error("x"), "/api/economic/dashboard", DASHBOARD_SWR_OPTIONS as never, revalidate, { retryCount, dedupe: true });
    jest.advanceTimersByTime(60_000);
    expect(revalidate.mock.calls.map((c) => c[0])).toEqual([{ retryCount: 1 }, { retryCount: 2 }]);
    jest.useRealTimers();
  });
});

describe("fetchDashboard", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it("throws the spec's message on a non-OK answer or a body that is not the dashboard", async () => {
    global.fetch = jest.fn(async () => new Response("{}", { status: 503 }));
    await expect(fetchDashboard("/api/economic/dashboard")).rejects.toThrow("Failed to fetch economic data");
    global.fetch = jest.fn(async () => new Response(JSON.stringify({ lastUpdated: "x", alerts: [] })));
    await expect(fetchDashboard("/api/economic/dashboard")).rejects.toThrow("Failed to fetch economic data");
    global.fetch = jest.fn(async () => {
      throw new TypeError("offline");
    });
    await expect(fetchDashboard("/api/economic/dashboard")).rejects.toThrow("Failed to fetch economic data");
  });

  it("sends cookies and asks for JSON", async () => {
    const body = { lastUpdated: "2026-06-11T12:00:00.000Z", alerts: [], cpi: [], ppi: [], news: [] };
    const spy = jest.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body)));
    global.fetch = spy as unknown as typeof fetch;
    expect(await fetchDashboard("/api/economic/dashboard")).toEqual(body);
    expect(spy.mock.calls[0]?.[1]).toMatchObject({ credentials: "include" });
  });
});

describe("display", () => {
  it("signs changes: plus for a rise, minus for a fall", () => {
    expect([formatChange(4.2), formatChange(-1), formatChange(0)]).toEqual(["+4.2%", "-1.0%", "0.0%"]);
  });

  it("describes a trend in words, naming the gaps", () => {
    const points = [
      { period: "2025-08", value: 323.976 },
      { period: "2025-09", value: 324.8 },
      { period: "2026-01", value: 325.252 },
      { period: "2026-03", value: 330.213 },
    ];
    expect(gapsIn(points)).toEqual(["October 2025 to December 2025", "February 2026"]);
    expect(describeTrend("All items", points)).toBe(
      "All items index, 4 monthly readings: 323.976 in August 2025, 330.213 in March 2026; it rose 1.9% over the period. No readings for October 2025 to December 2025; February 2026.",
    );
  });
});
