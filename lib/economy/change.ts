/**
 * Percent changes, computed from stored index levels (never taken from elsewhere when the
 * levels are there). BLS publishes percent changes rounded to one decimal, computed from
 * the unrounded-to-three-decimals index levels it prints; we do the same, so our figures
 * match the published tables (tests/unit/economy-change.test.ts checks every CPI row of
 * the snapshot against the change BLS printed).
 */
import { addMonths, type Period } from "./periods";

/** (to / from - 1) x 100, rounded half away from zero to `decimals`; null when it cannot be computed. */
export function percentChange(from: number | null | undefined, to: number | null | undefined, decimals = 1): number | null {
  if (from === null || from === undefined || to === null || to === undefined) return null;
  if (!Number.isFinite(from) || !Number.isFinite(to) || from <= 0) return null;
  const raw = ((to - from) / from) * 100;
  return roundHalfAway(raw, decimals);
}

export function roundHalfAway(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // A hair of relative tolerance so 4.25 stored as 4.2499999999 still rounds to 4.3.
  const rounded = Math.round(Math.abs(value) * factor * (1 + 1e-12)) / factor;
  const result = Math.sign(value) * rounded;
  return Object.is(result, -0) ? 0 : result;
}

/** Index levels of one series by period. */
export type LevelsByPeriod = ReadonlyMap<Period, number>;

/** Change over the 12 months to `period`: needs the levels of `period` and of the same month a year earlier. */
export function twelveMonthChange(levels: LevelsByPeriod, period: Period): number | null {
  return percentChange(levels.get(addMonths(period, -12)), levels.get(period));
}

/** Change from the month before `period` to `period`. */
export function oneMonthChange(levels: LevelsByPeriod, period: Period): number | null {
  return percentChange(levels.get(addMonths(period, -1)), levels.get(period));
}
