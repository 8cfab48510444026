import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Jest's global setup (jest.config.mjs): the run's folder for the databases the integration
 * test files start from (tests/helpers/database-templates.ts, docs/database.md "Test
 * databases"). Each template is built there once, by the first test file that asks for it:
 * on the embedded database a data-directory dump, which a file loads in about 0.4 s instead
 * of 3.3 s of initdb and migrations; with TEST_DATABASE_URL (a PostgreSQL server) a template
 * database, which each file's own database is created from (CREATE DATABASE ... TEMPLATE).
 * The global teardown removes both (tests/helpers/global-teardown.ts).
 *
 * Relative imports only: jest does not apply moduleNameMapper ("@/...") to this file.
 */
export const TEMPLATES_DIR_ENV = "TW_TEST_TEMPLATES_DIR";
/** In that folder: the template databases made on the server, one name a line. */
export const SERVER_TEMPLATES_FILE = "server-templates.txt";

export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "tw-jest-templates-"));
  // Workers start after the global setup and inherit its environment.
  process.env[TEMPLATES_DIR_ENV] = dir;
}
