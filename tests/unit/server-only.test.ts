import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Every server-only module says so (docs/architecture.md "Server-only modules"): a module of lib/ that imports the
 * database (@/lib/db), the settings (@/lib/env), the secrets (@/lib/secrets) or
 * next/headers must `import "server-only"`, so a client component that pulls it in fails
 * the build instead of shipping server code (or secrets) to the browser.
 *
 * EXEMPT lists the modules that the command-line tools (scripts/, run by tsx outside
 * Next, where "server-only" throws on import) must load, each with its reason.
 */
const ROOT = path.join(__dirname, "../../lib");

const EXEMPT: Record<string, string> = {
  "email/config.ts": "loaded by `npm run jobs:run` (scripts/jobs-run.ts -> lib/jobs -> lib/email/outbox.ts), which reads the unsubscribe secret",
  "alerts/deliver.ts": "loaded by `npm run jobs:run alert-digests` (scripts/jobs-run.ts -> lib/jobs/alert-jobs.ts), which signs opt-out links",
};

const SERVER_IMPORT = /(?:from|import)\s*"(@\/lib\/db|@\/lib\/db\/index|@\/lib\/env|@\/lib\/env\/index|@\/lib\/secrets|next\/headers)"/;
const SERVER_ONLY = /^import "server-only";$/m;

function walk(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (full !== path.join(ROOT, "db/generated")) found.push(...walk(full));
    } else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) {
      found.push(full);
    }
  }
  return found;
}

const modules = walk(ROOT).map((file) => ({ file, rel: path.relative(ROOT, file).split(path.sep).join("/"), text: readFileSync(file, "utf8") }));

describe('modules that reach the database, settings, secrets or request headers import "server-only"', () => {
  it("finds the modules", () => {
    expect(modules.length).toBeGreaterThan(50);
  });

  it("has no module without it, apart from the listed exemptions", () => {
    const missing = modules
      .filter((m) => !EXEMPT[m.rel])
      .filter((m) => m.text.split("\n").some((line) => !/^\s*import type /.test(line) && SERVER_IMPORT.test(line)))
      .filter((m) => !SERVER_ONLY.test(m.text))
      .map((m) => m.rel);
    expect(missing).toEqual([]);
  });

  it("lists only exemptions that are still needed", () => {
    for (const rel of Object.keys(EXEMPT)) {
      const m = modules.find((x) => x.rel === rel);
      expect({ rel, exists: Boolean(m), importsServerModule: Boolean(m && SERVER_IMPORT.test(m.text)), marked: Boolean(m && SERVER_ONLY.test(m.text)) }).toEqual({
        rel,
        exists: true,
        importsServerModule: true,
        marked: false,
      });
    }
  });
});
