import { readFileSync, readdirSync } from "node:fs";
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
} from "@/lib/tariffs/law-files";
import { lawGapsMarkdown, lawTableMarkdown, lifecycleOf, lifecycleProblems } from "@/lib/tariffs/law-lifecycle";
import { isInForce, measureStatusOn } from "@/lib/tariffs/status";
import { measureEvents, tariffMeasures, tariffSources } from "@/lib/tariffs/tables";

/**
 * The law files (data/tariffs/law, docs/tariffs.md "Law files") are the source of the committed
 * measures, events and sources: each file matches its schema, and the built tables say exactly
 * what the files say (rates, dates, country rules, citations). Lists kept in the reference
 * snapshot are not in a clone, so those are left out of the comparison (the build reads them).
 */
const LAW_DIR = path.join(process.cwd(), "data", "tariffs", "law");
const files = readdirSync(LAW_DIR).filter((f) => f.endsWith(".yaml") && f !== "sources.yaml").sort();
const docs = files.map((file) => ({ file, doc: parse(readFileSync(path.join(LAW_DIR, file), "utf8")) as unknown }));

/** Lists beside the YAML are read; lists in the snapshot are "unknown here" (null). */
const localOnly = (source: ProductSource): string[] | null =>
  source.file ? codesFromCsv(readFileSync(path.join(LAW_DIR, source.file), "utf8"), source) : null;

describe("tariff law files", () => {
  it("one file per measure family, each matching the schema", () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const { file, doc } of docs) expect(schemaProblems(file, lawFamilySchema, doc)).toEqual([]);
    const sources = parse(readFileSync(path.join(LAW_DIR, "sources.yaml"), "utf8")) as unknown;
    expect(schemaProblems("sources.yaml", lawSourcesSchema, sources)).toEqual([]);
  });

  it("built into the committed tables as written: every measure, event and source", () => {
    const families = docs.map(({ doc }) => lawFamilySchema.parse(doc) as LawFamily);
    const compiled = families.map((f) => compileFamily(f, localOnly));
    const measures = compiled.flatMap((c) => c.measures);
    const events = compiled.flatMap((c) => c.events);
    expect(new Set(measures.map((m) => m.id))).toEqual(new Set(tariffMeasures.map((m) => m.id)));
    expect([...events].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(measureEvents);

    const byId = new Map(tariffMeasures.map((m) => [m.id, m]));
    const snapshotLists = new Set(compiled.flatMap((c) => c.unresolved));
    for (const m of measures) {
      const built = byId.get(m.id);
      expect(built).toBeDefined();
      if (!built) continue;
      const { products, excludedProducts, exemptions, conditions, ...facts } = m;
      const { products: bp, excludedProducts: bx, exemptions: be, conditions: bc, ...builtFacts } = built;
      expect(builtFacts).toEqual(facts);
      // Lists written in the YAML or kept beside it are the built lists; snapshot lists are read by the build only.
      if (!snapshotLists.has(`${m.id} products`)) expect(bp).toEqual(expect.arrayContaining(products));
      if (!snapshotLists.has(`${m.id} excluded products`)) expect(bx).toEqual(expect.arrayContaining(excludedProducts));
      expect((be ?? []).map(({ products: _p, ...x }) => x)).toEqual((exemptions ?? []).map(({ products: _p, ...x }) => x));
      expect((bc ?? []).map(({ products: _p, ...x }) => x)).toEqual((conditions ?? []).map(({ products: _p, ...x }) => x));
    }

    const sourcesDoc = lawSourcesSchema.parse(parse(readFileSync(path.join(LAW_DIR, "sources.yaml"), "utf8")));
    expect(compileSources(sourcesDoc.sources)).toEqual(tariffSources);
  });

  it("cites a legal document for every measure and event, never a tracker or repository", () => {
    const kinds = new Map(tariffSources.map((s) => [s.id, s.kind]));
    for (const m of tariffMeasures) expect(["FR_DOC", "PROCLAMATION", "EXECUTIVE_ORDER", "USTR_NOTICE", "HTS_RELEASE", "COURT_OPINION", "CBP_NOTICE"]).toContain(kinds.get(m.sourceId));
    for (const e of measureEvents) expect(kinds.get(e.sourceId)).not.toBe("DATASET");
    expect(tariffSources.every((s) => !/github\.com/.test(s.url) || s.kind === "DATASET")).toBe(true);
    const effective = measureEvents.find((e) => e.measureId === "s301_forced_labor" && e.type === "EFFECTIVE");
    expect(effective).toMatchObject({ date: "2026-07-24", sourceId: "fr-2026-15181" });
    expect(tariffSources.find((s) => s.id === "fr-2026-15181")).toMatchObject({ kind: "USTR_NOTICE", citation: "91 FR 47318; FR Doc 2026-15181" });
  });

  it("keeps the Annex II Part A list whole: 2,120 codes, in order, each with its condition", () => {
    const text = readFileSync(path.join(LAW_DIR, "s301-forced-labor-annex2-part-a.csv"), "utf8");
    const all = ["full", "ex", "aircraft", "pharma"].flatMap((condition) => codesFromCsv(text, { file: "x.csv", column: "hts_codes", where: { condition } }));
    expect(all).toHaveLength(2120);
    expect(new Set(all).size).toBe(2120);
    expect(codesFromCsv(text, { file: "x.csv", column: "hts_codes", where: { condition: "full" } })).toEqual(expect.arrayContaining(["09011100", "09012100", "08031010", "84713001", "85171300"]));
  });

  it("keeps the Section 338 changes of 2026-09-15: 40 added and 2 removed on the alcohol list, 82 and 8 on the other", () => {
    const text = readFileSync(path.join(LAW_DIR, "s338-canada-2026-09-15.csv"), "utf8");
    const count = (heading: string, change: string) => codesFromCsv(text, { file: "x.csv", column: "hts", where: { heading, change } }).length;
    expect([count("9903.03.12", "added"), count("9903.03.12", "removed"), count("9903.03.14", "added"), count("9903.03.14", "removed")]).toEqual([40, 2, 82, 8]);
  });
  describe("each measure's dated life (docs/tariffs.md \"The law as of 2026-11-27\")", () => {
    const families = docs.map(({ doc }) => lawFamilySchema.parse(doc) as LawFamily);
    const measures = families.flatMap((f) => f.measures);

    it("dates or explains its announcement, publication and HTS printing", () => {
      expect(measures.flatMap(lifecycleProblems)).toEqual([]);
      // Every measure that ever applied has its first day; a publication is a Federal Register document of that day.
      const sources = new Map(tariffSources.map((s) => [s.id, s]));
      for (const m of measures) {
        if (m.id !== "s301_china_list4b") expect(m.events.some((e) => lifecycleOf(e) === "effective")).toBe(true);
        for (const e of m.events.filter((x) => lifecycleOf(x) === "published")) {
          // A publication cites the published instrument, never an HTS revision or a dataset.
          expect(`${m.id} ${e.date} ${sources.get(e.source)?.kind}`).toMatch(/ (FR_DOC|PROCLAMATION|EXECUTIVE_ORDER|USTR_NOTICE|CBP_NOTICE)$/);
        }
        for (const e of m.events.filter((x) => x.type === "IN_HTS")) expect(sources.get(e.source)?.kind).toBe("HTS_RELEASE");
      }
      // The lifecycle of a measure with every step on record, as a reader of the table sees it.
      const parts = measures.find((m) => m.id === "s232_auto_parts");
      expect(parts?.events.map((e) => [e.date, lifecycleOf(e)])).toEqual([
        ["2025-03-26", "announced"],
        ["2025-04-03", "published"],
        ["2025-04-11", "in-hts"],
        ["2025-05-03", "effective"],
      ]);
    });

    it("the record events (announced, published, in the HTS, rulings) change no rate and no in-force day", () => {
      const recordOnly = new Set(["ANNOUNCED", "PROPOSED", "FINAL", "IN_HTS", "COURT_RULING"]);
      const moving = measureEvents.filter((e) => !recordOnly.has(e.type));
      const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      for (const m of tariffMeasures) {
        const days = measureEvents.filter((e) => e.measureId === m.id).flatMap((e) => [e.date, dayBefore(e.date)]);
        for (const day of [...days, "2026-11-27"]) {
          const all = measureStatusOn(m, measureEvents, day);
          const without = measureStatusOn(m, moving, day);
          expect({ id: m.id, day, inForce: isInForce(all), rate: all.rate, countryRates: all.countryRates }).toEqual({
            id: m.id,
            day,
            inForce: isInForce(without),
            rate: without.rate,
            countryRates: without.countryRates,
          });
        }
      }
    });

    it("docs/tariffs.md shows the table and the undated steps the law files give", () => {
      const page = readFileSync(path.join(process.cwd(), "docs", "tariffs.md"), "utf8");
      const block = (name: string) => page.slice(page.indexOf(`<!-- ${name}:start -->`) + `<!-- ${name}:start -->`.length, page.indexOf(`<!-- ${name}:end -->`)).trim();
      const sourcesDoc = lawSourcesSchema.parse(parse(readFileSync(path.join(LAW_DIR, "sources.yaml"), "utf8")));
      expect(block("law-table")).toBe(lawTableMarkdown(families, sourcesDoc.sources));
      expect(block("law-gaps")).toBe(lawGapsMarkdown(families));
      expect(block("law-table").split("\n")).toHaveLength(measures.length + 2);
    });
  });
});
