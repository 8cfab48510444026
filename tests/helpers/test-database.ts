import { randomUUID } from "node:crypto";
import pg from "pg";
import { getDatabase } from "@/lib/db";
import { applyMigrations } from "@/lib/db/tools/migrate";
import type { PrismaClient } from "@/lib/db/generated/client";

/**
 * A real database for one integration test file, the same one the route handlers use
 * (`@/lib/db`): an in-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
 * server) a fresh database on that server, dropped afterwards. Migrations are applied
 * with the project's own migration code; every table is emptied before each test.
 */
export function setupTestDatabase(): { readonly prisma: PrismaClient } {
  let createdDatabase: string | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

  beforeAll(async () => {
    if (serverUrl) {
      createdDatabase = `tw_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${createdDatabase}"`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${createdDatabase}`;
      process.env.DATABASE_URL = url.toString();
    } else {
      delete process.env.DATABASE_URL;
      process.env.PGLITE_DATA_DIR = "memory://";
    }
    await applyMigrations({ adapterFactory: getDatabase().adapterFactory });
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
