/**
 * What `npm run app` needs installed, read from the sources: `npm run app` installs with
 * `npm ci --omit=dev` (scripts/setup.mjs), so every package the app's build, start and
 * server reach must be in package.json's `dependencies`, not `devDependencies`.
 *
 * Reached: every module under app/ and the files Next, Prisma and scripts/app.mjs load
 * (ENTRIES), through their local imports (type-only imports aside: the build does not
 * type-check, docs/performance.md "Start time"); the packages app/**.css imports; the plugins
 * postcss.config.mjs names; and the packages the start runs or Next's build checks for (TOOLS).
 *
 *   node scripts/check/app-dependencies.mjs [--json]
 */
import { builtinModules } from "node:module";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { readModule, rel, ROOT } from "./source-graph.mjs";

/** The files loaded besides app/'s routes: Next's own entry files, Prisma's config, the start's scripts. */
const ENTRIES = [
  "proxy.ts",
  "instrumentation.ts",
  "next.config.mjs",
  "prisma.config.ts",
  "scripts/app.mjs",
  "scripts/db.ts",
  "scripts/seed.ts",
  "scripts/serve.mjs",
  "scripts/demo-payments.ts",
];

/** Packages run as commands or checked for rather than imported. */
const TOOLS = {
  next: "scripts/app.mjs runs `next build`",
  prisma: "scripts/setup.mjs runs `prisma generate`",
  tsx: "scripts/app.mjs runs the migrations and the seed with tsx",
  typescript: "next build checks its TypeScript set-up even when it skips the type check",
  "@types/react": "next build checks its TypeScript set-up",
  "@types/node": "next build checks its TypeScript set-up",
};

function filesUnder(dir, test, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) filesUnder(full, test, out);
    else if (test.test(name)) out.push(full);
  }
  return out;
}

/** Each package the app needs, with one reason (a file that imports it, or why a tool is needed). */
export function appPackages() {
  const needed = new Map(Object.entries(TOOLS));
  const seen = new Set();
  const queue = [...filesUnder(path.join(ROOT, "app"), /\.(ts|tsx|mts|mjs)$/), ...ENTRIES.map((f) => path.join(ROOT, f))];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const mod = readModule(file);
    for (const p of mod.packages) if (!p.typeOnly && !needed.has(p.name)) needed.set(p.name, rel(file));
    for (const i of mod.imports) if (!i.typeOnly) queue.push(i.target);
  }
  for (const css of filesUnder(path.join(ROOT, "app"), /\.css$/)) {
    for (const [, spec] of readFileSync(css, "utf8").matchAll(/@(?:import|plugin)\s+["']([^"'./][^"']*)["']/g)) {
      if (!needed.has(spec)) needed.set(spec, rel(css));
    }
  }
  const postcss = path.join(ROOT, "postcss.config.mjs");
  if (existsSync(postcss)) {
    for (const [, name] of readFileSync(postcss, "utf8").matchAll(/["'](@?[a-z0-9][^"']*)["']\s*:/g)) if (!needed.has(name)) needed.set(name, "postcss.config.mjs");
  }
  const builtins = new Set(builtinModules);
  return new Map([...needed].filter(([name]) => !builtins.has(name)));
}

/** The packages the app needs that `npm ci --omit=dev` would leave out. */
export function notInDependencies() {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  return [...appPackages()].filter(([name]) => !(name in (pkg.dependencies ?? {}))).map(([name, reason]) => `${name} (${reason})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = notInDependencies();
  if (process.argv.includes("--json")) console.log(JSON.stringify({ packages: [...appPackages().keys()].sort(), missing }));
  else if (missing.length) {
    console.log(`Needed by \`npm run app\` but not in dependencies:\n  ${missing.join("\n  ")}`);
    process.exitCode = 1;
  } else console.log("Every package `npm run app` needs is in dependencies.");
}
