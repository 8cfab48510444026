import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { getDatabase } from "@/lib/db";
import { openDatabase, type Database } from "@/lib/db/connect";
import type { PrismaClient } from "@/lib/db/generated/client";
import { templateDatabase, templateDump, type TemplateName } from "./database-templates";

/**
 * A real database for one integration test file, the same one the route handlers use
 * (`@/lib/db`): an in-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
 * server) a database of its own on that server, dropped afterwards. It starts as a copy of
 * `template` (tests/helpers/database-templates.ts: `empty`, or `tariff-tables` with the
 * committed tariff tables), built once per run with the project's own migration code. Before each test, the tables the previous tests changed are put back as
 * the template has them (and only those: docs/database.md "Test databases").
 */
export function setupTestDatabase({ template = "empty" }: { template?: TemplateName } = {}): { readonly prisma: PrismaClient } {
  let createdDatabase: string | undefined;
  let ready = false;
  const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

  beforeAll(async () => {
    if (serverUrl) {
      createdDatabase = `tw_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
      await createServerDatabase(serverUrl, createdDatabase, await templateDatabase(serverUrl, template));
      const url = new URL(serverUrl);
      url.pathname = `/${createdDatabase}`;
      process.env.DATABASE_URL = url.toString();
    } else {
      delete process.env.DATABASE_URL;
      process.env.PGLITE_DATA_DIR = "memory://";
      // Installed as the app's one database (lib/db/index.ts keeps it on globalThis).
      (globalThis as { __tariffwatchDb?: Database }).__tariffwatchDb = openDatabase(
        { kind: "pglite", dataDir: "memory://" },
        { pgliteDump: new Blob([readFileSync(await templateDump(template))]) },
      );
    }
    ready = true;
    // The first file to ask for a template builds it (minutes on a busy machine for the tariff tables).
  }, 600_000);

  beforeEach(restoreTemplate);

  afterAll(async () => {
    // Not after a failed set-up: getDatabase() would open the app's own database.
    if (ready) await getDatabase().close();
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

/** Puts back, as the template has them, the tables changed since the file's database was made or last restored. */
export async function restoreTemplate(): Promise<void> {
  await getDatabase().prisma.$queryRawUnsafe(`SELECT tw_test.restore()`);
}

/**
 * CREATE DATABASE from `template`. PostgreSQL refuses to copy a template that another session
 * is copying at that moment ("is being accessed by other users"), which two jest workers can
 * do: that is retried.
 */
export async function createServerDatabase(serverUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}
