import "server-only";
import { findJob } from "@/lib/jobs/registry";
import { startJobTimer } from "@/lib/jobs/timer";

/**
 * The economic refresh's in-process timer: the registry's "economic-refresh" job
 * (lib/jobs/registry.ts) on the one timer loop (lib/jobs/timer.ts). Only with the embedded
 * database; ECONOMIC_REFRESH_INTERVAL_MINUTES (default 360, 0 = off); the first run comes
 * 30 seconds after start unless a run happened within the last interval.
 */
export function startEconomicRefreshTimer(env: Record<string, string | undefined>, options: { firstRunDelayMs?: number } = {}): void {
  startJobTimer(findJob("economic-refresh")!, env, options);
}
