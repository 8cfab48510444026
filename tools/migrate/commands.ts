/** The commands: apply the pending migrations, create one from the schema, report the status. */
import fsp from "node:fs/promises";
import path from "node:path";
import { MigrationError } from "./errors";
import { withEngine } from "./engine";
import { NO_FILTERS, readMigrationList, readSchema, resolvePaths, writeLockfile, type CreateMigrationOptions, type MigrateOptions, type MigrationStatus } from "./folders";

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
