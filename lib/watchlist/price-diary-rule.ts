/**
 * The price diary's alert rule (docs/alerts.md, "Price diary"). Pure: the entries, the bands
 * the tariff law explains and the day are arguments (lib/watchlist/price-diary.ts reads them).
 *
 * - PRICE_ABOVE_TARIFF: an entry's rise over the base (the diary's first entry) is above the
 *   high end of the rise the tariff explains between the two days by more than
 *   ABOVE_MARGIN_PP percentage points AND more than ABOVE_MARGIN_CENTS. Once per entry.
 * - PRICE_STAYS_UP: the engine projects a fall of the duty (an expiry, a ruling striking a
 *   measure down, a lower rate: the whole band below zero), STAYS_UP_DAYS have passed since
 *   its first day, and the latest entry, dated at least that long after, is not below the
 *   last entry paid before the fall (the in-force level). Once per fall.
 */
import type { Band } from "@/lib/tariffs/price-change";
import { addDays } from "@/lib/tariffs/watch-projection";

export const ABOVE_MARGIN_PP = 5;
export const ABOVE_MARGIN_CENTS = 100;
export const STAYS_UP_DAYS = 60;

export type DiaryEntry = { id: string; paidOn: string; priceCents: number; shop: string | null };

/** Entries in the diary's order: by day, then as given (the order they were recorded). */
export function diaryOrder<T extends Pick<DiaryEntry, "paidOn">>(entries: readonly T[]): T[] {
  return entries.map((e, i) => [e, i] as const).sort(([a, i], [b, j]) => (a.paidOn < b.paidOn ? -1 : a.paidOn > b.paidOn ? 1 : i - j)).map(([e]) => e);
}

/** Whole days from `from` to `to` (ISO days). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The band's top and bottom: the engine's low and high are its low and high pass-through
 * cases, so for a fall "high" is the larger fall (the lower number).
 */
export function bandTop(band: Band): number {
  return Math.max(band.low, band.high);
}
export function bandBottom(band: Band): number {
  return Math.min(band.low, band.high);
}

/** The prices the tariff explains at the band's bottom and top: base × (1 + band/100), in cents. */
export function explainedCents(baseCents: number, band: Band): { low: number; high: number } {
  return { low: Math.round(baseCents * (1 + bandBottom(band) / 100)), high: Math.round(baseCents * (1 + bandTop(band) / 100)) };
}

export type AboveTariff = {
  entry: DiaryEntry;
  base: DiaryEntry;
  /** The observed rise over the base, percent. */
  observedPct: number;
  /** The band the tariff explains from the base's day to the entry's day. */
  explained: Band;
  /** How far the observed rise is above the band's high end: percentage points and cents. */
  excessPct: number;
  excessCents: number;
};

/**
 * Whether `entry` rose clearly more than the tariff explains since `base`; null when not
 * (or when the band is unknown: no figure, no alert).
 */
export function aboveTariff(base: DiaryEntry, entry: DiaryEntry, explained: Band | null): AboveTariff | null {
  if (!explained || entry.id === base.id || entry.paidOn < base.paidOn) return null;
  const observedPct = ((entry.priceCents - base.priceCents) / base.priceCents) * 100;
  const excessPct = observedPct - bandTop(explained);
  const excessCents = entry.priceCents - explainedCents(base.priceCents, explained).high;
  if (!(excessPct > ABOVE_MARGIN_PP && excessCents > ABOVE_MARGIN_CENTS)) return null;
  return { entry, base, observedPct, explained, excessPct, excessCents };
}

/** A change of the duty the engine projects as a fall (its band, percent, whole below zero). */
export type DutyFall = { key: string; first: string; band: Band; events: { measureName: string; type: string }[] };

export type StaysUp = { fall: DutyFall; inForce: DiaryEntry; latest: DiaryEntry };

/** Whether the diary shows a price that did not come down after `fall`; null when not (yet). */
export function staysUp(entries: readonly DiaryEntry[], fall: DutyFall, today: string): StaysUp | null {
  if (!(bandTop(fall.band) < 0)) return null;
  const due = addDays(fall.first, STAYS_UP_DAYS);
  if (today < due) return null;
  const ordered = diaryOrder(entries);
  const inForce = ordered.filter((e) => e.paidOn < fall.first).at(-1);
  const latest = ordered.at(-1);
  if (!inForce || !latest || latest.paidOn < due) return null;
  return latest.priceCents >= inForce.priceCents ? { fall, inForce, latest } : null;
}
