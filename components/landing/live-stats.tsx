"use client";

import { formatDayUtc, freshnessText } from "@/lib/economy/freshness";
import { AnimatedCounter } from "./animated-counter";
import { useLiveData } from "./live-data";
import { getJson } from "@/lib/http/client";

/**
 * The landing page's live figures from GET /api/stats (lib/stats/public-stats.ts). No
 * fallback number: until the answer arrives the figure reads "—", and when it cannot be
 * read it says so.
 */
export const PUBLIC_STATS_KEY = "/api/stats";

type StatsBody = {
  alertsSent30d?: unknown;
  economicData?: { cpiThrough?: unknown; cpiOrigin?: unknown; cpiFetchedAt?: unknown; lastRefreshAt?: unknown };
};

async function fetchStats(url: string): Promise<StatsBody> {
  const body = await getJson<unknown>(url);
  return typeof body === "object" && body !== null ? (body as StatsBody) : {};
}

function usePublicStats() {
  return useLiveData(PUBLIC_STATS_KEY, fetchStats);
}

/** Subscriber alerts emailed or digested in the last 30 days. */
export function AlertsSentStat() {
  const { data, error } = usePublicStats();
  const n = data?.alertsSent30d;
  if (typeof n === "number" && Number.isFinite(n) && n >= 0) {
    return <AnimatedCounter value={Math.floor(n)} data-testid="stat-alerts-sent" data-source="live" />;
  }
  if (error || data !== undefined) {
    return (
      <span data-testid="stat-alerts-sent" data-source="unavailable" title="Count unavailable right now">
        —<span className="sr-only"> (count unavailable right now)</span>
      </span>
    );
  }
  return (
    <span data-testid="stat-alerts-sent" data-source="loading">
      —
    </span>
  );
}

/**
 * "CPI for May 2026, from the offline snapshot shipped with the site, stored Nov 21, 2026 ·
 * sources last checked Nov 27, 2026", from the stored economic data (lib/economy/freshness.ts):
 * the month the figures describe and when they were fetched, never "live".
 */
export function EconomicDataAsOf() {
  const { data, error } = usePublicStats();
  const e = data?.economicData;
  if (!e) {
    return (
      <span data-testid="economic-as-of" data-source={error ? "unavailable" : "loading"}>
        {error ? "unavailable right now" : "…"}
      </span>
    );
  }
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const checked = text(e.lastRefreshAt);
  return (
    <span data-testid="economic-as-of" data-source="live">
      {freshnessText({ label: "CPI", period: text(e.cpiThrough), origin: text(e.cpiOrigin), fetchedAt: text(e.cpiFetchedAt) })}
      {" · "}
      {checked ? `sources last checked ${formatDayUtc(checked)}` : "not checked with the sources yet"}
    </span>
  );
}
