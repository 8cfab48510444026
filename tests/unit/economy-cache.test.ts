import { CACHE_TTL_MS, getCachedViews, invalidateEconomicCache, resetEconomicCache } from "@/lib/economy/cache";

describe("the dashboard cache", () => {
  let clock = 0;
  const now = () => clock;
  let loads = 0;
  const load = async () => {
    loads++;
    return { dashboard: { n: loads }, details: { n: loads } };
  };

  beforeEach(() => {
    resetEconomicCache();
    clock = 1_000_000;
    loads = 0;
  });

  it("builds once and serves the same bytes until 5 minutes have passed", async () => {
    const a = await getCachedViews(load, now);
    clock += CACHE_TTL_MS - 1;
    const b = await getCachedViews(load, now);
    expect(b).toBe(a);
    expect(loads).toBe(1);
    expect(a.dashboard.json).toBe('{"n":1}');
    clock += 1;
    const c = await getCachedViews(load, now);
    expect(loads).toBe(2);
    expect(c.dashboard.json).toBe('{"n":2}');
    expect(c.dashboard.etag).not.toBe(a.dashboard.etag);
    expect(CACHE_TTL_MS).toBe(300_000);
  });

  it("rebuilds at once when new data is stored", async () => {
    await getCachedViews(load, now);
    invalidateEconomicCache();
    expect((await getCachedViews(load, now)).dashboard.json).toBe('{"n":2}');
  });

  it("builds once for many requests arriving together", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => getCachedViews(load, now)));
    expect(loads).toBe(1);
    expect(new Set(results).size).toBe(1);
  });

  it("keeps serving the last good answer when a rebuild fails, and retries after 30 s", async () => {
    const good = await getCachedViews(load, now);
    invalidateEconomicCache();
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = jest.fn(async () => {
      throw new Error("database unreachable");
    });
    expect(await getCachedViews(failing, now)).toBe(good);
    expect(await getCachedViews(failing, now)).toBe(good);
    expect(failing).toHaveBeenCalledTimes(1);
    clock += 30_000;
    expect((await getCachedViews(load, now)).dashboard.json).toBe('{"n":2}');
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("passes the error on when there is nothing to fall back to", async () => {
    await expect(getCachedViews(async () => Promise.reject(new Error("database unreachable")), now)).rejects.toThrow("database unreachable");
  });
});
