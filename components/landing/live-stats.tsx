"use client";

import { formatPeriodShort, isPeriod } from "@/lib/economy/periods";
import { AnimatedCounter } from "./animated-counter";
import { useLiveData } from "./live-data";

/**
 * The landing page's live figures from GET /api/stats (lib/stats/public-stats.ts). No
 * fallback number: until the answer arrives the figure reads "—", and when it cannot be
 * read it says so.
 */
export const PUBLIC_STATS_KEY = "/api/stats";

type StatsBody = {
  alertsSent30d?: unknown;
  economicData?: { cpiThrough?: unknown; cpiOrigin?: unknown; lastRefreshAt?: unknown };
};

async function fetchStats(url: string): Promise<StatsBody> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`Failed to load stats (HTTP ${res.status})`);
  const body: unknown = await res.json();
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

/** "May 2026" for "2026-05"; anything else as it came. */
function monthText(period: string): string {
  return isPeriod(period) ? formatPeriodShort(period) : period;
}

/** "CPI through May 2026 (offline snapshot) · last live refresh 2026-11-20", from the stored economic data. */
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
  const through = typeof e.cpiThrough === "string" ? e.cpiThrough : null;
  const origin = e.cpiOrigin === "bls-api" ? "BLS API" : e.cpiOrigin === "snapshot" ? "offline snapshot" : null;
  const refreshed = typeof e.lastRefreshAt === "string" ? e.lastRefreshAt.slice(0, 10) : null;
  return (
    <span data-testid="economic-as-of" data-source="live">
      {through ? `CPI through ${monthText(through)}${origin ? ` (${origin})` : ""}` : "no CPI stored yet"}
      {" · "}
      {refreshed ? `last live refresh ${refreshed}` : "no live refresh yet"}
    </span>
  );
}
