/**
 * Writes the law table and the list of undated steps into docs/tariffs.md ("The law as of
 * 2026-11-27"), between the `law-table` and `law-gaps` markers, from the law files
 * (lib/tariffs/law-lifecycle.ts). tests/unit/tariff-law-files.test.ts checks the page says
 * what the files say.
 *
 *   npx tsx scripts/tariffs/law-table.ts
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { lawFamilySchema, lawSourcesSchema } from "../../lib/tariffs/law-files";
import { lawGapsMarkdown, lawTableMarkdown } from "../../lib/tariffs/law-lifecycle";

const repoRoot = path.resolve(__dirname, "..", "..");
const lawDir = path.join(repoRoot, "data", "tariffs", "law");
const docPath = path.join(repoRoot, "docs", "tariffs.md");

const families = readdirSync(lawDir)
  .filter((f) => f.endsWith(".yaml") && f !== "sources.yaml")
  .sort()
  .map((f) => lawFamilySchema.parse(parse(readFileSync(path.join(lawDir, f), "utf8"))));
const { sources } = lawSourcesSchema.parse(parse(readFileSync(path.join(lawDir, "sources.yaml"), "utf8")));

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
function replaceBetween(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`docs/tariffs.md has no ${start} ... ${end} block`);
  return `${text.slice(0, a + start.length)}\n${body}\n${text.slice(b)}`;
}

let doc = readFileSync(docPath, "utf8");
doc = replaceBetween(doc, "law-table", lawTableMarkdown(families, sources));
doc = replaceBetween(doc, "law-gaps", lawGapsMarkdown(families));
writeFileSync(docPath, doc);
console.log(`docs/tariffs.md: ${families.reduce((n, f) => n + f.measures.length, 0)} measures`);
