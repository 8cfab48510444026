/** The database a command runs on, from the project's target (the embedded PGlite directory or DATABASE_URL). */
import { PGlite } from "@electric-sql/pglite";
import { type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { lockPgliteDataDir } from "@/lib/db/pglite-lock";
import type { DatabaseTarget } from "@/lib/db/target";
import { MigrationError, errorText } from "./errors";
import { pgliteAdapterFactory } from "./adapters";
import { ensurePostgresDatabase, postgresAdapterFactory } from "./postgres";

export async function openPglite(dataDir: string): Promise<{ pglite: PGlite; close(): Promise<void> }> {
  if (dataDir.startsWith("memory://")) {
    const pglite = await PGlite.create(dataDir);
    return { pglite, close: () => pglite.close() };
  }
  const release = lockPgliteDataDir(dataDir);
  try {
    const pglite = await PGlite.create({ dataDir });
    return {
      pglite,
      async close() {
        try {
          if (!pglite.closed) await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw new MigrationError(`Cannot open the embedded database at ${dataDir}: ${errorText(error)}`, {
      cause: error,
    });
  }
}

// ---------------------------------------------------------------------------
// Targets

export interface MigrationConnection {
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** The database name when it did not exist and was created (PostgreSQL only). */
  createdDatabase: string | null;
  /** Closes whatever was opened (the PGlite instance and its lock). */
  close(): Promise<void>;
}

/**
 * The adapter factory for a resolved target (lib/db/target.ts): PGlite data directory or
 * memory, or a PostgreSQL URL. `createDatabase` creates a missing PostgreSQL database first.
 */
export async function connectMigrationTarget(
  target: DatabaseTarget,
  options: { createDatabase?: boolean; shadowDatabaseUrl?: string } = {},
): Promise<MigrationConnection> {
  if (target.kind === "pglite") {
    const { pglite, close } = await openPglite(target.dataDir);
    return { adapterFactory: pgliteAdapterFactory(pglite), createdDatabase: null, close };
  }
  const createdDatabase = options.createDatabase ? await ensurePostgresDatabase(target.url) : null;
  return {
    adapterFactory: postgresAdapterFactory(target.url, { shadowDatabaseUrl: options.shadowDatabaseUrl }),
    createdDatabase,
    close: async () => undefined, // every pool is closed when the engine disposes its connection
  };
}
