import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  DriverAdapterError,
  type ErrorRegistry,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type {
  MigrationDirectory,
  MigrationList,
  SchemaEngine,
  SchemaFilter,
} from "@prisma/schema-engine-wasm";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { lockPgliteDataDir, PgliteInUseError } from "./pglite-lock";
import type { DatabaseTarget } from "../target";

export { lockPgliteDataDir, PgliteInUseError };

/**
 * Prisma migrations without Prisma's native schema engine.
 *
 * The Prisma CLI downloads a native schema-engine binary for `migrate *` / `db *`, which is
 * impossible offline. Prisma also ships the same engine compiled to WebAssembly
 * (@prisma/schema-engine-wasm), driven through a driver adapter instead of a URL. This module
 * runs it, reading and writing the standard layout (prisma/migrations/<ts>_<name>/migration.sql
 * plus migration_lock.toml), so `prisma migrate deploy` keeps working wherever the native
 * engine can be downloaded, and records applied migrations in the usual `_prisma_migrations`.
 *
 * No `server-only` here: the command-line tool (scripts/db.ts) and the integration tests use it.
 */

// ---------------------------------------------------------------------------
// Errors

/** A migration command failed; `message` is meant for people (no engine backtrace). */
export class MigrationError extends Error {
  override name = "MigrationError";
}

// ---------------------------------------------------------------------------
// The WebAssembly engine, loaded once per process

type EngineBindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");

let bindingsPromise: Promise<EngineBindings> | undefined;

/**
 * wasm-bindgen's glue (schema_engine_bg.js) plus the 5 MB .wasm it drives. The package's
 * entry point does `import * as wasm from "./schema_engine_bg.wasm"`, which Node 20 cannot
 * load, so we instantiate the module ourselves and hand its exports to the glue. Cached for
 * the life of the process; every engine instance shares it (loading takes ~20 ms).
 */
function loadEngineBindings(): Promise<EngineBindings> {
  bindingsPromise ??= (async () => {
    // The package exports map exposes neither the .wasm file nor package.json; both sit next to the glue.
    const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmPath = path.join(path.dirname(gluePath), "schema_engine_bg.wasm");
    const [glueSource, wasmBytes] = await Promise.all([fsp.readFile(gluePath, "utf8"), fsp.readFile(wasmPath)]);
    const bindings = evaluateGlue(glueSource, gluePath);
    const imports: Record<string, unknown> = { ...bindings };
    // The engine races every query against a timer (advisory-lock and socket timeouts) and
    // never clears the loser, which would keep the process alive ~10 s after the work is
    // done. So its timers are unref'd; withEngine() keeps the process alive while it works.
    for (const key of Object.keys(imports)) {
      if (key.startsWith("__wbg_setTimeout_")) {
        imports[key] = (callback: () => void, ms: number) => {
          const timer = setTimeout(callback, ms >>> 0);
          timer.unref();
          return timer;
        };
      }
    }
    const { instance } = await WebAssembly.instantiate(wasmBytes, {
      "./schema_engine_bg.js": imports as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    const start = instance.exports.__wbindgen_start;
    if (typeof start === "function") start();
    return bindings;
  })();
  bindingsPromise.catch(() => {
    bindingsPromise = undefined; // let a later call retry
  });
  return bindingsPromise;
}

/**
 * Evaluates the glue, an ES module with no imports whose only exports are
 * `export function` / `export class` declarations, as a function body returning those
 * declarations. Importing it would do the same, but jest (which compiles our `import()` to
 * `require()`, and cannot require ES modules on Node 20) could not load it; this runs the same
 * everywhere (tsx, jest, Next's server) and in the caller's realm, which matters because the
 * glue checks `instanceof Promise` / `Uint8Array` on the values our adapters return.
 */
function evaluateGlue(source: string, file: string): EngineBindings {
  const names: string[] = [];
  const body = source.replace(/^export (?=(?:async )?(?:function\*? |class )([\w$]+))/gm, (_match, name: string) => {
    names.push(name);
    return "";
  });
  if (/^\s*(?:export|import)\b/m.test(body)) {
    throw new MigrationError(`Unexpected module syntax in ${file}; @prisma/schema-engine-wasm changed its glue code.`);
  }
  const factory = new Function(`"use strict";\n${body}\nreturn { ${names.join(", ")} };\n//# sourceURL=${file}`);
  const bindings: unknown = factory();
  if (!isEngineBindings(bindings)) {
    throw new MigrationError(`${file} does not export SchemaEngine and __wbg_set_wasm as expected.`);
  }
  return bindings;
}

function isEngineBindings(value: unknown): value is EngineBindings {
  return (
    isRecord(value) &&
    typeof value.__wbg_set_wasm === "function" &&
    typeof value.SchemaEngine === "function" &&
    typeof value.version === "function"
  );
}

// ---------------------------------------------------------------------------
// Options

export interface MigrateOptions {
  /**
   * The database to migrate, as a Prisma SQL driver adapter factory: `new PrismaPGlite(pglite)`,
   * or one from {@link pgliteAdapterFactory} / {@link postgresAdapterFactory} /
   * {@link connectMigrationTarget}.
   */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** Default: prisma/migrations under the current directory. */
  migrationsDir?: string;
  /** Default: prisma/schema.prisma under the current directory. */
  schemaPath?: string;
  /** Receives the engine's info/warning lines. Silent when omitted. */
  log?: (message: string) => void;
}

export interface CreateMigrationOptions extends MigrateOptions {
  /** Migration name; becomes `<timestamp>_<name>` (lower-cased, non-alphanumerics -> `_`). */
  name: string;
  /**
   * The shadow database the engine replays the migration history into to compute the diff.
   * Default: `adapterFactory.connectToShadowDb()` (a throwaway in-memory PGlite, or a
   * temporary database on the PostgreSQL server). Pass a factory for a spare database when
   * the server role may not create databases: its schema is DROPPED and recreated each time.
   */
  shadow?: SqlDriverAdapterFactory;
  /** Write the migration only, do not apply it. Default false. */
  createOnly?: boolean;
}

export interface MigrationStatus {
  /** Migration folders on disk, oldest first. */
  local: string[];
  /** On disk but not applied to the database. */
  pending: string[];
  /** Applied to the database but missing on disk. */
  missingLocally: string[];
  /** Started but not finished (a failed migration); fix it before deploying again. */
  failed: string[];
  /** Applied, but the file has changed since. */
  edited: string[];
}

const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };
const LOCKFILE = "migration_lock.toml";
const LOCKFILE_CONTENT =
  "# Please do not edit this file manually\n" +
  "# It should be added in your version-control system (e.g., Git)\n" +
  'provider = "postgresql"\n';

function resolvePaths(opts: MigrateOptions): { migrationsDir: string; schemaPath: string } {
  return {
    migrationsDir: path.resolve(opts.migrationsDir ?? "prisma/migrations"),
    schemaPath: path.resolve(opts.schemaPath ?? "prisma/schema.prisma"),
  };
}

// ---------------------------------------------------------------------------
// Public operations

/**
 * Applies the migrations on disk that the database has not seen yet (`prisma migrate deploy`).
 * Never generates SQL and never resets anything.
 */
export async function applyMigrations(opts: MigrateOptions): Promise<{ applied: string[] }> {
  const { migrationsDir, schemaPath } = resolvePaths(opts);
  return withEngine(opts.adapterFactory, schemaPath, opts.log, undefined, async (engine) => {
    const migrationsList = await readMigrationList(migrationsDir);
    const out = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    return { applied: out.appliedMigrationNames };
  });
}

/**
 * Writes a new migration with the SQL that takes the migration history to the current
 * schema (`prisma migrate dev --name <name>`), then applies it. Pending migrations are
 * applied first. Returns `created: null` when the schema has no changes.
 */
export async function createMigration(
  opts: CreateMigrationOptions,
): Promise<{ created: string | null; applied: string[] }> {
  const { migrationsDir, schemaPath } = resolvePaths(opts);
  const name = opts.name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!name) throw new MigrationError("A migration needs a name made of letters or digits.");
  const schemaText = await readSchema(schemaPath);

  return withEngine(opts.adapterFactory, schemaPath, opts.log, opts.shadow, async (engine) => {
    // The engine's own order for `migrate dev`: bring the database up to date, check it
    // against the history (this replays the history into the shadow database), diff, apply.
    let migrationsList = await readMigrationList(migrationsDir);
    const applied = (await engine.applyMigrations({ migrationsList, filters: NO_FILTERS }))
      .appliedMigrationNames;

    const diagnostic = await engine.devDiagnostic({ migrationsList, filters: NO_FILTERS });
    if (diagnostic.action.tag === "reset") {
      throw new MigrationError(
        `The database does not match the migration history, so a new migration cannot be ` +
          `generated safely: ${diagnostic.action.reason}\n` +
          "Point DATABASE_URL / PGLITE_DATA_DIR at a fresh database, or drop and recreate this one " +
          "(development data is lost), then run `deploy` and try again.",
      );
    }

    const out = await engine.createMigration({
      draft: false,
      migrationName: name,
      migrationsList,
      schema: { files: [{ path: schemaPath, content: schemaText }] },
      filters: NO_FILTERS,
    });
    if (out.migrationScript === null) return { created: null, applied };

    const folder = path.join(migrationsDir, out.generatedMigrationName);
    await fsp.mkdir(folder, { recursive: true });
    await fsp.writeFile(path.join(folder, `migration.${out.extension}`), out.migrationScript);
    await writeLockfile(migrationsDir);
    if (opts.createOnly) return { created: out.generatedMigrationName, applied };

    migrationsList = await readMigrationList(migrationsDir);
    const second = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    return {
      created: out.generatedMigrationName,
      applied: [...applied, ...second.appliedMigrationNames],
    };
  });
}

/** Compares the migration folders with the database's `_prisma_migrations` table. */
export async function migrationStatus(opts: MigrateOptions): Promise<MigrationStatus> {
  const { migrationsDir, schemaPath } = resolvePaths(opts);
  return withEngine(opts.adapterFactory, schemaPath, opts.log, undefined, async (engine) => {
    const migrationsList = await readMigrationList(migrationsDir);
    const out = await engine.diagnoseMigrationHistory({
      migrationsList,
      optInToShadowDatabase: false,
      filters: NO_FILTERS,
    });
    const history = out.history;
    const local = migrationsList.migrationDirectories.map((d) => d.path);
    return {
      local,
      // Without the migrations table nothing has been applied yet.
      pending: !out.hasMigrationsTable
        ? local
        : history && history.diagnostic !== "migrationsDirectoryIsBehind"
          ? history.unappliedMigrationNames
          : [],
      missingLocally:
        history && history.diagnostic !== "databaseIsBehind" ? history.unpersistedMigrationNames : [],
      failed: out.failedMigrationNames,
      edited: out.editedMigrationNames,
    };
  });
}

// ---------------------------------------------------------------------------
// Migration folder I/O

async function readSchema(schemaPath: string): Promise<string> {
  try {
    return await fsp.readFile(schemaPath, "utf8");
  } catch (error) {
    throw new MigrationError(`Cannot read the Prisma schema at ${schemaPath}: ${errorText(error)}`);
  }
}

/** The migrations folder in the shape the engine expects (what the Prisma CLI sends it). */
async function readMigrationList(migrationsDir: string): Promise<MigrationList> {
  let entries: fs.Dirent[] = [];
  try {
    entries = await fsp.readdir(migrationsDir, { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
  const folders = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    folders.map(async (folder): Promise<MigrationDirectory> => {
      const file = path.join(migrationsDir, folder, "migration.sql");
      try {
        const value = await fsp.readFile(file, "utf8");
        return { path: folder, migrationFile: { path: "migration.sql", content: { tag: "ok", value } } };
      } catch (error) {
        return {
          path: folder,
          migrationFile: { path: "migration.sql", content: { tag: "error", value: errorText(error) } },
        };
      }
    }),
  );
  let lockContent: string | null = null;
  try {
    lockContent = await fsp.readFile(path.join(migrationsDir, LOCKFILE), "utf8");
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
  return {
    baseDir: migrationsDir,
    lockfile: { path: LOCKFILE, content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

async function writeLockfile(migrationsDir: string): Promise<void> {
  const file = path.join(migrationsDir, LOCKFILE);
  const current = await fsp.readFile(file, "utf8").catch(() => null);
  if (current === null || !/provider\s*=\s*"postgresql"/.test(current)) {
    await fsp.writeFile(file, LOCKFILE_CONTENT);
  }
}

// ---------------------------------------------------------------------------
// Engine session

/**
 * Runs `work` with a fresh engine bound to `factory`, then frees the engine and disposes
 * every connection it opened (the engine does not always do so itself). Engine errors come
 * back as MigrationError with the Rust backtrace trimmed off.
 */
async function withEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schemaPath: string,
  log: ((message: string) => void) | undefined,
  shadow: SqlDriverAdapterFactory | undefined,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const bindings = await loadEngineBindings();
  const schemaText = await readSchema(schemaPath);
  const tracked = trackConnections(normalizeFactory(factory), shadow);
  const bound = bindMigrationAwareSqlAdapterFactory(tracked.factory);
  let engine: SchemaEngine | undefined;
  // PGlite work holds no handle and the engine's timers are unref'd: without this, Node could
  // consider the process idle and exit in the middle of a command.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    engine = await bindings.SchemaEngine.new(
      { datamodels: [[schemaPath, schemaText]] },
      (line: string) => forwardEngineLog(line, log),
      bound,
    );
    return await work(engine);
  } catch (error) {
    throw toMigrationError(error, bound.errorRegistry);
  } finally {
    engine?.free();
    await tracked.disposeAll();
    clearInterval(keepAlive);
  }
}

function forwardEngineLog(line: string, log: ((message: string) => void) | undefined): void {
  if (!log) return;
  try {
    const parsed: unknown = JSON.parse(line);
    if (isRecord(parsed) && typeof parsed.level === "string" && isRecord(parsed.fields)) {
      if (parsed.level === "DEBUG" || parsed.level === "TRACE") return;
      const message = parsed.fields.message;
      if (typeof message === "string") log(`${parsed.level.toLowerCase()}: ${message}`);
      return;
    }
  } catch {
    // not JSON: pass it through
  }
  log(line);
}

function toMigrationError(error: unknown, registry: ErrorRegistry): Error {
  if (error instanceof MigrationError) return error;
  if (!(error instanceof Error)) return new MigrationError(String(error));
  // Errors thrown in JavaScript inside the adapter reach the engine as `GenericJs { id }` and
  // come back as "<context>\nExternal error id#<id>"; the original waits in the registry.
  const external = /^([\s\S]*?)\s*External error id#(\d+)/.exec(error.message);
  if (external?.[2]) {
    const original = registry.consumeError(Number(external[2]))?.error;
    if (original instanceof Error) {
      const context = external[1]?.trim();
      return new MigrationError(context ? `${context}: ${original.message}` : original.message, { cause: original });
    }
  }
  // "<message>\n   0: schema_engine::...\n      at ...": keep the message.
  const message =
    error.message
      .split(/\n\s+0: /)[0]
      ?.replace(/^external connector error\n/, "")
      .trim() || error.message;
  return new MigrationError(message, { cause: error });
}

// ---------------------------------------------------------------------------
// Adapter plumbing

/**
 * Wraps `factory` so every connection it hands to the engine is remembered and disposed
 * exactly once at the end; `shadow`, when given, replaces its shadow database.
 */
function trackConnections(
  factory: SqlMigrationAwareDriverAdapterFactory,
  shadow: SqlDriverAdapterFactory | undefined,
): { factory: SqlMigrationAwareDriverAdapterFactory; disposeAll(): Promise<void> } {
  const open = new Set<SqlDriverAdapter>();
  const track = (adapter: SqlDriverAdapter): SqlDriverAdapter => {
    let disposed: Promise<void> | undefined;
    const wrapped = wrapAdapter(adapter, {
      dispose: () => {
        open.delete(wrapped);
        disposed ??= adapter.dispose();
        return disposed;
      },
    });
    open.add(wrapped);
    return wrapped;
  };
  return {
    factory: {
      provider: factory.provider,
      adapterName: factory.adapterName,
      connect: async () => track(await factory.connect()),
      connectToShadowDb: async () => {
        if (!shadow) return track(await factory.connectToShadowDb());
        const adapter = track(await (shadow instanceof PrismaPGlite ? normalizeFactory(shadow) : shadow).connect());
        await emptySchema(adapter);
        return adapter;
      },
    },
    async disposeAll() {
      const results = await Promise.allSettled([...open].map((a) => a.dispose()));
      for (const r of results) if (r.status === "rejected") console.warn("[migrate] closing a connection failed:", r.reason);
    },
  };
}

/**
 * Empties a given shadow database (its Prisma schema, default `public`), as Prisma does with
 * `shadowDatabaseUrl`: the engine replays the whole history into it for every command, so it
 * must start empty each time.
 */
async function emptySchema(adapter: SqlDriverAdapter): Promise<void> {
  const schema = adapter.getConnectionInfo?.().schemaName ?? "public";
  const quoted = `"${schema.replaceAll('"', '""')}"`;
  await adapter.executeScript(`DROP SCHEMA IF EXISTS ${quoted} CASCADE; CREATE SCHEMA ${quoted};`);
}

/** A delegating SqlDriverAdapter with some methods replaced. */
function wrapAdapter(
  adapter: SqlDriverAdapter,
  overrides: Partial<Pick<SqlDriverAdapter, "executeScript" | "dispose">>,
): SqlDriverAdapter {
  const getConnectionInfo = adapter.getConnectionInfo?.bind(adapter);
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw: (query) => adapter.executeRaw(query),
    startTransaction: (isolationLevel?: IsolationLevel) => adapter.startTransaction(isolationLevel),
    executeScript: overrides.executeScript ?? ((script) => adapter.executeScript(script)),
    dispose: overrides.dispose ?? (() => adapter.dispose()),
    ...(getConnectionInfo ? { getConnectionInfo } : {}),
  };
}

/**
 * A plain `new PrismaPGlite(pglite)` is swapped for the fixed factory below. The PGlite
 * instance is the factory's private `client` field (pglite-prisma-adapter 0.7.2); if a later
 * version renames it, the factory is used as it is.
 */
function normalizeFactory(
  factory: SqlMigrationAwareDriverAdapterFactory,
): SqlMigrationAwareDriverAdapterFactory {
  if (factory instanceof PrismaPGlite) {
    const client: unknown = Reflect.get(factory, "client");
    if (client instanceof PGlite) return pgliteAdapterFactory(client);
  }
  return factory;
}

/** A PostgreSQL error as a DriverAdapterError, so the engine reports its real message. */
function toDriverAdapterError(error: unknown): unknown {
  if (
    error instanceof Error &&
    "code" in error &&
    typeof error.code === "string" &&
    "severity" in error &&
    typeof error.severity === "string"
  ) {
    const field = (key: string): string | undefined => {
      const v: unknown = Reflect.get(error, key);
      return typeof v === "string" ? v : undefined;
    };
    return new DriverAdapterError({
      kind: "postgres",
      code: error.code,
      severity: error.severity,
      message: error.message,
      detail: field("detail"),
      column: field("column"),
      hint: field("hint"),
    });
  }
  return error;
}

/**
 * Migration adapter factory for a PGlite instance (which the caller opens and closes).
 *
 * Fixes two things in pglite-prisma-adapter 0.7.2:
 * - its executeScript does not await `pglite.exec()`, so a failing migration is recorded as
 *   applied and the error surfaces later as an unhandled rejection;
 * - its shadow database (`new PGlite("memory://shadow")`) is never closed.
 */
export function pgliteAdapterFactory(pglite: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaPGlite(pglite);
  const fixScript = (adapter: SqlDriverAdapter, client: PGlite): SqlDriverAdapter =>
    wrapAdapter(adapter, {
      // One exec = one simple-protocol round trip = one implicit transaction: a migration
      // applies completely or not at all.
      executeScript: async (script) => {
        try {
          await client.exec(script);
        } catch (error) {
          throw toDriverAdapterError(error);
        }
      },
    });
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => fixScript(await base.connect(), pglite),
    connectToShadowDb: async () => {
      const shadowDb = await PGlite.create();
      const adapter = fixScript(await new PrismaPGlite(shadowDb).connect(), shadowDb);
      return wrapAdapter(adapter, { dispose: () => shadowDb.close() });
    },
  };
}

export interface PostgresMigrationOptions {
  /**
   * A spare database to use as the shadow database instead of a temporary one (for roles
   * without CREATEDB). Its schema is DROPPED and recreated on every use, as Prisma does.
   */
  shadowDatabaseUrl?: string;
}

/**
 * Migration adapter factory for a PostgreSQL server, built on @prisma/adapter-pg 7.10.0 with
 * three fixes:
 * - columns of type "char" (OID 18, e.g. pg_class.relkind in the engine's introspection
 *   queries) are reported as text; adapter-pg rejects them ("Column type 'char' could not be
 *   deserialized");
 * - the shadow database is our own: adapter-pg's spreads `{ ...config, database }` over a
 *   `connectionString` config, which wins, so the history replays into the MAIN database; and
 *   it drops the database while its own pool is still connected ("is being accessed by other
 *   users"), leaking it. Ours creates `prisma_migrate_shadow_db_<uuid>`, closes its pool,
 *   then drops it;
 * - executeScript sends the whole migration in one simple-protocol query on one connection
 *   (atomic, and safe for `;` inside strings or function bodies) instead of splitting it on
 *   `;` and running the pieces on whichever pooled connection is free.
 *
 * Every connect() gets its own pool, closed when the engine disposes the connection.
 * `?schema=` in the URL is honoured like Prisma does (default `public`).
 */
export function postgresAdapterFactory(
  url: string,
  options: PostgresMigrationOptions = {},
): SqlMigrationAwareDriverAdapterFactory {
  const { connectionString, schema } = splitPrismaUrl(url);
  const open = (connString: string, onDisposed?: () => Promise<void>): Promise<SqlDriverAdapter> => {
    const pool = new pg.Pool({ connectionString: connString, max: 4 });
    pool.on("connect", reportCharColumnsAsText);
    const factory = new PrismaPg(pool, { schema, disposeExternalPool: true });
    return factory.connect().then((adapter) =>
      wrapAdapter(adapter, {
        executeScript: async (script) => {
          try {
            await pool.query(script);
          } catch (error) {
            throw toDriverAdapterError(error);
          }
        },
        dispose: async () => {
          await adapter.dispose();
          await onDisposed?.();
        },
      }),
    );
  };
  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: () => open(connectionString),
    connectToShadowDb: async () => {
      if (options.shadowDatabaseUrl) {
        const shadowUrl = splitPrismaUrl(options.shadowDatabaseUrl).connectionString;
        if (sameDatabase(shadowUrl, connectionString)) {
          throw new Error("The shadow database URL points at the main database; it must be a separate, spare database.");
        }
        const adapter = await open(shadowUrl);
        try {
          await emptySchema(adapter);
        } catch (error) {
          await adapter.dispose();
          throw error;
        }
        return adapter;
      }
      const name = `prisma_migrate_shadow_db_${randomUUID().replaceAll("-", "")}`;
      try {
        await withClient(connectionString, (c) => c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
      } catch (error) {
        if (errorCode(error) !== "42501") throw error; // insufficient_privilege
        throw new Error(
          `${errorText(error)}. The role needs CREATEDB for the temporary shadow database; or name a ` +
            "spare database as the shadow (shadowDatabaseUrl; SHADOW_DATABASE_URL for scripts/db.ts).",
          { cause: error },
        );
      }
      return open(withDatabase(connectionString, name), () => dropDatabase(connectionString, name));
    },
  };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, async (c) => {
    const sql = `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`;
    try {
      await c.query(`${sql} WITH (FORCE)`); // PostgreSQL 13+
    } catch (error) {
      if (errorCode(error) !== "42601") throw error; // syntax error: older server
      await c.query(sql);
    }
  });
}

/** pg result rows: fields of type "char" (OID 18) are relabelled text (OID 25). */
function reportCharColumnsAsText(client: pg.PoolClient): void {
  const fix = (result: unknown): void => {
    if (!isRecord(result) || !Array.isArray(result.fields)) return;
    for (const field of result.fields) {
      if (isRecord(field) && field.dataTypeID === 18) field.dataTypeID = 25;
    }
  };
  const query: (...args: unknown[]) => unknown = client.query.bind(client);
  // pg calls back (pool.query) or returns a promise (adapter-pg); cover both.
  const patched = (...args: unknown[]): unknown => {
    const last = args[args.length - 1];
    if (isCallback(last)) {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        fix(result);
        last(error, result);
      };
      return query(...args);
    }
    const out = query(...args);
    return out instanceof Promise
      ? out.then((result: unknown) => {
          fix(result);
          return result;
        })
      : out;
  };
  Object.assign(client, { query: patched });
}

function isCallback(value: unknown): value is (error: unknown, result: unknown) => void {
  return typeof value === "function";
}

/** Prisma URLs may carry `?schema=`; node-postgres does not know it. */
function splitPrismaUrl(url: string): { connectionString: string; schema: string | undefined } {
  const u = new URL(url);
  const schema = u.searchParams.get("schema") ?? undefined;
  u.searchParams.delete("schema");
  return { connectionString: u.toString(), schema };
}

function withDatabase(connectionString: string, database: string): string {
  const u = new URL(connectionString);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

function sameDatabase(a: string, b: string): boolean {
  const key = (url: string) => {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}/${databaseName(url)}`;
  };
  return key(a) === key(b);
}

function databaseName(connectionString: string): string {
  const u = new URL(connectionString);
  return decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username) || "postgres";
}

async function withClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates the database named in `url` if it does not exist (through the server's `postgres`
 * maintenance database, else `template1`). Returns the name when it created it, else null.
 */
export async function ensurePostgresDatabase(url: string): Promise<string | null> {
  const { connectionString } = splitPrismaUrl(url);
  try {
    await withClient(connectionString, async () => undefined);
    return null;
  } catch (error) {
    if (errorCode(error) !== "3D000") throw describeConnectError(error, connectionString); // invalid_catalog_name
  }
  const name = databaseName(connectionString);
  let lastError: unknown;
  for (const admin of ["postgres", "template1"]) {
    try {
      await withClient(withDatabase(connectionString, admin), (c) =>
        c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`),
      );
      return name;
    } catch (error) {
      if (errorCode(error) === "42P04") return null; // created meanwhile by someone else
      lastError = error;
      if (errorCode(error) !== "3D000") break;
    }
  }
  throw new MigrationError(`Database "${name}" does not exist and could not be created: ${errorText(lastError)}`, {
    cause: lastError,
  });
}

function describeConnectError(error: unknown, connectionString: string): MigrationError {
  const u = new URL(connectionString);
  const where = `${u.hostname}:${u.port || 5432}`;
  const code = errorCode(error);
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "ETIMEDOUT") {
    return new MigrationError(`Cannot reach the PostgreSQL server at ${where} (${code}). Is it running?`, {
      cause: error,
    });
  }
  return new MigrationError(`Cannot connect to PostgreSQL at ${where}: ${errorText(error)}`, { cause: error });
}

/**
 * Opens a PGlite data directory (or `memory://...`) for exclusive use by this process.
 * `close()` closes the database and releases the lock.
 */
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

// ---------------------------------------------------------------------------
// Small helpers

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function errorCode(error: unknown): string | undefined {
  return isRecord(error) && typeof error.code === "string" ? error.code : undefined;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
