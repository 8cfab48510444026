import "server-only";
import { getDb } from "@/lib/db";
import { parseEnv, type Env } from "@/lib/env/schema";
import { JOBS, type Job } from "./registry";

/**
 * The in-process timer of the local set-up: one loop per job of the registry
 * (lib/jobs/registry.ts) at the job's own interval, started once from instrumentation.ts
 * (never while `next build` runs). Intervals come from the environment:
 * TRIAL_FOLLOWUP_INTERVAL_MINUTES (follow-ups and lapse notices; default 15 with the
 * embedded database, 0 = off with a PostgreSQL server, where the platform cron calls
 * GET /api/cron/<job>; email delivery runs every 10 seconds while it is on) and
 * ECONOMIC_REFRESH_INTERVAL_MINUTES (default 360; embedded database only). The alert
 * jobs are cron-only.
 *
 * Each job runs first after its own delay, then every interval, one run at a time. Each
 * run logs one line (unless the job calls it `quiet`); a failure is logged and the loop carries on. Timers are unref'd:
 * they never keep the process alive. The handle of each loop sits on globalThis as
 * `__<jobNameInCamelCase>Timer` (e.g. `__economicRefreshTimer`), so a second start is a no-op.
 */
type Holder = Record<string, NodeJS.Timeout | true | undefined>;
const holder = globalThis as typeof globalThis & Holder;

export const timerSlot = (name: string) => `__${name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}Timer`;

/** Starts the loop of one job; false when its interval is 0, it is off here, or the environment is invalid. */
export function startJobTimer(job: Job, raw: Record<string, string | undefined>, options: { firstRunDelayMs?: number } = {}): boolean {
  const slot = timerSlot(job.name);
  if (holder[slot]) return false;
  let env: Env;
  try {
    env = parseEnv(raw);
  } catch {
    return false; // an invalid environment is reported by checkEnvironmentAtStart
  }
  const intervalMinutes = job.timer.intervalMinutes(env);
  if (intervalMinutes === 0) return false;
  const off = job.timer.offReason?.(env);
  if (off) {
    console.info(`[${job.name}] in-process timer off: ${off}`);
    return false;
  }
  const intervalMs = Math.round(intervalMinutes * 60_000);
  holder[slot] = true;

  const schedule = (delayMs: number) => {
    const timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
    holder[slot] = timer;
  };

  const tick = async () => {
    let next = intervalMs;
    try {
      const db = getDb();
      const now = new Date();
      const dueIn = job.dueInMs ? await job.dueInMs(db, now, intervalMs) : 0;
      if (dueIn > 0) {
        next = dueIn;
      } else {
        const run = await job.run(db, now, { env, trigger: "timer", clock: () => new Date() });
        if (!run.quiet) console.info(`[${job.name}] ${run.line}`);
      }
    } catch (error) {
      console.warn(`[${job.name}] run failed: ${error instanceof Error ? error.message : String(error)}. Next try in ${intervalMs < 60_000 ? `${intervalMs / 1000} s` : `${intervalMinutes} min`}.`);
    } finally {
      // At least a minute apart, unless the job's own interval is shorter (email delivery: 10 s).
      schedule(Math.max(next, Math.min(intervalMs, 60_000)));
    }
  };

  schedule(options.firstRunDelayMs ?? job.timer.firstRunDelayMs);
  return true;
}

/** Starts the loop of every job of the registry whose interval is not 0. */
export function startJobTimers(raw: Record<string, string | undefined>): void {
  for (const job of JOBS) startJobTimer(job, raw);
}
