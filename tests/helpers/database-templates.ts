import { appendFileSync, closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { SERVER_TEMPLATES_FILE, TEMPLATES_DIR_ENV } from "./global-setup";

/**
 * The databases an integration test file can start from (docs/database.md "Test databases"),
 * each built once per jest run, when a test file first asks for it:
 *
 * - `empty`: every migration applied, every table empty;
 * - `tariff-tables`: `empty` plus the committed tariff tables (data/tariffs) loaded by the
 *   product's own loader (lib/tariffs/seed.ts), so a file that needs them reads them instead
 *   of loading thousands of HTS lines itself;
 * - `economic-snapshot`: `empty` plus the shipped economic snapshot, loaded by the seed step's
 *   own functions (lib/economy/seed.ts) as stored at ECONOMIC_SNAPSHOT_SEEDED.
 *
 * Between the tests of a file, only the tables a test changed are put back
 * (tests/helpers/test-database.ts): every table has a statement trigger that notes its name
 * in `tw_test.changed`, and `tw_test.restore()` puts back the noted tables and, transitively,
 * the tables whose foreign keys point at them: one empty in the template is truncated; one
 * with rows (kept in the schema `tw_template`) loses the rows written since the template was
 * made (a newer xmin: inserted or updated) and gets back the template's rows it lacks (by
 * primary key), so an edited HTS line costs one row, not the 23,000 and their full-text
 * index. A test that changes nothing costs one query.
 */
/** When the `economic-snapshot` template's snapshot was stored (a fixed time: tests must not depend on the clock). */
export const ECONOMIC_SNAPSHOT_SEEDED = new Date("2026-07-01T09:00:00Z");

/**
 * What each template adds to `empty`. The loaders (and the migration code) are imported when a
 * template is built, once per run, not by every test file that only copies a built one: the
 * tariff tables' modules alone took 0.4-1.4 s to load in each file (docs/performance.md "CI time").
 */
export const TEMPLATES = {
  empty: async () => undefined,
  "tariff-tables": async (prisma: PrismaClient) => {
    const { loadTariffTables } = await import("@/lib/tariffs/seed");
    await loadTariffTables(prisma);
  },
  "economic-snapshot": async (prisma: PrismaClient) => {
    const { afterEconomicSnapshot, loadEconomicSnapshot } = await import("@/lib/economy/seed");
    // As the seed step does it, with its time allowance (the default 5 s is short on a busy
    // machine), and as long to start: a CI run at load 24 waited more than the default 2 s.
    await prisma.$transaction((tx) => loadEconomicSnapshot(tx, ECONOMIC_SNAPSHOT_SEEDED), { timeout: 120_000, maxWait: 120_000 });
    await afterEconomicSnapshot(prisma, ECONOMIC_SNAPSHOT_SEEDED);
  },
} satisfies Record<string, (prisma: PrismaClient) => Promise<void>>;

export type TemplateName = keyof typeof TEMPLATES;

/** Runs SQL in the database being built (one or several statements, no parameters). */
type Exec = (sql: string) => Promise<unknown>;
type Query = <T>(sql: string) => Promise<T[]>;

/** The application's tables: every table of the public schema but Prisma's migration record. */
const APP_TABLES = `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations' ORDER BY c.relname`;

/**
 * The change tracking: the table of changed tables, the trigger function, a statement trigger
 * on every application table (after any INSERT, UPDATE, DELETE or TRUNCATE, so a bulk write
 * notes once), and the restore function. The note is a plain insert into a table without a
 * unique index, never an upsert, so two transactions writing one table at once never wait on
 * each other's note (the race tests on a PostgreSQL server keep their real concurrency).
 */
async function installChangeTracking(exec: Exec, query: Query): Promise<void> {
  await exec(`
    CREATE SCHEMA tw_test;
    CREATE SCHEMA tw_template;
    CREATE TABLE tw_test.changed (name text NOT NULL);
    -- The tables the template has rows of (kept in tw_template), parents before the tables
    -- that reference them, with the statements that put their rows back.
    CREATE TABLE tw_test.copies (position integer PRIMARY KEY, name text NOT NULL, delete_sql text NOT NULL, insert_sql text NOT NULL);
    CREATE FUNCTION tw_test.note_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM tw_test.changed WHERE name = TG_TABLE_NAME) THEN
        INSERT INTO tw_test.changed (name) VALUES (TG_TABLE_NAME);
      END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION tw_test.restore() RETURNS integer LANGUAGE plpgsql AS $$
    DECLARE
      targets text[];
      plain text[];
      copy record;
    BEGIN
      -- The changed tables and, transitively, every table whose foreign keys point at one.
      WITH RECURSIVE hit(oid) AS (
        SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relname IN (SELECT name FROM tw_test.changed)
        UNION
        SELECT f.conrelid FROM pg_constraint f JOIN hit ON f.confrelid = hit.oid WHERE f.contype = 'f'
      )
      SELECT array_agg(format('%I', c.relname)) INTO targets FROM hit JOIN pg_class c ON c.oid = hit.oid;
      IF targets IS NULL THEN
        RETURN 0;
      END IF;
      -- The tables empty in the template, at once (none is referenced by a table with rows:
      -- checked when the template is made).
      SELECT array_agg(t) INTO plain FROM unnest(targets) AS t WHERE t NOT IN (SELECT format('%I', name) FROM tw_test.copies);
      IF plain IS NOT NULL THEN
        EXECUTE 'TRUNCATE ' || array_to_string(plain, ', ');
      END IF;
      -- The others: rows unlike the template's go, children first; the template's missing rows
      -- come back, parents first. A row a trigger of the application writes meanwhile (the
      -- law's change stamp) is kept: ON CONFLICT DO NOTHING.
      FOR copy IN SELECT * FROM tw_test.copies WHERE format('%I', name) = ANY (targets) ORDER BY position DESC LOOP
        EXECUTE copy.delete_sql;
      END LOOP;
      FOR copy IN SELECT * FROM tw_test.copies WHERE format('%I', name) = ANY (targets) ORDER BY position LOOP
        EXECUTE copy.insert_sql;
      END LOOP;
      DELETE FROM tw_test.changed;
      RETURN array_length(targets, 1);
    END $$;
  `);
  for (const { name } of await query<{ name: string }>(APP_TABLES)) {
    await exec(`CREATE TRIGGER tw_test_note_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public."${name}" FOR EACH STATEMENT EXECUTE FUNCTION tw_test.note_change()`);
  }
  // The template starts with every table empty, as a test expects (migrations may insert rows).
  const tables = await query<{ name: string }>(APP_TABLES);
  await exec(`TRUNCATE ${tables.map((t) => `public."${t.name}"`).join(", ")}; DELETE FROM tw_test.changed;`);
}

/**
 * After a template's data is loaded: a copy of every table that has rows, and the statements
 * that put them back, parents before the tables that reference them.
 */
async function keepTemplateRows(exec: Exec, query: Query): Promise<void> {
  // A template built from another starts with that one's copies: made again here.
  await exec(`DELETE FROM tw_test.copies; DROP SCHEMA tw_template CASCADE; CREATE SCHEMA tw_template;`);
  const withRows: string[] = [];
  for (const { name } of await query<{ name: string }>(APP_TABLES)) {
    const [row] = await query<{ has: boolean }>(`SELECT EXISTS (SELECT 1 FROM public."${name}") AS has`);
    if (row?.has) withRows.push(name);
  }
  const references = await query<{ child: string; parent: string }>(`SELECT c.relname AS child, p.relname AS parent FROM pg_constraint f
    JOIN pg_class c ON c.oid = f.conrelid JOIN pg_class p ON p.oid = f.confrelid WHERE f.contype = 'f' AND c.oid <> p.oid`);
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name)) return;
    seen.add(name);
    for (const r of references) if (r.child === name && withRows.includes(r.parent)) visit(r.parent, seen);
    ordered.push(name);
  };
  for (const name of withRows) visit(name, new Set());
  const emptyParents = references.filter((r) => withRows.includes(r.child) && !withRows.includes(r.parent));
  if (emptyParents.length) {
    throw new Error(`tables with rows in the template reference tables without: ${emptyParents.map((r) => `${r.child} -> ${r.parent}`).join(", ")} (tw_test.restore() truncates the latter alone)`);
  }
  const quote = (sql: string) => `'${sql.replace(/'/g, "''")}'`;
  for (const [position, name] of ordered.entries()) {
    const columns = await query<{ column: string }>(`SELECT quote_ident(attname) AS column FROM pg_attribute
      WHERE attrelid = 'public."${name}"'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`);
    const list = columns.map((c) => c.column).join(", ");
    const key = await query<{ column: string }>(`SELECT quote_ident(a.attname) AS column FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey) WHERE i.indrelid = 'public."${name}"'::regclass AND i.indisprimary`);
    if (!key.length) throw new Error(`${name} has no primary key: tw_test.restore() finds the template's missing rows by it`);
    // Every row the template has was written by then: a newer transaction id (xmin) is a row a
    // test inserted or updated. Transaction ids only grow (a test run is far from wrapping).
    const [newest] = await query<{ xid: string }>(`SELECT coalesce(max(xmin::text::bigint), 0)::text AS xid FROM public."${name}"`);
    await exec(`CREATE TABLE tw_template."${name}" AS SELECT ${list} FROM public."${name}"`);
    const remove = `DELETE FROM public."${name}" WHERE xmin::text::bigint > ${Number(newest!.xid)}`;
    const insert = `INSERT INTO public."${name}" (${list}) SELECT ${list} FROM tw_template."${name}" AS c
      WHERE NOT EXISTS (SELECT 1 FROM public."${name}" AS x WHERE ${key.map((k) => `x.${k.column} = c.${k.column}`).join(" AND ")}) ON CONFLICT DO NOTHING`;
    await exec(`INSERT INTO tw_test.copies (position, name, delete_sql, insert_sql) VALUES (${position}, ${quote(name)}, ${quote(remove)}, ${quote(insert)})`);
  }
  await exec(`DELETE FROM tw_test.changed`);
}

// --- building, once per run ------------------------------------------------------------

const BUILD_TIMEOUT_MS = 600_000;

/**
 * The run's folder (made by jest's global setup, tests/helpers/global-setup.ts): the embedded
 * database's dumps, the locks that make one worker build a template while the others wait, and
 * the names of the template databases made on a server (removed by the global teardown).
 */
function runDir(): string {
  const dir = process.env[TEMPLATES_DIR_ENV];
  if (!dir) throw new Error(`${TEMPLATES_DIR_ENV} is not set: run the integration tests through jest, whose global setup makes the templates' folder`);
  return dir;
}

/**
 * `build` once per run for `file`: the first worker to ask takes the lock and builds; the
 * others wait for the file to appear. A template is built when a test file first asks for it,
 * so a run of unit tests builds none.
 */
async function once(file: string, build: (tmp: string) => Promise<void>): Promise<void> {
  if (existsSync(file)) return;
  let lock: number | undefined;
  try {
    lock = openSync(`${file}.lock`, "wx");
  } catch {
    // Another worker builds it.
  }
  if (lock === undefined) {
    const deadline = Date.now() + BUILD_TIMEOUT_MS;
    while (!existsSync(file)) {
      if (existsSync(`${file}.failed`)) throw new Error(`building ${path.basename(file)} failed in another jest worker (see its error)`);
      if (Date.now() > deadline) throw new Error(`${path.basename(file)} was not built within ${BUILD_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return;
  }
  closeSync(lock);
  try {
    const tmp = `${file}.tmp`;
    await build(tmp);
    renameSync(tmp, file);
  } catch (error) {
    writeFileSync(`${file}.failed`, String(error));
    throw error;
  }
}

/** The embedded database: the template's data-directory dump, built on first use. */
export async function templateDump(name: TemplateName): Promise<string> {
  const file = path.join(runDir(), `${name}.tar`);
  const from = name === "empty" ? undefined : await templateDump("empty");
  await once(file, async (tmp) => {
    const pglite = new PGlite("memory://", from ? { loadDataDir: new Blob([readFileSync(from)]) } : {});
    const exec: Exec = (sql) => pglite.exec(sql);
    const query: Query = async <T>(sql: string) => (await pglite.query<T>(sql)).rows;
    try {
      if (!from) {
        const { applyMigrations } = await import("@/tools/migrate");
        await applyMigrations({ adapterFactory: new PrismaPGlite(pglite) });
        await installChangeTracking(exec, query);
      }
      const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
      await TEMPLATES[name](prisma);
      await prisma.$disconnect();
      await keepTemplateRows(exec, query);
      // A checkpoint first: a dump taken without one makes every copy replay the template's
      // write-ahead log as it starts (0.3-0.4 s of CPU a test file; docs/performance.md, "CI time").
      await exec("CHECKPOINT");
      const dump = await pglite.dumpDataDir("none");
      writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  });
  return file;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A PostgreSQL server: the template's database (`tw_template_<run>_<name>`), built on first use. */
export async function templateDatabase(serverUrl: string, name: TemplateName): Promise<string> {
  const dir = runDir();
  const database = `tw_template_${path.basename(dir).replace(/[^a-z0-9]/gi, "").toLowerCase()}_${name.replace(/-/g, "_")}`;
  const from = name === "empty" ? undefined : await templateDatabase(serverUrl, "empty");
  await once(path.join(dir, `${name}.database`), async (tmp) => {
    appendFileSync(path.join(dir, SERVER_TEMPLATES_FILE), `${database}\n`);
    await adminQuery(serverUrl, `CREATE DATABASE "${database}"${from ? ` TEMPLATE "${from}"` : ""}`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const exec: Exec = (sql) => client.query(sql);
    const query: Query = async <T>(sql: string) => (await client.query(sql)).rows as T[];
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url.toString(), max: 2 }) });
    try {
      if (!from) {
        // The project's own migration adapter: it sends each migration whole (tools/migrate/adapters.ts).
        const { applyMigrations, postgresAdapterFactory } = await import("@/tools/migrate");
        await applyMigrations({ adapterFactory: postgresAdapterFactory(url.toString()) });
        await installChangeTracking(exec, query);
      }
      await TEMPLATES[name](prisma);
      await keepTemplateRows(exec, query);
    } finally {
      await prisma.$disconnect();
      await client.end();
    }
    // No connection may stay open on a template while databases are created from it.
    await adminQuery(serverUrl, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`);
    writeFileSync(tmp, database);
  });
  return database;
}
