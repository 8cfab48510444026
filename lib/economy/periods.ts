/**
 * Months as the store keeps them: "YYYY-MM" strings, which sort in time order. Pure
 * helpers, no dependencies: shared by the snapshot loader, the BLS client, the rules and
 * the page.
 */
export type Period = string;

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

export function isPeriod(value: string): boolean {
  return PERIOD.test(value);
}

export function parsePeriod(period: Period): { year: number; month: number } {
  const m = PERIOD.exec(period);
  if (!m) throw new RangeError(`Not a YYYY-MM period: ${period}`);
  return { year: Number(m[1]), month: Number(m[2]) };
}

export function makePeriod(year: number, month: number): Period {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
}

/** The period `months` months after (negative: before) `period`. */
export function addMonths(period: Period, months: number): Period {
  const { year, month } = parsePeriod(period);
  const index = year * 12 + (month - 1) + months;
  return makePeriod(Math.floor(index / 12), (index % 12) + 1);
}

/** Whole months from `from` to `to` (positive when `to` is later). */
export function monthsBetween(from: Period, to: Period): number {
  const a = parsePeriod(from);
  const b = parsePeriod(to);
  return (b.year - a.year) * 12 + (b.month - a.month);
}

/** The month a moment falls in, in UTC. */
export function periodOf(date: Date): Period {
  return makePeriod(date.getUTCFullYear(), date.getUTCMonth() + 1);
}

/** "May 2026". */
export function formatPeriod(period: Period): string {
  const { year, month } = parsePeriod(period);
  return `${MONTHS[month - 1]} ${year}`;
}

/** The month (1 to 12) of an English month name ("June" -> 6), or null. */
export function monthOfName(name: string): number | null {
  const i = MONTHS.indexOf(name as (typeof MONTHS)[number]);
  return i < 0 ? null : i + 1;
}

/** A month's three-letter name, for `month` 1 to 12: "Sep". */
export function monthAbbreviation(month: number): string {
  return MONTHS[month - 1]?.slice(0, 3) ?? String(month);
}

/** "May 2026" in short form: "May 2026" stays, "September 2025" becomes "Sep 2025". */
export function formatPeriodShort(period: Period): string {
  const { year, month } = parsePeriod(period);
  return `${monthAbbreviation(month)} ${year}`;
}

/**
 * BLS period codes: "M01".."M12" are months; "M13" is the annual average and other codes
 * (quarters, half-years) are not monthly. Returns null for anything that is not a month.
 */
export function periodFromBls(year: string, period: string): Period | null {
  if (!/^\d{4}$/.test(year)) return null;
  const m = /^M(0[1-9]|1[0-2])$/.exec(period);
  if (!m) return null;
  return `${year}-${m[1]}`;
}
