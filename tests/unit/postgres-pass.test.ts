import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The PostgreSQL pass (tests/postgres-pass.json; docs/database.md "Tests on both engines"):
 * npm test runs the integration test files listed there a second time against a server. The
 * list is checked against the rule: every test file that writes SQL of its own, opens a
 * transaction or a database client of its own, or runs calls at once (a race) is on it, or
 * set aside with its reason; every module of lib/ that writes SQL of its own, opens a
 * transaction or takes a lock is exercised on the server by a listed file that reaches it
 * through its imports.
 */
const root = path.resolve(__dirname, "../..");
type Pass = { files: Record<string, { why: string; covers: string[] }>; notEngineSensitive: Record<string, string> };
const pass = JSON.parse(readFileSync(path.join(root, "tests/postgres-pass.json"), "utf8")) as Pass;

/** In a test file: SQL of its own, a transaction, a database client of its own, calls at once. */
const ENGINE_SENSITIVE_TEST = /\$queryRaw|\$executeRaw|\$transaction|new PGlite|PGlite\.create|openDatabase\(|pg\.Client|pg\.Pool|Promise\.all\(/;
/** In a module of lib/: SQL of its own, a transaction, a lock. */
const WRITES_SQL = /\$queryRaw|\$executeRaw|\$transaction|FOR UPDATE|pg_advisory/;

const read = (file: string) => readFileSync(path.join(root, file), "utf8");

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "generated" ? [] : filesUnder(file, keep);
    return keep(file) ? [file] : [];
  });
}

/** The project's modules a file imports ("@/..." and relative), resolved to paths from the root. */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const match of read(file).matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)) {
    const spec = match[1]!;
    const base = spec.startsWith("@/") ? spec.slice(2) : spec.startsWith(".") ? path.join(path.dirname(file), spec) : null;
    if (base === null) continue;
    const hit = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}/index.ts`].find((c) => existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile());
    if (hit) found.push(path.normalize(hit));
  }
  return found;
}

function reachable(file: string): Set<string> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length) {
    const next = queue.pop()!;
    for (const imported of importsOf(next)) {
      if (seen.has(imported) || imported.includes("/generated/")) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
  return seen;
}

const integrationTests = filesUnder("tests/integration", (f) => /\.test\.tsx?$/.test(f));

test("lists test files that exist, each once and with its reason", () => {
  for (const [file, entry] of Object.entries(pass.files)) {
    expect({ file, exists: existsSync(path.join(root, file)), why: entry.why.length > 10 }).toEqual({ file, exists: true, why: true });
    expect(pass.notEngineSensitive[file]).toBeUndefined();
  }
  for (const [file, reason] of Object.entries(pass.notEngineSensitive)) {
    expect({ file, exists: existsSync(path.join(root, file)), reason: reason.length > 10 }).toEqual({ file, exists: true, reason: true });
  }
});

test("holds every integration test file that writes SQL, opens a transaction or a client of its own, or runs calls at once", () => {
  const sensitive = integrationTests.filter((file) => ENGINE_SENSITIVE_TEST.test(read(file)));
  expect(sensitive.length).toBeGreaterThan(10);
  const unlisted = sensitive.filter((file) => !(file in pass.files) && !(file in pass.notEngineSensitive));
  expect(unlisted).toEqual([]);
});

test("covers every module of lib/ that writes SQL of its own, opens a transaction or takes a lock, from a listed file that imports it", () => {
  const writers = filesUnder("lib", (f) => /\.tsx?$/.test(f)).filter((file) => WRITES_SQL.test(read(file)));
  expect(writers.length).toBeGreaterThan(10);
  const covered = new Set(Object.values(pass.files).flatMap((entry) => entry.covers));
  expect(writers.filter((file) => !covered.has(file))).toEqual([]);
  // No stale entry, and each file really reaches what it says it covers.
  for (const [file, entry] of Object.entries(pass.files)) {
    const reach = reachable(file);
    for (const covers of entry.covers) {
      expect({ file, covers, writesSql: writers.includes(covers), reached: reach.has(covers) }).toEqual({ file, covers, writesSql: true, reached: true });
    }
  }
});
