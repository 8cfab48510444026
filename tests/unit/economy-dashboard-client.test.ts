import { DASHBOARD_SWR_OPTIONS, fetchDashboard, retryDelayMs } from "@/components/dashboard/dashboard-data";
import { formatChange, formatDate, formatDateTime, formatDateTimeSeconds, formatDateTimeUtc, formatIndex } from "@/components/dashboard/format";
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

  it("writes dates, times and indexes as en-US Intl would, without creating an Intl formatter", () => {
    const intl = (options: Intl.DateTimeFormatOptions) => (d: Date) => new Intl.DateTimeFormat("en-US", options).format(d).replace(/\u202f/g, " ");
    const moments = ["2026-11-21T21:49:54Z", "2026-01-05T00:07:09Z", "2025-12-31T23:59:59.999Z", "2026-07-04T12:00:00Z", "2024-02-29T11:59:00Z"];
    for (const iso of moments) {
      const d = new Date(iso);
      expect(formatDateTime(iso)).toBe(intl({ dateStyle: "medium", timeStyle: "short" })(d));
      expect(formatDateTimeSeconds(iso)).toBe(intl({ dateStyle: "medium", timeStyle: "medium" })(d));
      expect(formatDate(iso)).toBe(intl({ dateStyle: "medium", timeZone: "UTC" })(d));
      expect(formatDateTimeUtc(iso)).toBe(`${intl({ dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })(d)} UTC`);
    }
    expect(formatDateTimeUtc("2026-11-21T21:49:54Z")).toBe("Nov 21, 2026, 9:49 PM UTC");
    expect(formatDate("not a date")).toBe("not a date");
    const index = new Intl.NumberFormat("en-US", { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    for (const v of [317.671, 982.0115, 1234.5675, 0, -0.0004, -927.9005, 12345678.9, 0.0005]) expect(formatIndex(v)).toBe(index.format(v));
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
