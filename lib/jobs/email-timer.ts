import "server-only";
import { getDb } from "@/lib/db";
import { parseEnv } from "@/lib/env/schema";
import { describeEmailJobs, runEmailJobs } from "./email-jobs";

/**
 * The in-process scheduler of the trial follow-ups and email retries, started once from
 * instrumentation.ts (never while `next build` runs). TRIAL_FOLLOWUP_INTERVAL_MINUTES:
 * default 15 with the embedded database, 0 (off) with a PostgreSQL server, where a
 * platform cron calls GET /api/cron/trial-followups instead; setting it there turns the
 * timer on as well (the job is safe to run on several instances at once).
 *
 * First run 20 seconds after start, then every interval, one run at a time. Each run
 * logs one line; a failure is logged and the timer carries on. Timers are unref'd.
 */
const FIRST_RUN_DELAY_MS = 20_000;

const holder = globalThis as typeof globalThis & { __emailJobsTimer?: NodeJS.Timeout | true };

export function startEmailJobsTimer(raw: Record<string, string | undefined> = process.env): void {
  if (holder.__emailJobsTimer) return;
  let intervalMinutes: number;
  let siteUrl: string;
  try {
    const env = parseEnv(raw);
    intervalMinutes = env.email.followUpIntervalMinutes;
    siteUrl = env.SITE_URL;
  } catch {
    return; // an invalid environment is reported by checkEnvironmentAtStart
  }
  if (intervalMinutes === 0) return;
  const intervalMs = intervalMinutes * 60_000;
  holder.__emailJobsTimer = true;

  const schedule = (delayMs: number) => {
    const timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
    holder.__emailJobsTimer = timer;
  };

  const tick = async () => {
    try {
      const summary = await runEmailJobs(getDb(), new Date(), { siteUrl, trigger: "timer", clock: () => new Date() });
      console.info(`[email-jobs] ${describeEmailJobs(summary)}`);
    } catch (error) {
      console.warn(`[email-jobs] run failed: ${error instanceof Error ? error.message : String(error)}. Retrying in ${intervalMinutes} min.`);
    } finally {
      schedule(intervalMs);
    }
  };

  schedule(FIRST_RUN_DELAY_MS);
}
