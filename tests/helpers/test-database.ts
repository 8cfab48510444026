import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { getDatabase } from "@/lib/db";
import { openDatabase, type Database } from "@/lib/db/connect";
import { applyMigrations, postgresAdapterFactory } from "@/lib/db/tools/migrate";
import type { PrismaClient } from "@/lib/db/generated/client";
import { SERVER_TEMPLATE_ENV, TEMPLATE_ENV } from "./global-setup";

/**
 * A real database for one integration test file, the same one the route handlers use
 * (`@/lib/db`): an in-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
 * server) a fresh database on that server, dropped afterwards. Migrations are applied
 * with the project's own migration code (on PGlite once, by the global setup, whose
 * migrated dump each file loads); every table is emptied before each test.
 */
export function setupTestDatabase(): { readonly prisma: PrismaClient } {
  let createdDatabase: string | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

  beforeAll(async () => {
    if (serverUrl) {
      createdDatabase = `tw_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
      const template = process.env[SERVER_TEMPLATE_ENV];
      await createServerDatabase(serverUrl, createdDatabase, template);
      const url = new URL(serverUrl);
      url.pathname = `/${createdDatabase}`;
      process.env.DATABASE_URL = url.toString();
      // Created from the global setup's migrated template: nothing left to apply.
      if (template) return;
    } else {
      delete process.env.DATABASE_URL;
      process.env.PGLITE_DATA_DIR = "memory://";
      const dump = process.env[TEMPLATE_ENV];
      if (dump) {
        // The migrated dump of the global setup (migrations applied there by the same code):
        // installed as the app's one database (lib/db/index.ts keeps it on globalThis).
        (globalThis as { __tariffwatchDb?: Database }).__tariffwatchDb = openDatabase(
          { kind: "pglite", dataDir: "memory://" },
          { pgliteDump: new Blob([readFileSync(dump)]) },
        );
        return;
      }
    }
    // On a server, the project's migration adapter (sends each migration whole: lib/db/tools/migrate.ts).
    await applyMigrations({ adapterFactory: serverUrl ? postgresAdapterFactory(process.env.DATABASE_URL!) : getDatabase().adapterFactory });
  });

  beforeEach(async () => {
    const prisma = getDatabase().prisma;
    const tables = await prisma.$queryRawUnsafe<{ tablename: string }[]>(
      `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`,
    );
    await prisma.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} CASCADE`);
  });

  afterAll(async () => {
    await getDatabase().close();
    if (serverUrl && createdDatabase) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${createdDatabase}" WITH (FORCE)`);
      await admin.end();
    }
  });

  return {
    get prisma() {
      return getDatabase().prisma;
    },
  };
}

/**
 * CREATE DATABASE, from `template` when given. PostgreSQL refuses to copy a template that
 * another session is copying at that moment ("is being accessed by other users"), which two
 * jest workers can do: that is retried.
 */
async function createServerDatabase(serverUrl: string, name: string, template: string | undefined): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
      return;
    } catch (error) {
      if (!template || attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}
