/** A PostgreSQL server as a migration target: its adapter, its shadow database, create and drop. */
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { MigrationError, errorCode, errorText, isRecord } from "./errors";
import { emptySchema, toDriverAdapterError, wrapAdapter } from "./adapters";

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
