// Writes lib/class-merge.generated.ts: the tailwind-merge configuration `cn` (lib/utils.ts)
// runs on, cut down to the Tailwind classes this codebase writes, so that browsers do not
// download tailwind-merge's whole default configuration (docs/performance.md, "tailwind-merge").
//
// tailwind-merge's own default configuration decides (looked up through its tooling-only entry
// point, `tailwind-merge/unstable-do-not-import`, meant for build-time pruning like this): each class written in app/, components/
// and lib/ is looked up in it (its class group and the groups that group overrides), and only
// the groups in which two written classes can conflict are kept, each with its written
// classes as literals. `createTailwindMerge` (the library's documented way to merge without
// the default configuration) runs the library's own algorithm on that.
// tests/unit/class-merge.test.ts checks that the file is current and that `cn` merges every
// pair of written classes exactly as the full `twMerge` does.
//
//   node scripts/build-class-merge.mjs          writes the file
//   node scripts/build-class-merge.mjs --check  exits 1 when the committed file is out of date
//   node scripts/build-class-merge.mjs --classes  prints the written Tailwind classes (JSON)
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getDefaultConfig } from "tailwind-merge";
import { createClassGroupUtils, createParseClassName } from "tailwind-merge/unstable-do-not-import";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outFile = path.join(root, "lib", "class-merge.generated.ts");
const SOURCE_DIRS = ["app", "components", "lib"];
const SKIP = [path.join("lib", "db", "generated"), path.join("lib", "class-merge.generated.ts")];

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const rel = path.relative(root, file);
    if (SKIP.some((s) => rel === s || rel.startsWith(`${s}${path.sep}`))) continue;
    if (entry.isDirectory()) out.push(...sourceFiles(file));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) out.push(file);
  }
  return out;
}

/** Every whitespace-separated word inside a string literal of the sources (class names among them). */
export function writtenWords() {
  const words = new Set();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`]*)`/g)) {
        const literal = (m[1] ?? m[2] ?? m[3] ?? "").replace(/\$\{[^}]*\}/g, " ");
        for (const word of literal.split(/\s+/)) if (/^[!a-z0-9[\-_:/.#%()\],'>*&@=~+]+$/i.test(word) && /[a-z]/.test(word)) words.add(word);
      }
    }
  }
  return [...words].sort();
}

/**
 * The written Tailwind classes and the cut-down configuration. Returns the classes (with
 * their modifiers, as written) that the full configuration knows, and the configuration.
 */
export function buildClassMerge(words = writtenWords()) {
  const full = getDefaultConfig();
  const parse = createParseClassName(full);
  const { getClassGroupId, getConflictingClassGroupIds } = createClassGroupUtils(full);

  /**
   * base class -> its group in the full configuration. A class with a postfix ("/50",
   * "/6") is looked up with and without it, as tailwind-merge's mergeClassList does.
   */
  const groupOf = new Map();
  const classes = [];
  for (const word of words) {
    const parsed = parse(word);
    if (parsed.isExternal) continue;
    const bases = [parsed.baseClassName];
    if (parsed.maybePostfixModifierPosition) bases.push(parsed.baseClassName.substring(0, parsed.maybePostfixModifierPosition));
    let known = false;
    for (const base of bases) {
      const group = getClassGroupId(base);
      if (!group) continue;
      // A negative value ("-mx-2") is looked up without its "-": so is its literal.
      groupOf.set(base.replace(/^-(?=.)/, ""), group);
      known = true;
    }
    if (known) classes.push(word);
  }

  const members = new Map();
  for (const [base, group] of groupOf) members.set(group, [...(members.get(group) ?? []), base]);
  const used = new Set(members.keys());
  const conflicts = (group, postfix) => getConflictingClassGroupIds(group, postfix).filter((g) => used.has(g) && g !== group);
  // A group matters when two written classes can meet in it: two of its own, or one of its
  // own and one of a group it overrides or that overrides it.
  const matters = new Set();
  for (const group of used) {
    if (members.get(group).length > 1) matters.add(group);
    for (const other of [...conflicts(group, false), ...conflicts(group, true)]) {
      matters.add(group);
      matters.add(other);
    }
  }

  const sorted = [...matters].sort();
  const classGroups = {};
  const conflictingClassGroups = {};
  const conflictingClassGroupModifiers = {};
  for (const group of sorted) {
    classGroups[group] = members.get(group).sort();
    const plain = conflicts(group, false).filter((g) => matters.has(g)).sort();
    if (plain.length) conflictingClassGroups[group] = plain;
    const withPostfix = (full.conflictingClassGroupModifiers[group] ?? []).filter((g) => matters.has(g)).sort();
    if (withPostfix.length) conflictingClassGroupModifiers[group] = withPostfix;
  }
  const config = {
    cacheSize: full.cacheSize,
    theme: {},
    classGroups,
    conflictingClassGroups,
    conflictingClassGroupModifiers,
    orderSensitiveModifiers: full.orderSensitiveModifiers,
    postfixLookupClassGroups: (full.postfixLookupClassGroups ?? []).filter((g) => matters.has(g)),
  };
  return { classes: [...new Set(classes)].sort(), config };
}

export function renderFile(config) {
  return `// Generated by scripts/build-class-merge.mjs from the classes written in app/, components/
// and lib/: do not edit. Run \`node scripts/build-class-merge.mjs\` after writing new classes
// (tests/unit/class-merge.test.ts says when). docs/performance.md, "tailwind-merge".
import type { Config } from "tailwind-merge";

export const CLASS_MERGE_CONFIG: Config<string, string> = ${JSON.stringify(config)};
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { classes, config } = buildClassMerge();
  const text = renderFile(config);
  if (process.argv.includes("--classes")) {
    // For tests/unit/class-merge.test.ts: the written Tailwind classes, as JSON.
    process.stdout.write(JSON.stringify(classes));
  } else if (process.argv.includes("--check")) {
    const current = readFileSync(outFile, "utf8");
    if (current !== text) {
      console.error("lib/class-merge.generated.ts is out of date: run node scripts/build-class-merge.mjs");
      process.exit(1);
    }
  } else {
    writeFileSync(outFile, text);
    console.log(`wrote ${path.relative(root, outFile)} (${text.length} bytes)`);
  }
}
