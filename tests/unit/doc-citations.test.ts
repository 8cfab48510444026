import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Comments cite documents that are in the repo (issue 16 item 5): a reader who follows a
 * citation finds it. No file of ours cites "spec section N" (the spec is not in the repo;
 * docs/product-rules.md holds our summary of its numbered rules), every docs/<name>.md a
 * file names exists, and every `docs/product-rules.md §N` names a section of that file.
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
});
