/**
 * Database migrations without the Prisma CLI's native engine (which must be downloaded,
 * impossible offline). Uses Prisma's WebAssembly schema engine; see docs/database.md.
 *
 *   npx tsx scripts/db.ts deploy          apply pending migrations (creates a missing PostgreSQL database)
 *   npx tsx scripts/db.ts create <name>   generate a migration from prisma/schema.prisma, then apply it
 *   npx tsx scripts/db.ts create <name> --create-only
 *   npx tsx scripts/db.ts status          which migrations are applied / pending
 *
 * Target: DATABASE_URL (postgres://...) or the embedded PGlite at PGLITE_DATA_DIR / .data/pglite.
 * SHADOW_DATABASE_URL (optional, PostgreSQL only): an empty database `create` may use when the
 * server role cannot create a temporary one. Add --verbose to see the engine's log.
 */
import "dotenv/config";
import path from "node:path";
import {
  applyMigrations,
  connectMigrationTarget,
  createMigration,
  MigrationError,
  migrationStatus,
  type MigrationConnection,
} from "../tools/migrate";
import { PgliteInUseError } from "../lib/db/pglite-lock";
import { describeTarget, resolveDatabaseTarget, type DatabaseTarget } from "../lib/db/target";

const USAGE = `Usage: npx tsx scripts/db.ts <command>

Commands:
  deploy                       apply pending migrations to the database
  create <name> [--create-only] create a migration from prisma/schema.prisma (and apply it)
  status                       show applied and pending migrations

Options:
  --verbose                    print the schema engine's log`;

const MIGRATIONS_DIR = path.resolve("prisma/migrations");

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)}s`;
}

function list(names: string[]): string {
  return names.map((n) => `  - ${n}`).join("\n");
}

async function main(argv: string[]): Promise<number> {
  const flags = new Set(argv.filter((a) => a.startsWith("--")));
  const [command, ...args] = argv.filter((a) => !a.startsWith("--"));
  const log = flags.has("--verbose") ? (line: string) => console.log(`  [engine] ${line}`) : undefined;

  if (!command || command === "help" || flags.has("--help")) {
    console.log(USAGE);
    return command || flags.has("--help") ? 0 : 1;
  }
  if (!["deploy", "create", "status"].includes(command)) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    return 1;
  }
  if (command === "create" && !args[0]) {
    console.error("`create` needs a migration name, e.g. `npx tsx scripts/db.ts create add_orders`.");
    return 1;
  }

  let target: DatabaseTarget;
  try {
    target = resolveDatabaseTarget();
  } catch (error) {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  console.log(`Database: ${describeTarget(target)}`);
  const started = performance.now();
  let connection: MigrationConnection | undefined;
  try {
    connection = await connectMigrationTarget(target, {
      createDatabase: command !== "status",
      shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL?.trim() || undefined,
    });
    if (connection.createdDatabase) console.log(`Created database "${connection.createdDatabase}".`);
    const common = { adapterFactory: connection.adapterFactory, migrationsDir: MIGRATIONS_DIR, log };

    if (command === "deploy") {
      const { applied } = await applyMigrations(common);
      console.log(
        applied.length
          ? `Applied ${applied.length} migration(s) in ${elapsed(started)}:\n${list(applied)}`
          : `No pending migrations; the database is up to date (${elapsed(started)}).`,
      );
    } else if (command === "create") {
      const result = await createMigration({
        ...common,
        name: args[0] ?? "",
        createOnly: flags.has("--create-only"),
      });
      const earlier = result.applied.filter((n) => n !== result.created);
      if (earlier.length) console.log(`Applied pending migration(s) first:\n${list(earlier)}`);
      if (!result.created) {
        console.log(`No schema changes: nothing to create (${elapsed(started)}).`);
      } else {
        const file = path.relative(process.cwd(), path.join(MIGRATIONS_DIR, result.created, "migration.sql"));
        console.log(`Created ${file}`);
        console.log(
          result.applied.includes(result.created)
            ? `Applied it to the database (${elapsed(started)}).`
            : "Not applied (--create-only); run `npx tsx scripts/db.ts deploy` to apply it.",
        );
      }
    } else {
      const s = await migrationStatus(common);
      console.log(`${s.local.length} migration(s) in ${path.relative(process.cwd(), MIGRATIONS_DIR)}.`);
      if (s.pending.length) console.log(`Pending (run deploy):\n${list(s.pending)}`);
      if (s.failed.length) console.log(`FAILED (fix by hand, then mark resolved):\n${list(s.failed)}`);
      if (s.edited.length) console.log(`Edited after being applied:\n${list(s.edited)}`);
      if (s.missingLocally.length) console.log(`Applied but missing on disk:\n${list(s.missingLocally)}`);
      const clean = !s.pending.length && !s.failed.length && !s.edited.length && !s.missingLocally.length;
      if (clean) console.log("The database is up to date.");
      return s.failed.length || s.missingLocally.length ? 1 : 0;
    }
    return 0;
  } catch (error) {
    if (error instanceof MigrationError || error instanceof PgliteInUseError) {
      console.error(`Error: ${error.message}`);
    } else {
      console.error("Unexpected error:", error);
    }
    return 1;
  } finally {
    await connection?.close().catch((error: unknown) => console.error("Closing the database failed:", error));
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
