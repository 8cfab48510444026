import { z } from "zod";
import { optionalString } from "./shared";

/** Database (docs/database.md): a PostgreSQL server, or the embedded PGlite when DATABASE_URL is unset. */
export const databaseSchema = z.object({
  /** postgres:// URL of a real server; unset = embedded PGlite. */
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  /** Where the embedded database keeps its files (default .data/pglite). */
  PGLITE_DATA_DIR: optionalString,
});

export type DatabaseVars = z.infer<typeof databaseSchema>;

export function databaseSettings(v: DatabaseVars) {
  return { DATABASE_URL: v.DATABASE_URL, PGLITE_DATA_DIR: v.PGLITE_DATA_DIR };
}

export type DatabaseSettings = ReturnType<typeof databaseSettings>;
