/**
 * Runs once when the server starts: a bad environment stops the start with a
 * message that names the variable, instead of failing on the first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { parseEnv, EnvError } = await import("./lib/env/schema");
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
