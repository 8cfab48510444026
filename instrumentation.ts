/**
 * Runs once when the server starts: a bad environment stops the start with a message
 * that names the variable, instead of failing on the first request. Then it starts the
 * in-process timer of the job registry (lib/jobs/timer.ts: follow-ups, lapse notices and,
 * with the embedded database, the economic refresh), never while `next build` runs. The
 * product search's index is built by the first search (docs/search.md, "Freshness").
 */
export async function register(): Promise<void> {
  const { rawEnv, serverRuntime } = await import("./lib/env/runtime");
  if (serverRuntime().nextRuntime === "nodejs") {
    const { checkEnvironmentAtStart } = await import("./lib/env/check-at-start");
    checkEnvironmentAtStart();
    if (serverRuntime().nextPhase !== "phase-production-build") {
      const { startJobTimers } = await import("./lib/jobs/timer");
      startJobTimers(rawEnv());
    }
  }
}
