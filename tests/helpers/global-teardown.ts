import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { SERVER_TEMPLATES_FILE, TEMPLATES_DIR_ENV } from "./global-setup";

/**
 * Removes what the run made for its test databases (tests/helpers/database-templates.ts): the
 * folder of dumps and locks, and the template databases on the server (listed in that folder).
 */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env[TEMPLATES_DIR_ENV];
  if (!dir) return;
  const listed = path.join(dir, SERVER_TEMPLATES_FILE);
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (serverUrl && existsSync(listed)) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const database of readFileSync(listed, "utf8").split("\n").filter(Boolean)) await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
