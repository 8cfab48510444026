import "server-only";
import { getDb } from "@/lib/db";
import { resolveDatabaseTarget } from "@/lib/db/target";
import { parseEnv } from "@/lib/env/schema";
import { refreshConfigFromEnv } from "./config";
import { refreshEconomicData } from "./refresh";

/**
 * The embedded set-up's in-process refresh timer, started once from instrumentation.ts
 * (never during `next build`). Only with the embedded database: with a PostgreSQL
 * server, several instances would each run it, so the cron route is used instead.
 *
 * ECONOMIC_REFRESH_INTERVAL_MINUTES (default 360, 0 = off). The first run comes 30
 * seconds after start unless a run happened within the last interval. Every run is one
 * log line; a failure (no network) keeps the stored data and never throws out of here.
 * Timers are unref'd: they never keep the process alive.
 */
const FIRST_RUN_DELAY_MS = 30_000;

const holder = globalThis as typeof globalThis & { __economicRefreshTimer?: NodeJS.Timeout | true };

export function startEconomicRefreshTimer(
  env: Record<string, string | undefined> = process.env,
  options: { firstRunDelayMs?: number } = {},
): void {
  if (holder.__economicRefreshTimer) return;
  let config;
  let intervalMinutes;
  try {
    const parsed = parseEnv(env);
    config = refreshConfigFromEnv(parsed);
    intervalMinutes = parsed.economy.refreshIntervalMinutes;
    if (intervalMinutes === 0) return;
    if (resolveDatabaseTarget(env).kind !== "pglite") {
      console.info("[economic-refresh] in-process timer off: a PostgreSQL server is configured; schedule GET /api/cron/refresh-economic-data instead.");
      return;
    }
  } catch {
    return; // an invalid environment is reported by checkEnvironmentAtStart
  }
  const intervalMs = intervalMinutes * 60_000;
  holder.__economicRefreshTimer = true;

  const schedule = (delayMs: number) => {
    const timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
    holder.__economicRefreshTimer = timer;
  };

  const tick = async () => {
    let next = intervalMs;
    try {
      const db = getDb();
      const last = await db.economicRefreshRun.findFirst({ orderBy: { startedAt: "desc" }, select: { startedAt: true } });
      const since = last ? Date.now() - last.startedAt.getTime() : Infinity;
      if (since < intervalMs) {
        next = intervalMs - since;
      } else {
        await refreshEconomicData({ db, config, trigger: "timer" });
      }
    } catch (error) {
      console.warn(`[economic-refresh] timer run failed: ${error instanceof Error ? error.message : String(error)}. The stored data is unchanged.`);
    } finally {
      schedule(Math.max(next, 60_000));
    }
  };

  schedule(options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
}
