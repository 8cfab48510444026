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
 * Tooling, not runtime: the command-line tool (scripts/db.ts), the test databases and the bench
 * use it; the app never imports it. One file per concern: commands.ts (apply, create, status),
 * engine.ts (the WebAssembly engine), folders.ts (options, the migration folders), adapters.ts
 * and postgres.ts (the driver adapters, create/drop), targets.ts (which database), errors.ts.
 */
export { applyMigrations, createMigration, migrationStatus } from "./commands";
export { MigrationError } from "./errors";
export type { CreateMigrationOptions, MigrateOptions, MigrationStatus } from "./folders";
export { pgliteAdapterFactory } from "./adapters";
export { ensurePostgresDatabase, postgresAdapterFactory, type PostgresMigrationOptions } from "./postgres";
export { connectMigrationTarget, openPglite, type MigrationConnection } from "./targets";
