/**
 * Writing the committed tables (data/tariffs/*.json), shared by the build scripts: one row per
 * line and keys sorted, so a rebuild from the same inputs writes the same bytes and a change
 * shows as a small diff.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** One row per line: small diffs, deterministic bytes. */
export function writeRows(dir: string, name: string, rows: unknown[]): void {
  const body = rows.map((r) => JSON.stringify(sortKeys(r))).join(",\n");
  writeFileSync(path.join(dir, name), `[\n${body}\n]\n`);
}
