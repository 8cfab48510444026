/**
 * Runs once when the server starts: a bad environment stops the start with a message
 * that names the variable, instead of failing on the first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkEnvironmentAtStart } = await import("./lib/env/check-at-start");
    checkEnvironmentAtStart();
  }
}
