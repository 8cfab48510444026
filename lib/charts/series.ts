/**
 * Data shaping for the server-rendered charts (components/charts): pure functions, no I/O,
 * unit-tested in tests/unit/charts-data.test.ts.
 *
 * - `monthlySeries`: a CPI category's stored readings on a full month axis, `null` for
 *   every month with no reading, so the line breaks there instead of bridging the gap.
 * - `describeMonthly`, `describeBars`, `describeRate`, `describeBreakdown`: each chart's
 *   text alternative, one sentence with the key numbers.
 * - `monthTicks`, `weekTicks`: which points get an axis label.
 */
import { addMonths, formatPeriod, formatPeriodShort, monthAbbreviation, monthsBetween } from "@/lib/economy/periods";
import { formatNumber } from "@/lib/format";

export type Reading = { period: string; value: number };
export type MonthPoint = { period: string; value: number | null };
export type BarDatum = { label: string; value: number | null };
export type Tick = { index: number; label: string };

/** Every month from `from` to `to` (inclusive), with the reading where one is stored and null elsewhere. */
export function monthlySeries(readings: readonly Reading[], from?: string, to?: string): MonthPoint[] {
  const sorted = [...readings].sort((a, b) => a.period.localeCompare(b.period));
  const start = from ?? sorted[0]?.period;
  const end = to ?? sorted[sorted.length - 1]?.period;
  if (!start || !end || monthsBetween(start, end) < 0) return [];
  const byPeriod = new Map(sorted.map((r) => [r.period, r.value]));
  const out: MonthPoint[] = [];
  for (let i = 0; i <= monthsBetween(start, end); i++) {
    const period = addMonths(start, i);
    out.push({ period, value: byPeriod.get(period) ?? null });
  }
  return out;
}

/** Runs of consecutive months without a reading, as text: "February 2025", "October 2025 to December 2025". */
export function gapRuns(series: readonly MonthPoint[]): string[] {
  const firstIdx = series.findIndex((p) => p.value !== null);
  let lastIdx = -1;
  for (let i = series.length - 1; i >= 0; i--) {
    if (series[i]!.value !== null) {
      lastIdx = i;
      break;
    }
  }
  if (firstIdx < 0) return [];
  const runs: string[] = [];
  let runStart: string | null = null;
  for (let i = firstIdx; i <= lastIdx; i++) {
    const p = series[i]!;
    if (p.value === null) runStart ??= p.period;
    else if (runStart) {
      const runEnd = series[i - 1]!.period;
      runs.push(runStart === runEnd ? formatPeriod(runStart) : `${formatPeriod(runStart)} to ${formatPeriod(runEnd)}`);
      runStart = null;
    }
  }
  return runs;
}

const index3 = (n: number): string => formatNumber(n, 3);

/**
 * "All items index, 13 monthly readings: 317.671 in January 2025, 335.123 in May 2026; it
 * rose 5.5% over the period. No readings for February 2025; October 2025 to December 2025."
 * (the same words as the dashboard's former sparkline, so the two never disagree).
 */
export function describeMonthly(label: string, series: readonly MonthPoint[]): string {
  const readings = series.filter((p): p is Reading => p.value !== null);
  const first = readings[0];
  const last = readings[readings.length - 1];
  if (!first || !last) return `${label}: no index readings stored.`;
  if (readings.length === 1) return `${label} index, one monthly reading: ${index3(first.value)} in ${formatPeriod(first.period)}.`;
  const change = ((last.value - first.value) / first.value) * 100;
  const direction = change > 0.05 ? "rose" : change < -0.05 ? "fell" : "held steady";
  const gaps = gapRuns(series);
  return (
    `${label} index, ${readings.length} monthly readings: ${index3(first.value)} in ${formatPeriod(first.period)}, ` +
    `${index3(last.value)} in ${formatPeriod(last.period)}; it ${direction}${direction === "held steady" ? "" : ` ${Math.abs(change).toFixed(1)}%`} over the period.` +
    (gaps.length ? ` No readings for ${gaps.join("; ")}.` : "")
  );
}

/** About `count` evenly spaced month labels ("Jan 2025"), always including the first and last month. */
export function monthTicks(series: readonly MonthPoint[], count = 4): Tick[] {
  return evenTicks(series.length, count, (i) => formatPeriodShort(series[i]!.period));
}

/** "Apr 2025" for an ISO date. */
export function shortMonthOfDate(iso: string): string {
  return `${monthAbbreviation(Number(iso.slice(5, 7)))} ${iso.slice(0, 4)}`;
}

/** "11 Apr 2025" for an ISO date. */
export function formatDay(iso: string): string {
  return `${Number(iso.slice(8, 10))} ${shortMonthOfDate(iso)}`;
}

/** Ticks for a weekly series: the first week of each `everyMonths`-th month, labelled with its month. */
export function weekTicks(weekStarts: readonly string[], everyMonths = 3): Tick[] {
  const ticks: Tick[] = [];
  let lastMonth = "";
  weekStarts.forEach((d, index) => {
    const month = d.slice(0, 7);
    if (month === lastMonth) return;
    lastMonth = month;
    const m = Number(month.slice(5, 7)) - 1;
    if (m % everyMonths === 0) ticks.push({ index, label: shortMonthOfDate(d) });
  });
  return ticks;
}

function evenTicks(length: number, count: number, label: (i: number) => string): Tick[] {
  if (length === 0) return [];
  if (length === 1) return [{ index: 0, label: label(0) }];
  const steps = Math.max(1, Math.min(count - 1, length - 1));
  const seen = new Set<number>();
  const out: Tick[] = [];
  for (let s = 0; s <= steps; s++) {
    const i = Math.round((s * (length - 1)) / steps);
    if (seen.has(i)) continue;
    seen.add(i);
    out.push({ index: i, label: label(i) });
  }
  return out;
}

const signed = (n: number): string => `${n > 0 ? "+" : n < 0 ? "-" : ""}${Math.abs(n).toFixed(1)}%`;

/**
 * "Producer Price Index, 12-month change by sector, May 2026: largest rise Steel mill
 * products +9.1%; largest fall Energy -3.0%; 2 of 18 sectors have no figure."
 */
export function describeBars(title: string, bars: readonly BarDatum[]): string {
  const known = bars.filter((b): b is { label: string; value: number } => b.value !== null);
  const missing = bars.length - known.length;
  if (known.length === 0) return `${title}: no figures stored.`;
  const sorted = [...known].sort((a, b) => b.value - a.value);
  const top = sorted[0]!;
  const bottom = sorted[sorted.length - 1]!;
  const parts = [`${title}: ${known.length} ${known.length === 1 ? "figure" : "figures"}`];
  parts.push(top.value > 0 ? `largest rise ${top.label} ${signed(top.value)}` : `no rises`);
  if (bottom.value < 0) parts.push(`largest fall ${bottom.label} ${signed(bottom.value)}`);
  else if (known.length > 1) parts.push(`smallest change ${bottom.label} ${signed(bottom.value)}`);
  let text = parts.join("; ");
  if (missing) text += `; ${missing} of ${bars.length} with no figure (shown as "no figure", not drawn)`;
  return `${text}.`;
}

export type RateSummaryInput = {
  first: { date: string; percent: number };
  peak: { date: string; percent: number };
  last: { date: string; percent: number };
};

/** "The average effective US tariff rate went from 2.7% on 1 Jan 2025 to a peak of 23.2% on 11 Apr 2025 and stood at 11.4% on 26 Mar 2026." */
export function describeRate(s: RateSummaryInput): string {
  return (
    `The average effective US tariff rate went from ${s.first.percent.toFixed(1)}% on ${formatDay(s.first.date)} ` +
    `to a peak of ${s.peak.percent.toFixed(1)}% on ${formatDay(s.peak.date)} and stood at ${s.last.percent.toFixed(1)}% on ${formatDay(s.last.date)}.`
  );
}

export type BreakdownInput = {
  annualSpending: number;
  tariffImpact: number;
  potentialSavings: number;
  netSavings: number;
};

/** The calculator's four steps as bars, in order. */
export function breakdownBars(r: BreakdownInput): { label: string; value: number }[] {
  return [
    { label: "Annual spending", value: r.annualSpending },
    { label: "Tariff impact", value: r.tariffImpact },
    { label: "Avoidable share", value: r.potentialSavings },
    { label: "Net after the plan", value: r.netSavings },
  ];
}

/** "Of $6,000 spent a year, tariffs add an estimated $1,020; $663 of that is avoidable; $543 is left after the plan's cost." */
export function describeBreakdown(r: BreakdownInput, money: (n: number) => string): string {
  const net =
    r.netSavings >= 0
      ? `${money(r.netSavings)} is left after the plan's cost`
      : `the plan costs ${money(-r.netSavings)} more than that`;
  return `Of ${money(r.annualSpending)} spent a year, tariffs add an estimated ${money(r.tariffImpact)}; ${money(r.potentialSavings)} of that is avoidable; ${net}.`;
}
