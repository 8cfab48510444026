/**
 * Freshness said plainly (docs/economy.md, "Freshness"): every block of economic figures
 * says the period it describes and when its figures were fetched ("CPI for May 2026
 * (released Jun 10, 2026), fetched Nov 20, 2026 from the BLS API"), figures that came with
 * the offline snapshot say so instead of claiming a fetch, and a source's status line
 * never contradicts itself. Pure, no Intl (the dashboard loads it: components/dashboard/format.ts
 * says why); dates are calendar dates in UTC, as the store keeps them.
 */
import { formatPeriod, isPeriod, monthAbbreviation } from "./periods";

/** "Nov 20, 2026" for an ISO time or a Date, in UTC; an unreadable value as it came. */
export function formatDayUtc(value: string | Date): string {
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return `${monthAbbreviation(d.getUTCMonth() + 1)} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** Where a block's figures came from: fetched from an API, the offline snapshot shipped with the site, or both. */
export type FigureOrigin = "bls-api" | "federal-register" | "snapshot" | "mixed" | "none" | (string & {});

const API_NAME: Record<string, string> = { "bls-api": "the BLS API", "federal-register": "the Federal Register API" };

export type FreshnessInput = {
  /** What the figures are: "CPI", "PPI", "Footwear CPI". */
  label: string;
  /** The month they describe (YYYY-MM), or null when none is stored. */
  period: string | null;
  /** The day the agency released that month (YYYY-MM-DD), when known. */
  releasedOn?: string | null;
  origin: FigureOrigin | null;
  /** When the newest of them reached our store: fetched from the API, or loaded from the snapshot. */
  fetchedAt: string | Date | null;
};

/**
 * Where the figures came from and when they reached us: "fetched Nov 20, 2026 from the BLS API",
 * "from the offline snapshot shipped with the site, stored Nov 21, 2026" (never "fetched": we
 * did not fetch those), or null when nothing says.
 */
export function originText(origin: FigureOrigin | null, fetchedAt: string | Date | null): string | null {
  const when = fetchedAt ? formatDayUtc(fetchedAt) : null;
  if (origin && API_NAME[origin]) return when ? `fetched ${when} from ${API_NAME[origin]}` : `from ${API_NAME[origin]}`;
  if (origin === "snapshot") return `from the offline snapshot shipped with the site${when ? `, stored ${when}` : ""}`;
  if (origin === "mixed") return `fetched${when ? ` up to ${when}` : ""} from the BLS API, some lines from the offline snapshot shipped with the site`;
  return when ? `stored ${when}` : null;
}

/**
 * "CPI for May 2026 (released Jun 10, 2026), fetched Nov 20, 2026 from the BLS API";
 * "CPI for May 2026 (released Jun 10, 2026), from the offline snapshot shipped with the site, stored Nov 21, 2026";
 * "No CPI figures stored yet".
 */
export function freshnessText({ label, period, releasedOn, origin, fetchedAt }: FreshnessInput): string {
  if (!period) return `No ${label} figures stored yet`;
  const month = isPeriod(period) ? formatPeriod(period) : period;
  const released = releasedOn ? ` (released ${formatDayUtc(`${releasedOn}T00:00:00Z`)})` : "";
  const from = originText(origin, fetchedAt);
  return `${label} for ${month}${released}${from ? `, ${from}` : ""}`;
}

/** A dataset of the dashboard's details (lib/economy/schemas.ts) in those words: "CPI for May 2026 (...), fetched ...". */
export function datasetFreshness(
  label: "CPI" | "PPI",
  d: { asOf: string | null; releasedOn: string | null; origin: string; fetchedAt: string | null },
): string {
  return freshnessText({ label, period: d.asOf, releasedOn: d.releasedOn, origin: d.origin, fetchedAt: d.fetchedAt });
}

/** When a source was last checked (lib/economy/alert-presentation.ts `sourceChecks`). */
export type SourceCheckState = { lastCheckedAt: string | null; lastAttemptAt: string | null; lastAttemptOk: boolean | null };

/**
 * What a source's status line can truthfully say, one state each, so none contradicts
 * itself ("not checked yet" beside "the latest check got no answer" was possible before):
 * - `never`: no check has run; the figures are the snapshot's.
 * - `unreached`: checks ran but none got an answer; the figures are the snapshot's.
 * - `stale`: an earlier check got an answer, the latest did not; the figures are from the earlier one.
 * - `ok`: the latest check got an answer.
 */
export type SourceStatus =
  | { state: "never" }
  | { state: "unreached"; lastAttemptAt: string }
  | { state: "stale"; lastCheckedAt: string; lastAttemptAt: string }
  | { state: "ok"; lastCheckedAt: string };

export function sourceStatus(check: SourceCheckState): SourceStatus {
  const { lastCheckedAt, lastAttemptAt, lastAttemptOk } = check;
  if (!lastCheckedAt) return lastAttemptAt ? { state: "unreached", lastAttemptAt } : { state: "never" };
  if (lastAttemptOk === false && lastAttemptAt && lastAttemptAt !== lastCheckedAt) return { state: "stale", lastCheckedAt, lastAttemptAt };
  return { state: "ok", lastCheckedAt };
}

/** A piece of a status line: words, or a moment the page writes in its own format (and marks up as a time). */
export type TextPart = string | { time: string };

/** The status line in pieces: words and moments. */
export function sourceStatusParts(source: string, status: SourceStatus): TextPart[] {
  switch (status.state) {
    case "never":
      return [`${source} not checked yet: these are the figures of the offline snapshot shipped with the site`];
    case "unreached":
      return [`${source} not reached yet: the latest check, `, { time: status.lastAttemptAt }, ", got no answer; these are the figures of the offline snapshot shipped with the site"];
    case "stale":
      return [`${source} last reached `, { time: status.lastCheckedAt }, "; the latest check, ", { time: status.lastAttemptAt }, ", got no answer, so the figures are the ones fetched then"];
    case "ok":
      return [`${source} last checked `, { time: status.lastCheckedAt }];
  }
}

/** The status line in words, with times written by `time` (the page's own format and zone). */
export function sourceStatusText(source: string, status: SourceStatus, time: (iso: string) => string): string {
  return sourceStatusParts(source, status)
    .map((part) => (typeof part === "string" ? part : time(part.time)))
    .join("");
}
