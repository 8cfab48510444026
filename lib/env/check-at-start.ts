import { EnvError, parseEnv } from "./schema";

/** Validates the environment; on a bad value prints which variable and why, and exits. */
export function checkEnvironmentAtStart(): void {
  try {
    parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
