/**
 * Runs once when the server starts: a bad environment stops the start with a message
 * that names the variable, instead of failing on the first request. In the embedded
 * set-up it also starts the economic data refresh timer (lib/economy/scheduler.ts) and the
 * trial follow-up / email retry timer (lib/jobs/email-timer.ts), never while `next build` runs.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkEnvironmentAtStart } = await import("./lib/env/check-at-start");
    checkEnvironmentAtStart();
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      const { startEconomicRefreshTimer } = await import("./lib/economy/scheduler");
      startEconomicRefreshTimer();
      const { startEmailJobsTimer } = await import("./lib/jobs/email-timer");
      startEmailJobsTimer();
    }
  }
}
