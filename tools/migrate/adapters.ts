/** The driver adapters the engine migrates through, with the fixes migrations need (docs/database.md). */
import { PGlite } from "@electric-sql/pglite";
import { DriverAdapterError, type IsolationLevel, type SqlDriverAdapter, type SqlDriverAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";

// ---------------------------------------------------------------------------
// Adapter plumbing

/**
 * Wraps `factory` so every connection it hands to the engine is remembered and disposed
 * exactly once at the end; `shadow`, when given, replaces its shadow database.
 */
export function trackConnections(
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
export async function emptySchema(adapter: SqlDriverAdapter): Promise<void> {
  const schema = adapter.getConnectionInfo?.().schemaName ?? "public";
  const quoted = `"${schema.replaceAll('"', '""')}"`;
  await adapter.executeScript(`DROP SCHEMA IF EXISTS ${quoted} CASCADE; CREATE SCHEMA ${quoted};`);
}

/** A delegating SqlDriverAdapter with some methods replaced. */
export function wrapAdapter(
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
export function normalizeFactory(
  factory: SqlMigrationAwareDriverAdapterFactory,
): SqlMigrationAwareDriverAdapterFactory {
  if (factory instanceof PrismaPGlite) {
    const client: unknown = Reflect.get(factory, "client");
    if (client instanceof PGlite) return pgliteAdapterFactory(client);
  }
  return factory;
}

/** A PostgreSQL error as a DriverAdapterError, so the engine reports its real message. */
export function toDriverAdapterError(error: unknown): unknown {
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
