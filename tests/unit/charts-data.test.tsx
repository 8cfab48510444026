import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { BarChart } from "@/components/charts/bar-chart";
import { ChartFigure } from "@/components/charts/chart-figure";
import { EffectiveRateChart } from "@/components/charts/effective-rate-chart";
import { LineChart } from "@/components/charts/line-chart";
import { buildEffectiveRateSeries, parseDailyEtrCsv, weekStartOf, ETR_SOURCE_NAME, ETR_SOURCE_URL } from "@/lib/charts/effective-rate";
import {
  breakdownBars,
  describeBars,
  describeBreakdown,
  describeMonthly,
  describeRate,
  gapRuns,
  monthlySeries,
  monthTicks,
  weekTicks,
} from "@/lib/charts/series";
import { calculateSavings, formatUsd } from "@/lib/calculator";

/** Chart data shaping (docs/experience.md "/alerts"): gaps stay gaps, text alternatives carry the key numbers. */
describe("monthly CPI series", () => {
  const readings = [
    { period: "2025-01", value: 317.671 },
    { period: "2025-03", value: 319.799 },
    { period: "2025-04", value: 320.795 },
    { period: "2025-09", value: 324.8 },
    { period: "2026-01", value: 326.588 },
  ];

  it("puts every month on the axis, null where nothing is stored", () => {
    const s = monthlySeries(readings, "2025-01", "2026-02");
    expect(s).toHaveLength(14);
    expect(s[0]).toEqual({ period: "2025-01", value: 317.671 });
    expect(s[1]).toEqual({ period: "2025-02", value: null });
    expect(s.filter((p) => p.value !== null)).toHaveLength(5);
    expect(s[s.length - 1]).toEqual({ period: "2026-02", value: null });
  });

  it("names the gaps between the first and last reading, not after the last", () => {
    const s = monthlySeries(readings, "2025-01", "2026-02");
    expect(gapRuns(s)).toEqual(["February 2025", "May 2025 to August 2025", "October 2025 to December 2025"]);
  });

  it("describes the line with its first and last reading, its change and its gaps", () => {
    const s = monthlySeries(readings, "2025-01", "2026-01");
    expect(describeMonthly("All items", s)).toBe(
      "All items index, 5 monthly readings: 317.671 in January 2025, 326.588 in January 2026; it rose 2.8% over the period. " +
        "No readings for February 2025; May 2025 to August 2025; October 2025 to December 2025.",
    );
    expect(describeMonthly("Apparel", monthlySeries([], "2025-01", "2025-03"))).toBe("Apparel: no index readings stored.");
  });

  it("labels about n months, always the first and last", () => {
    const s = monthlySeries(readings, "2025-01", "2026-01");
    const ticks = monthTicks(s, 3);
    expect(ticks.map((t) => t.label)).toEqual(["Jan 2025", "Jul 2025", "Jan 2026"]);
    expect(ticks.map((t) => t.index)).toEqual([0, 6, 12]);
  });
});

describe("bars and breakdown", () => {
  it("describes the largest rise and fall and counts missing figures", () => {
    const text = describeBars("PPI", [
      { label: "Final demand", value: null },
      { label: "Steel", value: 9.1 },
      { label: "Energy", value: -3 },
      { label: "Foods", value: 1.2 },
    ]);
    expect(text).toBe('PPI: 3 figures; largest rise Steel +9.1%; largest fall Energy -3.0%; 1 of 4 with no figure (shown as "no figure", not drawn).');
  });

  it("gives the calculator's four steps for $500 a month (the decided figures)", () => {
    const r = calculateSavings(500);
    expect(breakdownBars(r)).toEqual([
      { label: "Annual spending", value: 6000 },
      { label: "Tariff impact", value: 1020 },
      { label: "Avoidable share", value: 663 },
      { label: "Net after the plan", value: 543 },
    ]);
    expect(describeBreakdown(r, formatUsd)).toBe(
      "Of $6,000 spent a year, tariffs add an estimated $1,020; $663 of that is avoidable; $543 is left after the plan's cost.",
    );
    expect(describeBreakdown(calculateSavings(50), formatUsd)).toContain("the plan costs $53.70 more than that");
  });
});

describe("effective tariff rate series", () => {
  const csv = [
    '"Date","Weighted ETR"',
    "2025-01-01,0.0268345828979497",
    "2025-01-02,0.0268345828979497",
    "2025-01-06,0.04",
    "2025-01-07,0.06",
    "# Source: a note line",
  ].join("\n");

  it("parses the tracker's CSV and averages each Monday-to-Sunday week", () => {
    const daily = parseDailyEtrCsv(csv);
    expect(daily).toHaveLength(4);
    expect(weekStartOf("2025-01-01")).toBe("2024-12-30");
    expect(weekStartOf("2025-01-06")).toBe("2025-01-06");
    const s = buildEffectiveRateSeries(daily);
    expect(s.weekly).toEqual([
      { weekStart: "2024-12-30", percent: 2.68, days: 2 },
      { weekStart: "2025-01-06", percent: 5, days: 2 },
    ]);
    expect(s.peak).toEqual({ date: "2025-01-07", percent: 6 });
    expect(s.source).toEqual({ name: ETR_SOURCE_NAME, url: ETR_SOURCE_URL, file: "F1_daily_etr.csv", asOf: "2025-01-07" });
  });

  it("refuses a malformed line", () => {
    expect(() => parseDailyEtrCsv("2025-13,abc")).toThrow(/Unexpected/);
  });

  it("the committed JSON names its source and date and matches the tracker's figures", () => {
    const json = JSON.parse(readFileSync(path.join(__dirname, "..", "..", "data", "tariffs", "effective-rate.json"), "utf8"));
    expect(json.source.name).toBe("The Budget Lab at Yale, tariff-impact-tracker F1_daily_etr.csv, as of 2026-03-26");
    expect(json.source.url).toBe("https://budgetlab.yale.edu/research/tracking-economic-effects-tariffs");
    expect(json.first).toEqual({ date: "2025-01-01", percent: 2.68 });
    expect(json.peak).toEqual({ date: "2025-04-11", percent: 23.23 });
    expect(json.last).toEqual({ date: "2026-03-26", percent: 11.42 });
    expect(describeRate(json)).toBe(
      "The average effective US tariff rate went from 2.7% on 1 Jan 2025 to a peak of 23.2% on 11 Apr 2025 and stood at 11.4% on 26 Mar 2026.",
    );
    const ticks = weekTicks(json.weekly.map((w: { weekStart: string }) => w.weekStart));
    expect(ticks.map((t) => t.label)).toEqual(["Jan 2025", "Apr 2025", "Jul 2025", "Oct 2025", "Jan 2026"]);
  });
});

describe("chart components render as plain SVG on the server", () => {
  it("breaks the line at a gap and shades it", () => {
    const html = renderToStaticMarkup(
      <LineChart
        id="t"
        points={[{ value: 1 }, { value: 2 }, { value: null }, { value: null }, { value: 3 }, { value: 4 }]}
        ticks={[{ index: 0, label: "Jan 2025" }, { index: 5, label: "Jun 2025" }]}
      />,
    );
    expect(html.startsWith("<svg")).toBe(true);
    expect(html).toContain('aria-labelledby="t-title"');
    expect(html).toContain('data-gap="2-3"');
    // One path with two subpaths (two "M" moves): the line is not drawn across the gap.
    const d = /<path class="visx-linepath"[^>]* d="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(d.match(/M/g)).toHaveLength(2);
    expect(html).toContain("Jan 2025");
  });

  it("writes a missing bar as 'no figure' and wraps charts with a summary and a table toggle", () => {
    const html = renderToStaticMarkup(
      <ChartFigure id="b" title="Bars" summary="Two bars." table={{ caption: "Bars", columns: ["Label", "Value"], rows: [["A", "+1.0%"], ["B", "no figure"]] }}>
        <BarChart id="b" bars={[{ label: "A", value: 1 }, { label: "B", value: null }]} format={(v) => `${v}%`} />
      </ChartFigure>,
    );
    expect(html).toContain("no figure");
    expect(html).toContain('<figure');
    expect(html).toContain('<p id="b-summary" data-testid="chart-summary">Two bars.</p>');
    expect(html).toMatch(/<details[^>]*><summary[^>]*>.*Show as table/);
    expect(html).toContain("<table");
  });

  it("renders the effective-rate chart with its source link and date", () => {
    const html = renderToStaticMarkup(<EffectiveRateChart />);
    expect(html).toContain("https://budgetlab.yale.edu/research/tracking-economic-effects-tariffs");
    expect(html).toContain("as of 2026-03-26");
    expect(html).toContain("23.2% on 11 Apr 2025");
  });
});
