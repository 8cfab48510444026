import path from "node:path";

/**
 * Where the database lives. PostgreSQL is the one provider:
 * - DATABASE_URL=postgres://... (or postgresql://) -> a real server through @prisma/adapter-pg;
 * - otherwise an embedded PGlite data directory, PGLITE_DATA_DIR or `.data/pglite` inside
 *   the project folder; `memory://` keeps it in memory (tests).
 *
 * No `server-only` here: the command-line tools (scripts/db.ts) use it too.
 */
export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string };

export function resolveDatabaseTarget(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error(
        `DATABASE_URL must be a postgres:// or postgresql:// URL (got "${url.split(":")[0]}:..."). Leave it unset to use the embedded database.`,
      );
    }
    return { kind: "postgres", url };
  }
  const dir = env.PGLITE_DATA_DIR?.trim() || ".data/pglite";
  if (dir.startsWith("memory://")) return { kind: "pglite", dataDir: dir };
  return { kind: "pglite", dataDir: path.resolve(cwd, dir) };
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "pglite") return `embedded PGlite at ${target.dataDir}`;
  const u = new URL(target.url);
  return `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`;
}
