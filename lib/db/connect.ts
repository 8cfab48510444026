import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "./generated/client";
import { lockPgliteDataDir } from "./pglite-lock";
import { resolveDatabaseTarget, type DatabaseTarget } from "./target";

/**
 * An open database: the Prisma client, the driver adapter it runs on (migrations use
 * the same one) and a way to close it. No `server-only`: scripts and tests use it too;
 * the app goes through `@/lib/db`.
 */
export type Database = {
  prisma: PrismaClient;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  target: DatabaseTarget;
  close: () => Promise<void>;
};

/**
 * Makes each statement sent to the embedded database wait for the event loop's next turn.
 * PGlite runs a statement synchronously on this thread and answers through promises only, so
 * fifty requests that chain statements run in one unbroken string of microtasks: the server
 * neither accepts new connections nor reads new requests until it ends (measured: under load,
 * one new connection accepted every 0.25-0.5 s, and requests on them waiting up to 10 s).
 * With a turn before each statement, the loop polls its sockets between statements
 * (docs/performance.md, "Starved connections on the embedded database"). Statements inside a
 * transaction run on the transaction's own handle (pglite-prisma-adapter's `tx.query`) and
 * take no turn: the transaction holds the database until it ends, so waiting would only
 * hold it longer.
 */
function yieldBeforeEachStatement(pglite: PGlite): void {
  const query = pglite.query.bind(pglite);
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  pglite.query = (async (...args: Parameters<PGlite["query"]>) => {
    await nextTurn();
    return query(...args);
  }) as PGlite["query"];
}

/**
 * `pgliteDump`: an in-memory PGlite starts from this data-directory dump (PGlite's
 * `dumpDataDir`) instead of an empty cluster; the test helpers use one migrated dump for
 * every test file (tests/helpers/global-setup.ts). `server`: the running app's database
 * (lib/db), whose statements on PGlite let the event loop turn first (above).
 */
export function openDatabase(target: DatabaseTarget = resolveDatabaseTarget(), options: { pgliteDump?: Blob; server?: boolean } = {}): Database {
  if (target.kind === "pglite") {
    const inMemory = target.dataDir.startsWith("memory://");
    if (!inMemory) mkdirSync(target.dataDir, { recursive: true });
    // One process per data directory: fail clearly if a tool or another server holds it.
    const release = inMemory ? () => undefined : lockPgliteDataDir(target.dataDir);
    const pglite = new PGlite(target.dataDir, inMemory && options.pgliteDump ? { loadDataDir: options.pgliteDump } : {});
    if (options.server) yieldBeforeEachStatement(pglite);
    const adapterFactory = new PrismaPGlite(pglite);
    const prisma = new PrismaClient({ adapter: adapterFactory });
    return {
      prisma,
      adapterFactory,
      target,
      close: async () => {
        try {
          await prisma.$disconnect();
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  }
  const adapterFactory = new PrismaPg({ connectionString: target.url, max: 10 });
  const prisma = new PrismaClient({ adapter: adapterFactory });
  return {
    prisma,
    adapterFactory,
    target,
    close: async () => {
      await prisma.$disconnect();
    },
  };
}

export type { PrismaClient };
