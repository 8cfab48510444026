import "server-only";
import { answersFromMemoryOn } from "@/lib/env/answers-from-memory";
import { startChangeFeed } from "./change-feed";
import { openDatabase, type Database } from "./connect";
import type { PrismaClient } from "./generated/client";

/**
 * The one database client of the running app, opened on first use (never at import
 * time, so `next build` does not open the embedded database) and kept across hot
 * reloads in development.
 */
const holder = globalThis as typeof globalThis & { __tariffwatchDb?: Database };

export function getDatabase(): Database {
  if (!holder.__tariffwatchDb) {
    const database = openDatabase(undefined, { server: true });
    // The change feed the answer cache follows (lib/http/answer-cache.ts), stopped
    // before the database closes; only where that cache can run (answersFromMemoryOn).
    if (answersFromMemoryOn()) {
      const stop = startChangeFeed(database);
      const close = database.close;
      database.close = async () => {
        await stop();
        await close();
      };
    }
    holder.__tariffwatchDb = database;
  }
  return holder.__tariffwatchDb;
}

export function getDb(): PrismaClient {
  return getDatabase().prisma;
}

export type { PrismaClient };
export { Prisma } from "./generated/client";
