import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Comments cite documents that are in the repo (docs/architecture.md "Comments cite docs"):
 * a reader who follows a citation finds it. No file of ours cites "spec section N" (the spec
 * is not in the repo; docs/product-rules.md holds our summary of its numbered rules), every
 * docs/<name>.md a file names exists, every `docs/product-rules.md §N` names a section of that
 * file, every `docs/<name>.md "Heading"` names a heading of that file, and no comment or test
 * name cites work history ("issue N", "stop N") instead of the code's own documents.
 */
const REPO = path.join(__dirname, "../..");
const FOLDERS = ["app", "lib", "components", "scripts", "tests", "e2e", "emails", "prisma"];
const SKIP = new Set([path.join(REPO, "lib/db/generated")]);
const TOP_FILES = ["proxy.ts", "next.config.mjs"];

function walk(dir: string): string[] {
  if (!existsSync(dir) || SKIP.has(dir)) return [];
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...walk(full));
    else if (/\.(tsx?|mjs|cjs|js|css|prisma|sql)$/.test(name)) found.push(full);
  }
  return found;
}

const files = [...FOLDERS.flatMap((f) => walk(path.join(REPO, f))), ...TOP_FILES.map((f) => path.join(REPO, f)).filter(existsSync)]
  .filter((file) => file !== __filename)
  .map((file) => ({ rel: path.relative(REPO, file).split(path.sep).join("/"), text: readFileSync(file, "utf8") }));

/** The applied migrations are history: their files are checksummed by the migration table. */
const HISTORY = /^prisma\/migrations\//;

/** A comment's text as one line: the comment markers at the start of each line dropped. */
function joined(text: string): string {
  return text.replace(/\n[ \t]*(?:\/{2,3}|\*|--|#)?[ \t]*/g, " ");
}

/**
 * A section's name as a citation gives it: without backticks and a trailing "(stop N)" note,
 * lower-cased. A citation may name a part of a long heading ("Navigation" for "Navigation,
 * every page"); a list item's bold lead-in ("- **Rate limits** (public POSTs)") counts too.
 */
function sectionName(line: string): string {
  return line.replace(/`/g, "").replace(/\s*\((?:stops?|issues?) [^)]*\)\s*$/i, "").trim().toLowerCase();
}

const sectionsOf = new Map<string, string[]>();
function sections(doc: string): string[] {
  let found = sectionsOf.get(doc);
  if (!found) {
    const full = path.join(REPO, doc);
    const text = existsSync(full) ? readFileSync(full, "utf8") : "";
    found = [...text.matchAll(/^(?:#{1,6} (.+)|(?:[-*] )?\*\*(.+?)\*\*)/gm)].map((m) => sectionName(m[1] ?? m[2] ?? ""));
    sectionsOf.set(doc, found);
  }
  return found;
}

const rules = readFileSync(path.join(REPO, "docs/product-rules.md"), "utf8");
const ruleSections = new Set([...rules.matchAll(/^### (§D?\d+) /gm)].map((m) => m[1]));

describe("comments cite documents in the repo", () => {
  it("reads the project's files", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(ruleSections.has("§9")).toBe(true);
  });

  it('cites no "spec section" of a document the repo does not have', () => {
    const citing = files.filter((f) => /\b(?:spec|decisions)(?:'s)? sections? \d/i.test(f.text)).map((f) => f.rel);
    expect(citing).toEqual([]);
  });

  it("names only docs/ files that exist", () => {
    const missing = files.flatMap((f) => [...f.text.matchAll(/\bdocs\/([\w./-]+\.md)\b/g)].map((m) => `docs/${m[1] ?? ""}`).filter((doc) => !existsSync(path.join(REPO, doc))).map((doc) => `${f.rel}: ${doc}`));
    expect(missing).toEqual([]);
  });

  it("names only sections of docs/product-rules.md that it has", () => {
    const unknown = files.flatMap((f) =>
      [...f.text.matchAll(/docs\/product-rules\.md((?:[ ,]*(?:and )?§D?\d+)+)/g)].flatMap((m) => [...(m[1] ?? "").matchAll(/§D?\d+/g)].map((s) => s[0]).filter((s) => !ruleSections.has(s)).map((s) => `${f.rel}: ${s}`)),
    );
    expect(unknown).toEqual([]);
  });

  it('names only sections that docs/<name>.md has (docs/x.md "Heading")', () => {
    const unknown = files
      .filter((f) => !HISTORY.test(f.rel))
      .flatMap((f) =>
        [...joined(f.text).matchAll(/\bdocs\/([\w-]+\.md),? ((?:"[^"\n]{2,120}"(?:,? (?:and )?)?)+)/g)].flatMap((m) => {
          const doc = `docs/${m[1] ?? ""}`;
          const titles = [...(m[2] ?? "").matchAll(/"([^"]+)"/g)].map((t) => sectionName(t[1] ?? ""));
          return titles.filter((title) => !sections(doc).some((h) => h.includes(title))).map((title) => `${f.rel}: ${doc} "${title}"`);
        }),
      );
    expect(unknown).toEqual([]);
  });

  it('cites no work history ("issue N", "stop N") in comments or test names', () => {
    const citing = files
      .filter((f) => !HISTORY.test(f.rel))
      .flatMap((f) => [...joined(f.text).matchAll(/\b(?:issues?|stops?) \d+\b[^\n]{0,40}/gi)].map((m) => `${f.rel}: ${m[0]}`));
    expect(citing).toEqual([]);
  });
});
