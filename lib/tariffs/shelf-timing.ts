/**
 * How fast a tariff reaches shelf prices, in words, from the engine's own cited ramp
 * (lib/tariffs/pass-through.ts, docs/tariffs.md "Projection"): the shelf absorbs the change
 * evenly over PASS_THROUGH.rampMonths months from the effective date, r(k) = min(1, k / rampMonths).
 * The e-book, the emails and the landing say timing with these, so the words and the
 * projections cannot disagree (docs/claims.md, "Timing").
 */
import { PASS_THROUGH } from "./pass-through";

/** The engine's month (lib/watchlist/projection.ts counts days the same way). */
export const DAYS_PER_MONTH = 365.25 / 12;

/** Months until the shelf has absorbed the whole change. */
export const RAMP_MONTHS = PASS_THROUGH.rampMonths;

/** Days until the shelf has absorbed the whole change (rounded up). */
export const RAMP_DAYS = Math.ceil(RAMP_MONTHS * DAYS_PER_MONTH);

/** The share of the eventual shelf change in place `days` after the effective date: r(k) with k in months. */
export function shareOnShelfAfter(days: number): number {
  return Math.min(1, Math.max(0, days / DAYS_PER_MONTH / RAMP_MONTHS));
}

/** Whole percent of the eventual change on the shelf after `days` (42 for 90 days). */
export function percentOnShelfAfter(days: number): number {
  return Math.round(shareOnShelfAfter(days) * 100);
}

/** Where the ramp comes from, as a reader can look it up. */
export const RAMP_SOURCE = {
  id: "fed-feds-note-2026-04-08",
  short: "Federal Reserve research, April 2026",
  long: "Minton, Ray and Somale, Detecting Tariff Effects on Consumer Prices in Real Time, Part II (Federal Reserve FEDS Notes, April 8, 2026)",
} as const;

/** One sentence for emails and pages: "Shelf prices rise gradually ... about 42% of it by day 90 ...". */
export const SHELF_TIMING_SENTENCE =
  `Shelf prices rise gradually after a tariff takes effect: our projections count about ${percentOnShelfAfter(90)}% of the eventual rise ` +
  `by day 90 and all of it after about ${RAMP_MONTHS} months (${RAMP_SOURCE.short}).`;
