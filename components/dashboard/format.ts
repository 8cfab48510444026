/**
 * Display formats of the dashboard, in US English: "Nov 21, 2026, 9:49 PM". Dates and times
 * are in the visitor's own time zone unless the name says UTC.
 *
 * Written out by hand (numbers by lib/format.ts) rather than with Intl: this module
 * loads with /alerts, and the first Intl.DateTimeFormat a page creates costs Chromium about
 * 15 ms of locale data (60 ms on a phone-speed CPU), which landed in the framework's start-up
 * task (docs/performance.md "No Intl at start-up"). The output is the en-US
 * pattern Intl gives for dateStyle "medium" and timeStyle "short" / "medium".
 */
import { monthAbbreviation } from "@/lib/economy/periods";
import { formatNumber } from "@/lib/format";

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function parts(d: Date, utc: boolean): Parts {
  return utc
    ? { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() }
    : { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds() };
}

const two = (n: number): string => String(n).padStart(2, "0");

/** "Nov 21, 2026" */
function datePart(p: Parts): string {
  return `${monthAbbreviation(p.month + 1)} ${p.day}, ${p.year}`;
}

/** "9:49 PM", or "9:49:54 PM" with seconds. */
function timePart(p: Parts, seconds: boolean): string {
  const clock = `${p.hour % 12 || 12}:${two(p.minute)}${seconds ? `:${two(p.second)}` : ""}`;
  return `${clock} ${p.hour < 12 ? "AM" : "PM"}`;
}

/** Runs `write` on the date `iso` names; an unreadable date is shown as it came. */
function withDate(iso: string, write: (d: Date) => string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : write(d);
}

/** "Nov 21, 2026, 9:49 PM" (with `seconds`, "9:49:54 PM"), in the visitor's zone or in UTC. */
function dateAndTime(d: Date, utc: boolean, seconds: boolean): string {
  const p = parts(d, utc);
  return `${datePart(p)}, ${timePart(p, seconds)}`;
}

/** "Nov 21, 2026, 9:49 PM" */
export function formatDateTime(iso: string): string {
  return withDate(iso, (d) => dateAndTime(d, false, false));
}

/** "Nov 21, 2026, 9:49:54 PM": the 'Last updated' time, to the second. */
export function formatDateTimeSeconds(iso: string): string {
  return withDate(iso, (d) => dateAndTime(d, false, true));
}

/** Publication dates are calendar dates (stored at 00:00 UTC): shown as that date everywhere. */
export function formatDate(iso: string): string {
  return withDate(iso, (d) => datePart(parts(d, true)));
}

/** "1,234.567": an index to three decimals, thousands grouped (lib/format.ts). */
export function formatIndex(value: number): string {
  return formatNumber(value, 3);
}

/** "+4.2%", "-1.0%", "0.0%". */
export function formatChange(change: number): string {
  const sign = change > 0 ? "+" : change < 0 ? "-" : "";
  return `${sign}${Math.abs(change).toFixed(1)}%`;
}

/** "Nov 24, 2026, 2:05 PM UTC": times written on the server, where the visitor's zone is unknown. */
export function formatDateTimeUtc(iso: string): string {
  return withDate(iso, (d) => `${dateAndTime(d, true, false)} UTC`);
}
