#!/usr/bin/env node
/**
 * The code's shape (the developers' guide): imports flow one way, app -> components -> lib
 * (lib never imports components or app; components never import app; none of them imports
 * tools/, the command-line tooling), and no module
 * reaches itself again through its imports (no cycles; type-only imports are erased at
 * build and do not count). No `as unknown as` outside the generated Prisma client and the
 * tests (a value of unknown shape is parsed by its zod schema or narrowed by a type guard).
 * `node scripts/check/code-shape.mjs` prints each breach and exits 1; `--json` prints
 * { direction, cycles, deadExports, doubleCasts } for tests/unit/code-shape.test.ts.
 */
import { readFileSync } from "node:fs";
import ts from "typescript";
import { deadExports } from "./dead-exports.mjs";
import { readGraph, rel } from "./source-graph.mjs";

const LAYER = [
  ["app/", 2],
  ["components/", 1],
  ["lib/", 0],
];
const layerOf = (relPath) => LAYER.find(([prefix]) => relPath.startsWith(prefix))?.[1];
const NAMES = ["lib", "components", "app"];

/** "from -> to" for each import that goes up a layer (lib -> components, components -> app, ...). */
export function directionBreaches(graph) {
  const out = [];
  for (const mod of graph) {
    const from = layerOf(rel(mod.file));
    if (from === undefined) continue;
    for (const imp of mod.imports) {
      const to = layerOf(rel(imp.target));
      if (to !== undefined && to > from) out.push(`${rel(mod.file)} (${NAMES[from]}) imports ${rel(imp.target)} (${NAMES[to]})`);
      if (rel(imp.target).startsWith("tools/")) out.push(`${rel(mod.file)} (${NAMES[from]}) imports ${rel(imp.target)} (tools)`);
    }
  }
  return [...new Set(out)].sort();
}

/** Each import cycle (strongly connected component of two or more modules, or a module importing itself), as its files. */
export function importCycles(graph) {
  const edges = new Map(graph.map((m) => [m.file, [...new Set(m.imports.filter((i) => !i.typeOnly && !i.dynamic).map((i) => i.target))]]));
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const cycles = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (edges.get(v) ?? []).includes(v)) cycles.push(scc.map(rel).sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) strong(v);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Folders whose code may not cast through unknown (the tests may, to hand doubles to typed parameters). */
const NO_DOUBLE_CASTS = ["app/", "components/", "lib/", "emails/", "scripts/", "tools/"];

/** "file:line" of each `x as unknown as T` in the app's own code (lib/db/generated is not read: source-graph.mjs skips it). */
export function doubleCasts(graph) {
  const out = [];
  for (const { file } of graph) {
    if (!NO_DOUBLE_CASTS.some((prefix) => rel(file).startsWith(prefix))) continue;
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isAsExpression(node) && ts.isAsExpression(node.expression) && node.expression.type.kind === ts.SyntaxKind.UnknownKeyword) {
        out.push(`${rel(file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out.sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = readGraph();
  const result = { direction: directionBreaches(graph), cycles: importCycles(graph), deadExports: deadExports(graph), doubleCasts: doubleCasts(graph) };
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(result));
  } else {
    for (const d of result.direction) console.log(`direction: ${d}`);
    for (const c of result.cycles) console.log(`cycle: ${c.join(" <-> ")}`);
    for (const d of result.deadExports) console.log(`dead export: ${d}`);
    for (const c of result.doubleCasts) console.log(`as unknown as: ${c}`);
    const total = result.direction.length + result.cycles.length + result.deadExports.length + result.doubleCasts.length;
    console.log(total ? `${total} breaches.` : "Imports flow one way, no cycles, no dead exports, no casts through unknown.");
    process.exitCode = total ? 1 : 0;
  }
}
