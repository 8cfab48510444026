import categoriesFile from "@/data/tariffs/categories.json";
import {
  ALERT_KIND_LABEL,
  DASHBOARD_LINE_OF,
  isEnergyLabel,
  presentAlerts,
  releaseDateIn,
  sourceChecks,
  surveyPeriodLabel,
  tariffSensitiveLines,
  type SeriesRef,
  type StoredAlertRef,
} from "@/lib/economy/alert-presentation";
import { loadShippedSnapshot, snapshotRecords } from "@/lib/economy/snapshot";

// The consumer categories of the tariff tables, as the seed stores them (consumer_categories).
const categories = categoriesFile.map((c) => ({ name: c.name, cpiSeriesId: c.cpiSeriesId }));

const records = snapshotRecords(loadShippedSnapshot());
const series: SeriesRef[] = records.series.filter((s) => s.onDashboard).map((s) => ({ seriesId: s.seriesId, survey: s.survey, label: s.label }));
const idOf = (label: string, survey: "CPI" | "PPI" = "CPI") => series.find((s) => s.label === label && s.survey === survey)!.seriesId;

describe("tariff-sensitive CPI lines (the consumer categories of our tariff tables)", () => {
  it("decides every CPI series the tariff tables name", () => {
    const named = [...new Set(categories.map((c) => c.cpiSeriesId).filter((id): id is string => id !== null))];
    expect(named.filter((id) => !(id in DASHBOARD_LINE_OF))).toEqual([]);
  });

  it("maps each to a line the dashboard lists (or to none)", () => {
    const listed = new Set(series.map((s) => s.seriesId));
    for (const line of Object.values(DASHBOARD_LINE_OF)) if (line !== null) expect(listed.has(line)).toBe(true);
  });

  it("finds the lines on the snapshot's dashboard with the categories they hold", () => {
    const lines = tariffSensitiveLines(categories);
    const byLabel = Object.fromEntries([...lines].map(([id, names]) => [series.find((s) => s.seriesId === id)?.label ?? id, names]));
    expect(byLabel["Nonalcoholic beverages and beverage materials"]).toEqual(["Coffee"]);
    expect(byLabel["Fruits and vegetables"]).toEqual(expect.arrayContaining(["Bananas", "Tomatoes"]));
    expect(byLabel["Apparel"]).toEqual(expect.arrayContaining(["Footwear", "Apparel, knitted", "Watches", "Jewelry of precious metal"]));
    expect(byLabel["Household furnishings and operations"]).toEqual(expect.arrayContaining(["Refrigerators & freezers", "Power hand tools", "Carpets & rugs"]));
    // Broad groups and the headline are not tariff-sensitive lines: they hold everything.
    for (const label of ["All items", "Food", "Food at home", "Housing", "Energy", "Commodities"]) expect(byLabel[label]).toBeUndefined();
  });
});

describe("energy lines", () => {
  it.each([
    ["Energy", true],
    ["Energy commodities", true],
    ["Fuel oil", true],
    ["Motor fuel", true],
    ["Gasoline (all types)", true],
    ["Electricity", true],
    ["Final demand energy", true],
    ["Finished consumer energy goods", true],
    ["All items less energy", false],
    ["All items less food, shelter, and energy", false],
    ["Finished consumer goods less foods and energy", false],
    ["Apparel", false],
    ["Fruits and vegetables", false],
  ])("%s -> %s", (label, energy) => {
    expect(isEnergyLabel(label)).toBe(energy);
  });
});

describe("presentAlerts: order and labels", () => {
  const alert = (id: string, ruleId: string, subjectKey: string, period = "2026-05"): StoredAlertRef => ({ id, ruleId, subjectKey, period });
  // The rules' order on the May 2026 snapshot: most severe first, then the size of the change.
  const stored = [
    alert("fuel-oil", "cpi-category-12mo", idOf("Fuel oil")),
    alert("motor-fuel", "cpi-category-12mo", idOf("Motor fuel")),
    alert("all-items", "cpi-headline-12mo", idOf("All items")),
    alert("ppi-energy", "ppi-12mo", idOf("Finished consumer energy goods", "PPI")),
    alert("ppi-fd", "ppi-12mo", idOf("Final demand", "PPI")),
    alert("fruits", "cpi-category-12mo", idOf("Fruits and vegetables")),
    alert("beverages", "cpi-category-12mo", idOf("Nonalcoholic beverages and beverage materials")),
    alert("proclamation", "tariff-document", "2025-19639", "2025-10-22"),
    alert("stale", "stale-data", "CPI"),
  ];
  const presented = presentAlerts(stored, {
    series,
    tariffLines: tariffSensitiveLines(categories),
    releasedOn: { CPI: { period: "2026-05", date: "2026-06-10" }, PPI: null },
  });
  const byId = Object.fromEntries(presented.map((p) => [p.id, p]));

  it("lists tariff-sensitive categories and tariff actions before general index moves, keeping the rules' order within each", () => {
    expect(presented.map((p) => p.id)).toEqual(["fruits", "beverages", "proclamation", "fuel-oil", "motor-fuel", "all-items", "ppi-energy", "ppi-fd", "stale"]);
  });

  it("labels energy moves as energy, never as tariff alerts", () => {
    for (const id of ["fuel-oil", "motor-fuel", "ppi-energy"]) {
      expect(byId[id]).toMatchObject({ kind: "energy", label: "Energy price move (not a tariff alert)" });
    }
    expect(byId["all-items"]).toMatchObject({ kind: "price-index", label: ALERT_KIND_LABEL["price-index"] });
    expect(byId["ppi-fd"]!.kind).toBe("price-index");
    expect(byId["fruits"]).toMatchObject({ kind: "tariff-category", label: "Tariff-sensitive category" });
    expect(byId["fruits"]!.covers).toEqual(expect.arrayContaining(["Bananas", "Tomatoes"]));
    expect(byId["beverages"]!.covers).toEqual(["Coffee"]);
    expect(byId["proclamation"]).toMatchObject({ kind: "tariff-action", label: "Tariff action", covers: [] });
    expect(byId["stale"]).toMatchObject({ kind: "data-notice" });
  });

  it("names the period each alert describes and the release when known", () => {
    expect(byId["all-items"]).toMatchObject({ period: "2026-05", periodLabel: "May 2026 CPI", survey: "CPI", releasedOn: "2026-06-10", source: "bls" });
    expect(byId["ppi-fd"]).toMatchObject({ periodLabel: "May 2026 PPI", releasedOn: null, source: "bls" });
    expect(byId["proclamation"]).toMatchObject({ periodLabel: "Federal Register, published Oct 22, 2025", survey: null, releasedOn: null, source: "federal-register" });
    expect(byId["stale"]).toMatchObject({ periodLabel: "May 2026 CPI", source: "bls" });
  });

  it("gives no release date to a month other than the release's", () => {
    const june = presentAlerts([alert("june", "cpi-headline-12mo", idOf("All items"), "2026-06")], {
      series,
      tariffLines: new Map(),
      releasedOn: { CPI: { period: "2026-05", date: "2026-06-10" }, PPI: null },
    });
    expect(june[0]).toMatchObject({ periodLabel: "June 2026 CPI", releasedOn: null });
  });

  it("puts every energy and headline alert after every tariff one, whatever their severity", () => {
    const firstGeneral = presented.findIndex((p) => p.kind === "price-index" || p.kind === "energy");
    const lastTariff = presented.map((p) => p.kind).lastIndexOf("tariff-category");
    expect(lastTariff).toBeLessThan(firstGeneral);
  });
});

describe("period labels and release dates", () => {
  it("reads the release date from the snapshot's description", () => {
    expect(releaseDateIn("CPI May 2026, USDL-26-0824 (BLS, released June 10, 2026)")).toBe("2026-06-10");
    expect(releaseDateIn("PPI May 2026 - Table 1, final demand-intermediate demand (FD-ID) percent changes (BLS)")).toBeNull();
  });

  it("writes the month and the survey", () => {
    expect(surveyPeriodLabel("2026-10", "CPI")).toBe("October 2026 CPI");
    expect(surveyPeriodLabel("2026-05", "PPI")).toBe("May 2026 PPI");
  });
});

describe("sourceChecks: when each source was last checked, from the refresh ledger", () => {
  const run = (status: string, startedAt: string, observationsStored: number, newsStored: number) => ({
    status,
    startedAt: new Date(startedAt),
    finishedAt: new Date(new Date(startedAt).getTime() + 5_000),
    observationsStored,
    newsStored,
  });

  it("says never when no refresh has run (the figures are the offline snapshot's)", () => {
    expect(sourceChecks([])).toEqual({
      bls: { lastCheckedAt: null, lastAttemptAt: null, lastAttemptOk: null },
      federalRegister: { lastCheckedAt: null, lastAttemptAt: null, lastAttemptOk: null },
    });
  });

  it("takes the finish of the last run that reached each source, and says when the latest run could not", () => {
    const checks = sourceChecks([
      run("success", "2026-11-24T00:00:00Z", 900, 20),
      run("partial", "2026-11-24T06:00:00Z", 0, 20), // BLS unreachable, Federal Register answered
      run("running", "2026-11-24T12:00:00Z", 0, 0),
    ]);
    expect(checks.bls).toEqual({ lastCheckedAt: "2026-11-24T00:00:05.000Z", lastAttemptAt: "2026-11-24T06:00:05.000Z", lastAttemptOk: false });
    expect(checks.federalRegister).toEqual({ lastCheckedAt: "2026-11-24T06:00:05.000Z", lastAttemptAt: "2026-11-24T06:00:05.000Z", lastAttemptOk: true });
  });

  it("counts a failed run as an attempt, not a check", () => {
    const checks = sourceChecks([run("failed", "2026-11-24T06:00:00Z", 0, 0)]);
    expect(checks.bls).toEqual({ lastCheckedAt: null, lastAttemptAt: "2026-11-24T06:00:05.000Z", lastAttemptOk: false });
  });
});
