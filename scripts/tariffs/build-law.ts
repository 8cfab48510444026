/**
 * Builds the law tables (data/tariffs/measures.json, events.json, sources.json) from the law
 * files (data/tariffs/law/*.yaml, docs/tariffs.md "Law files"). A transform only: every rate,
 * date, country rule and citation is in the YAML; this reads it, checks it against the schema
 * (lib/tariffs/law-files.ts), resolves the long product lists (CSV files beside the YAML, or
 * the reference snapshot's lists where a list is long) and writes sorted, deterministic rows.
 *
 *   npx tsx scripts/tariffs/build-law.ts [snapshotDir]
 *
 * (default snapshot: ../shared/data/tariff-snapshot from the repository root). The snapshot is
 * read here only; the app never reads it nor the YAML.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import { parse } from "yaml";
import {
  codesFromCsv,
  compileFamily,
  compileSources,
  lawFamilySchema,
  lawSourcesSchema,
  schemaProblems,
  type LawFamily,
  type ProductSource,
} from "../../lib/tariffs/law-files";
import type { MeasureEvent, TariffMeasure } from "../../lib/tariffs/types";
import { writeRows as writeTableRows } from "./table-files";

const repoRoot = path.resolve(__dirname, "..", "..");
const lawDir = path.join(repoRoot, "data", "tariffs", "law");
const outDir = path.join(repoRoot, "data", "tariffs");
const snapshotDir = path.resolve(process.argv[2] ?? path.join(repoRoot, "..", "shared", "data", "tariff-snapshot"));

/** The day the law files describe the law as it stands (docs/tariffs.md). */
export const LAW_AS_OF = "2026-11-27";

/** The HTS release whose statistical lines decide when a list of HTS10 codes covers a whole HTS8 line. */
const HTS_JSON = "hts/hts_2026_rev_10.json.gz";

/** Each HTS8 line's 10-digit statistical lines, from the HTS release in the snapshot. */
function statisticalChildren(): Map<string, string[]> {
  const records = JSON.parse(gunzipSync(readFileSync(path.join(snapshotDir, HTS_JSON))).toString("utf8")) as { htsno?: string }[];
  const children = new Map<string, string[]>();
  for (const r of records) {
    const d = (r.htsno ?? "").replace(/\D/g, "");
    if (d.length !== 10) continue;
    const parent = d.slice(0, 8);
    const list = children.get(parent);
    if (list) list.push(d);
    else children.set(parent, [d]);
  }
  return children;
}
const children = statisticalChildren();

/**
 * A list of HTS10 codes that names every statistical line of an HTS8 line also covers that
 * line as a whole: an 8-digit code asked about is then in the list too (the engine matches by
 * prefix, so "0901210000" alone would not reach a question about 0901.21.00).
 */
function withWholeLines(codes: string[]): string[] {
  const set = new Set(codes);
  const parents = new Set(codes.filter((c) => c.length === 10).map((c) => c.slice(0, 8)));
  for (const parent of parents) {
    const kids = children.get(parent);
    if (kids?.length && kids.every((k) => set.has(k))) set.add(parent);
  }
  return [...set];
}

function readList(source: ProductSource): string[] {
  const file = source.file ? path.join(lawDir, source.file) : path.join(snapshotDir, source.snapshot ?? "");
  const buf = readFileSync(file);
  const text = file.endsWith(".gz") ? gunzipSync(buf).toString("utf8") : buf.toString("utf8");
  const codes = codesFromCsv(text, source);
  if (codes.length === 0) throw new Error(`${source.file ?? source.snapshot}: no codes for column ${source.column} where ${JSON.stringify(source.where ?? {})}`);
  return withWholeLines(codes);
}

const writeRows = (name: string, rows: unknown[]) => writeTableRows(outDir, name, rows);

function main() {
  const problems: string[] = [];
  const sourcesDoc = parse(readFileSync(path.join(lawDir, "sources.yaml"), "utf8")) as unknown;
  problems.push(...schemaProblems("sources.yaml", lawSourcesSchema, sourcesDoc));
  const familyFiles = readdirSync(lawDir).filter((f) => f.endsWith(".yaml") && f !== "sources.yaml").sort();
  const families: { file: string; family: LawFamily }[] = [];
  for (const file of familyFiles) {
    let doc: unknown;
    try {
      doc = parse(readFileSync(path.join(lawDir, file), "utf8"));
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const p = schemaProblems(file, lawFamilySchema, doc);
    problems.push(...p);
    if (!p.length) families.push({ file, family: lawFamilySchema.parse(doc) });
  }
  if (problems.length) throw new Error(`law files do not match their schema:\n${problems.join("\n")}`);

  const sources = compileSources(lawSourcesSchema.parse(sourcesDoc).sources);
  const sourceIds = new Set(sources.map((s) => s.id));
  const measures: TariffMeasure[] = [];
  const events: MeasureEvent[] = [];
  for (const { file, family } of families) {
    const compiled = compileFamily(family, readList);
    if (compiled.unresolved.length) throw new Error(`${file}: lists not read: ${compiled.unresolved.join(", ")}`);
    measures.push(...compiled.measures);
    events.push(...compiled.events);
  }

  const seen = new Set<string>();
  for (const id of [...measures.map((m) => `measure ${m.id}`), ...events.map((e) => `event ${e.id}`)]) {
    if (seen.has(id)) problems.push(`duplicate ${id}`);
    seen.add(id);
  }
  const cite = (where: string, id: string) => {
    if (!sourceIds.has(id)) problems.push(`${where}: unknown source ${id}`);
  };
  const measureIds = new Set(measures.map((m) => m.id));
  for (const m of measures) {
    cite(`measure ${m.id}`, m.sourceId);
    for (const x of m.exemptions ?? []) cite(`${m.id} exemption ${x.id}`, x.sourceId);
    for (const x of m.conditions ?? []) cite(`${m.id} condition ${x.id}`, x.sourceId);
    for (const other of [...(m.notWithExcept ?? []), ...(m.yieldsTo ?? [])]) if (!measureIds.has(other)) problems.push(`${m.id}: names unknown measure ${other}`);
    if (!m.products.length) problems.push(`${m.id}: no products`);
  }
  for (const e of events) cite(`event ${e.id}`, e.sourceId);
  if (problems.length) throw new Error(problems.join("\n"));

  measures.sort((a, b) => (a.id < b.id ? -1 : 1));
  events.sort((a, b) => (a.id < b.id ? -1 : 1));
  writeRows("sources.json", sources);
  writeRows("measures.json", measures);
  writeRows("events.json", events);
  const metaFile = path.join(outDir, "meta.json");
  const meta = JSON.parse(readFileSync(metaFile, "utf8")) as Record<string, unknown>;
  meta.measuresVersion = LAW_AS_OF;
  writeFileSync(metaFile, `${JSON.stringify(meta, null, 2)}\n`);
  console.log(`law files ${families.length}, measures ${measures.length}, events ${events.length}, sources ${sources.length} (as of ${LAW_AS_OF})`);
}

main();
