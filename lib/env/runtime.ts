/**
 * The raw process environment, for the few places that need it as it is: the start-up
 * check and the job timers (which validate it themselves), and Next's own runtime
 * markers. Everything else reads the validated settings through `getEnv()` (lib/env).
 * No `server-only` here: instrumentation.ts loads it in every runtime.
 */
export function rawEnv(): Record<string, string | undefined> {
  return process.env;
}

/** Next.js's runtime markers: which runtime runs this code, and whether `next build` does. */
export function serverRuntime(): { nextRuntime: string | undefined; nextPhase: string | undefined } {
  return { nextRuntime: process.env.NEXT_RUNTIME, nextPhase: process.env.NEXT_PHASE };
}
