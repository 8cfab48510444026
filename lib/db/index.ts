import "server-only";
import { openDatabase, type Database } from "./connect";
import type { PrismaClient } from "./generated/client";

/**
 * The one database client of the running app, opened on first use (never at import
 * time, so `next build` does not open the embedded database) and kept across hot
 * reloads in development.
 */
const holder = globalThis as typeof globalThis & { __tariffwatchDb?: Database };

export function getDatabase(): Database {
  holder.__tariffwatchDb ??= openDatabase(undefined, { server: true });
  return holder.__tariffwatchDb;
}

export function getDb(): PrismaClient {
  return getDatabase().prisma;
}

export type { PrismaClient };
export { Prisma } from "./generated/client";
