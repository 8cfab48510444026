// The frame of every command-line task that works on the database: validate the
// environment, open the database (saying clearly when another process holds the embedded
// one), run the task, set the exit code, and always close.
import "dotenv/config";
import { openDatabase, type Database } from "@/lib/db/connect";
import { EnvError, parseEnv, type Env } from "@/lib/env/schema";

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs `task`; its answer (or 0) becomes the exit code, a thrown error prints `failure: message` and exits 1. */
export async function runWithDatabase(
  failure: string,
  task: (database: Database, env: Env) => Promise<number | void>,
): Promise<void> {
  let env: Env;
  let database: Database;
  try {
    env = parseEnv(process.env);
    database = openDatabase();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : message(error));
    process.exitCode = 1;
    return;
  }
  try {
    process.exitCode = (await task(database, env)) ?? 0;
  } catch (error) {
    console.error(`${failure}: ${message(error)}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
