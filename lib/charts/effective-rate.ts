/**
 * The average effective US tariff rate over time, as the /alerts chart shows it
 * (docs/experience.md "/alerts"). Built once from the snapshot's daily series by
 * scripts/tariffs/build-etr.ts into data/tariffs/effective-rate.json; the app reads only
 * that JSON, never the snapshot.
 *
 * The daily series is piecewise constant (it moves only when a tariff action takes
 * effect), so a weekly series loses little: each point is the mean of the daily rates in
 * one week (Monday to Sunday, fewer days at either end), and the file also keeps the first,
 * peak and last daily values so the text alternative can quote them exactly.
 */

export const ETR_SOURCE_NAME = "The Budget Lab at Yale, tariff-impact-tracker F1_daily_etr.csv, as of 2026-03-26";
export const ETR_SOURCE_URL = "https://budgetlab.yale.edu/research/tracking-economic-effects-tariffs";

export type DailyRate = { date: string; rate: number };
export type WeeklyRate = {
  /** Monday of the week (ISO date). */
  weekStart: string;
  /** Mean of the week's daily rates, in percent, two decimals. */
  percent: number;
  /** Days of the series in this week (7 except at the ends). */
  days: number;
};
export type EffectiveRateSeries = {
  source: { name: string; url: string; file: string; asOf: string };
  method: string;
  unit: "percent";
  first: { date: string; percent: number };
  peak: { date: string; percent: number };
  last: { date: string; percent: number };
  weekly: WeeklyRate[];
};

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Reads the tracker's CSV ("Date","Weighted ETR" then ISO date, fraction; '#' lines are notes). */
export function parseDailyEtrCsv(text: string): DailyRate[] {
  const out: DailyRate[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith('"Date"')) continue;
    const [date, value] = line.split(",");
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`Unexpected line in the ETR series: ${line}`);
    const rate = Number(value);
    if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`Unexpected rate on ${date}: ${value}`);
    out.push({ date, rate });
  }
  out.sort((a, b) => a.date.localeCompare(b.date));
  return out;
}

/** Monday of the ISO week holding `date` (YYYY-MM-DD, UTC). */
export function weekStartOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const offset = (d.getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  d.setUTCDate(d.getUTCDate() - offset);
  return d.toISOString().slice(0, 10);
}

/** The weekly series and the exact first, peak and last days. */
export function buildEffectiveRateSeries(daily: readonly DailyRate[], file = "F1_daily_etr.csv"): EffectiveRateSeries {
  const first = daily[0];
  const last = daily[daily.length - 1];
  if (!first || !last) throw new Error("The ETR series is empty.");
  let peak = first;
  const weeks = new Map<string, { sum: number; days: number }>();
  for (const d of daily) {
    if (d.rate > peak.rate) peak = d;
    const key = weekStartOf(d.date);
    const w = weeks.get(key) ?? { sum: 0, days: 0 };
    w.sum += d.rate;
    w.days += 1;
    weeks.set(key, w);
  }
  const pct = (d: DailyRate) => ({ date: d.date, percent: round2(d.rate * 100) });
  return {
    source: { name: ETR_SOURCE_NAME, url: ETR_SOURCE_URL, file, asOf: last.date },
    method:
      "Import-weighted statutory tariff rate on US imports (Census 2024 import weights), daily; each point is the mean of one week's daily rates (Monday to Sunday).",
    unit: "percent",
    first: pct(first),
    peak: pct(peak),
    last: pct(last),
    weekly: [...weeks.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([weekStart, w]) => ({ weekStart, percent: round2((w.sum / w.days) * 100), days: w.days })),
  };
}
