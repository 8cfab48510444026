#!/usr/bin/env node
/**
 * Dead exports: a function, class or constant a module exports that nothing runs: no other
 * module imports it and its own file does not use it. Delete it. Run with
 * `node scripts/check/dead-exports.mjs`; exits 1 and lists them when there are any;
 * `--local` also lists the exports used only in their own file (`export` could go).
 * tests/unit/code-shape.test.ts runs the same check.
 *
 * Not checked: framework entry points (Next.js files such as page, layout and route; the
 * root's config files; scripts/, run by npm scripts; tests and e2e) and components/ui, the
 * owned primitives kit, whose parts are kept whole like the shadcn components they follow.
 */
import { readGraph, rel } from "./source-graph.mjs";

/** Files whose exports a framework or a command reads, not an import. */
const NEXT_FILES = /^app\/(.*\/)?(page|layout|route|loading|error|global-error|not-found|template|default|opengraph-image|twitter-image|icon|apple-icon|sitemap|robots|manifest)\.(ts|tsx)$/;
export function isEntryPoint(relPath) {
  return NEXT_FILES.test(relPath) || !relPath.includes("/") || /^(scripts|tests|e2e|prisma|components\/ui)\//.test(relPath);
}

/** "file:line name" of each dead export; with `local`, also those used only in their own file. */
export function deadExports(graph = readGraph(), { local = false } = {}) {
  const used = new Map();
  for (const mod of graph) {
    for (const imp of mod.imports) {
      if (imp.target === mod.file) continue;
      const names = used.get(imp.target) ?? new Set();
      if (imp.names === "*") names.add("*");
      else for (const n of imp.names) names.add(n);
      used.set(imp.target, names);
    }
  }
  const dead = [];
  for (const mod of graph) {
    const r = rel(mod.file);
    if (isEntryPoint(r)) continue;
    const names = used.get(mod.file) ?? new Set();
    if (names.has("*")) continue;
    for (const e of mod.exports) {
      if (names.has(e.name) || e.reexport) continue;
      if (local || (!e.type && e.localUses === 0)) dead.push(`${r}:${e.line} ${e.name}${e.localUses > 0 ? " (used in its file only)" : ""}`);
    }
  }
  return dead;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dead = deadExports(undefined, { local: process.argv.includes("--local") });
  if (dead.length) {
    console.log(`${dead.length} exports that nothing uses:\n${dead.join("\n")}`);
    process.exit(1);
  }
  console.log("No dead exports.");
}
