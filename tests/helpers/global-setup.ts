import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations, postgresAdapterFactory } from "../../lib/db/tools/migrate";

/**
 * Jest's global setup (jest.config.mjs): one migrated embedded database, written once as a
 * data-directory dump that every integration test file starts from (tests/helpers/test-database.ts).
 * A fresh PGlite runs initdb and the migrations: about 3.3 s per test file on this machine;
 * loading the dump takes about 0.4 s. The migrations are still applied by the project's own
 * code, here, once. With TEST_DATABASE_URL (a PostgreSQL server) the same: one migrated
 * database on the server, which each file's own database is created from (CREATE DATABASE
 * ... TEMPLATE), dropped at the end (tests/helpers/global-teardown.ts).
 *
 * Relative imports only: jest does not apply moduleNameMapper ("@/...") to this file.
 */
export const TEMPLATE_ENV = "TW_TEST_PGLITE_TEMPLATE";
/** With TEST_DATABASE_URL: the migrated database on the server each test file's database is created from. */
export const SERVER_TEMPLATE_ENV = "TW_TEST_SERVER_TEMPLATE";

export default async function globalSetup(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (serverUrl) return serverTemplate(serverUrl);
  const dir = mkdtempSync(path.join(tmpdir(), "tw-jest-pglite-"));
  const pglite = new PGlite("memory://");
  try {
    await applyMigrations({ adapterFactory: new PrismaPGlite(pglite) });
    const dump = await pglite.dumpDataDir("none");
    const file = path.join(dir, "migrated.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    // Workers start after the global setup and inherit its environment.
    process.env[TEMPLATE_ENV] = file;
    (globalThis as { __twTemplateDir?: string }).__twTemplateDir = dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await pglite.close();
  }
}

async function serverTemplate(serverUrl: string): Promise<void> {
  const name = `tw_template_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The project's own adapter for migrations (lib/db/tools/migrate.ts): it sends each migration
  // whole, where the stock adapter splits it on ";" and breaks function bodies and comments.
  const adapterFactory = postgresAdapterFactory(url.toString());
  try {
    await applyMigrations({ adapterFactory });
  } catch (error) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    throw error;
  }
  // No connection may stay open on a template while databases are created from it.
  await adminQuery(serverUrl, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
  process.env[SERVER_TEMPLATE_ENV] = name;
  (globalThis as { __twServerTemplate?: { serverUrl: string; name: string } }).__twServerTemplate = { serverUrl, name };
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
