/** Display formats of the dashboard (the visitor's own time zone; US English). */
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const dateTimeSeconds = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

/** "Nov 21, 2026, 9:49:54 PM": the 'Last updated' time, to the second. */
export function formatDateTimeSeconds(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeSeconds.format(d);
}

/** Publication dates are calendar dates (stored at 00:00 UTC): shown as that date everywhere. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateOnly.format(d);
}

const index3 = new Intl.NumberFormat("en-US", { minimumFractionDigits: 3, maximumFractionDigits: 3 });

export function formatIndex(value: number): string {
  return index3.format(value);
}

/** "+4.2%", "-1.0%", "0.0%". */
export function formatChange(change: number): string {
  const sign = change > 0 ? "+" : change < 0 ? "-" : "";
  return `${sign}${Math.abs(change).toFixed(1)}%`;
}

const dateTimeUtc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "Nov 24, 2026, 2:05 PM UTC": times written on the server, where the visitor's zone is unknown. */
export function formatDateTimeUtc(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${dateTimeUtc.format(d)} UTC`;
}
