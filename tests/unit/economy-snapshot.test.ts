import cpiFile from "@/data/economic-snapshot/cpi.json";
import ppiFile from "@/data/economic-snapshot/ppi.json";
import { surveyFigures, type StoredSeries } from "@/lib/economy/figures";
import { loadShippedSnapshot, parseSnapshot, snapshotRecords } from "@/lib/economy/snapshot";

const snapshot = loadShippedSnapshot();
const records = snapshotRecords(snapshot);

/** Every number anywhere in a JSON value. */
function numbersIn(value: unknown, out = new Set<number>()): Set<number> {
  if (typeof value === "number") out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => numbersIn(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => numbersIn(v, out));
  return out;
}

function stored(survey: "CPI" | "PPI"): StoredSeries[] {
  return records.series
    .filter((s) => s.survey === survey && s.onDashboard)
    .map((s) => ({
      ...s,
      observations: records.observations
        .filter((o) => o.seriesId === s.seriesId)
        .map((o) => ({ ...o, origin: "snapshot", fetchedAt: new Date("2026-11-21T00:00:00Z") })),
    }));
}

describe("the shipped snapshot", () => {
  it("validates and states its source and as-of month", () => {
    expect(snapshot.cpi.asOf).toBe("2026-05");
    expect(snapshot.ppi.asOf).toBe("2026-05");
    expect(snapshot.cpi.source).toMatch(/^https:\/\/www\.bls\.gov\//);
    expect(snapshot.cpi.release).toContain("USDL-26-0824");
  });

  it("refuses a file edited into a bad shape", () => {
    const broken = { ...cpiFile, items: [{ ...cpiFile.items[0], index: "335.123" }] };
    expect(() => parseSnapshot({ cpi: broken, ppi: ppiFile, news: [] })).toThrow();
  });

  it("stores only numbers that are in the files: nothing computed, estimated or filled in", () => {
    const inFiles = numbersIn([cpiFile, ppiFile]);
    for (const o of records.observations) {
      if (o.value !== null) expect([o.seriesId, o.period, inFiles.has(o.value)]).toEqual([o.seriesId, o.period, true]);
      if (o.publishedChange12mo !== null) expect(inFiles.has(o.publishedChange12mo)).toBe(true);
    }
  });

  it("agrees with itself: where a history row and the latest table give the same month, the levels match", () => {
    const latest = new Map<string, number>();
    for (const item of snapshot.cpi.items) {
      if (item.index !== null) latest.set(`${item.seriesId}|2026-05`, item.index);
      if (item.indexPrevMonth !== null) latest.set(`${item.seriesId}|2026-04`, item.indexPrevMonth);
      if (item.indexPrevYear !== null) latest.set(`${item.seriesId}|2025-05`, item.indexPrevYear);
    }
    let compared = 0;
    for (const h of snapshot.cpi.history) {
      const v = latest.get(`${h.seriesId}|${h.asOf}`);
      if (v !== undefined) {
        compared++;
        expect([h.category, h.asOf, h.index]).toEqual([h.category, h.asOf, v]);
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("covers the series of the latest tables and the history-only lines, with roles for the rules", () => {
    const cpi = records.series.filter((s) => s.survey === "CPI");
    expect(cpi).toHaveLength(37); // 32 table rows + Durables, Electricity, Gasoline, Apparel, Household furnishings and operations
    expect(cpi.find((s) => s.label === "All items")?.role).toBe("headline");
    expect(cpi.find((s) => s.label === "All items less food")?.role).toBe("aggregate");
    expect(cpi.find((s) => s.label === "Durables")?.role).toBe("aggregate");
    expect(cpi.find((s) => s.label === "Motor fuel")?.role).toBe("category");
    expect(cpi.find((s) => s.label === "Apparel")).toMatchObject({ role: "category", onDashboard: true, refreshable: true });
    const ppi = records.series.filter((s) => s.survey === "PPI" && s.onDashboard);
    expect(ppi).toHaveLength(18);
    expect(ppi.find((s) => s.label === "Final demand")?.role).toBe("headline");
    expect(ppi.find((s) => s.label === "Finished consumer energy goods")?.role).toBe("category");
    expect(ppi.find((s) => s.label === "Energy for export")?.role).toBe("aggregate");
    // Seasonally adjusted PPI levels are kept, but neither listed nor asked from BLS.
    expect(records.series.filter((s) => s.seriesId.startsWith("WPS")).every((s) => !s.onDashboard && !s.refreshable)).toBe(true);
  });

  it("leaves the PPI index levels it could not read empty, keeping the 12-month change BLS printed", () => {
    const fd = records.observations.find((o) => o.seriesId === "WPUFD4" && o.period === "2026-05");
    expect(fd).toMatchObject({ value: null, publishedChange12mo: 6.5, preliminary: true });
    expect(fd?.note).toMatch(/percent changes only/);
  });

  it("lists the CPI at May 2026 with the levels and computed changes, and the missing lines as missing", () => {
    const { asOf, figures } = surveyFigures(stored("CPI"));
    expect(asOf).toBe("2026-05");
    const all = figures.find((f) => f.label === "All items");
    expect(all).toMatchObject({ value: 335.123, change12mo: 4.2, change12moBasis: "computed", changeOneMonth: 0.6 });
    expect(all?.history[0]).toEqual({ period: "2025-01", value: 317.671 });
    // October to December 2025 were not published or not read: a gap, not a line through it.
    expect(all?.history.map((h) => h.period)).not.toContain("2025-11");
    const gasoline = figures.find((f) => f.label === "Gasoline (all types)");
    expect(gasoline).toMatchObject({ value: null, change12mo: null, latestPeriodWithValue: "2026-04" });
    expect(figures.filter((f) => f.value === null).map((f) => f.label)).toEqual([
      "Apparel",
      "Durables",
      "Electricity",
      "Gasoline (all types)",
      "Household furnishings and operations",
    ]);
  });

  it("lists the PPI at May 2026 with no levels and the printed change, marked as such", () => {
    const { asOf, figures } = surveyFigures(stored("PPI"));
    expect(asOf).toBe("2026-05");
    expect(figures).toHaveLength(18);
    expect(figures[0]).toMatchObject({ label: "Final demand", value: null, change12mo: 6.5, change12moBasis: "published", preliminary: true });
    expect(figures.every((f) => f.value === null)).toBe(true);
  });

  it("keeps the snapshot's own list of what it could not read", () => {
    const info = Object.fromEntries(records.info.map((i) => [i.dataset, i]));
    expect(info.cpi?.notReadable).toContain("New vehicles");
    expect(info.ppi?.notReadable.some((n) => /PPI index levels/.test(n))).toBe(true);
    expect(info.news?.asOf).toBe("2025-02-18 to 2025-11-25");
  });
});
