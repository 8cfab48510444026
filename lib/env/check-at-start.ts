import { EnvError, parseEnv, type Env } from "./schema";

/**
 * Validates the environment once when the server starts (instrumentation.ts); on a bad
 * value prints which variable and why, and exits. The parsed settings are kept for
 * `getEnv()` (lib/env/index.ts), so the app parses them once.
 */
export function checkEnvironmentAtStart(): void {
  try {
    (globalThis as { __tariffwatchEnv?: Env }).__tariffwatchEnv = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
