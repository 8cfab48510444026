/**
 * The product's committed tariff tables (data/tariffs; docs/tariffs.md, "Tables"), built by
 * scripts/tariffs/build-tables.ts from the reference snapshot and typed by ./types. The app
 * never reads the snapshot: these JSON files are the product's own facts, each row citing
 * a source in sources.json. The seed (./seed) loads them into the database.
 *
 * No `server-only`: the seed script and tests import it.
 */
import { z } from "zod";
import categoriesFile from "@/data/tariffs/categories.json";
import eventsFile from "@/data/tariffs/events.json";
import hsGroupsFile from "@/data/tariffs/hs-groups.json";
import hsPceMapFile from "@/data/tariffs/hs-pce-map.json";
import scheduleFile from "@/data/tariffs/hts-schedule.json";
import measuresFile from "@/data/tariffs/measures.json";
import metaFile from "@/data/tariffs/meta.json";
import originSharesFile from "@/data/tariffs/origin-shares.json";
import sourcesFile from "@/data/tariffs/sources.json";
import { isIsoDay } from "./days";
import { categoryAssigner, linesFromSchedule, type ScheduleFile } from "./hts-schedule";
import type { ConsumerCategory, HtsLine, MeasureEvent, OriginShare, SourceDocument, TariffMeasure } from "./types";

export { isIsoDay };

export type TablesMeta = {
  htsRelease: string;
  htsPolicyEffective: string;
  /** The HTS revision the lines come from (hts-schedule.json), its date and line counts. */
  hts: { release: string; name: string; revision: string; date: string; sourceId: string; lines8: number; lines10: number };
  measuresVersion: string;
  importYear: number;
  builtFrom: { file: string; upstream: string }[];
};

export const tablesMeta = metaFile as TablesMeta;

// ---------------------------------------------------------------------------------------
// Schemas (the contract of ./types, checked at test time)
// ---------------------------------------------------------------------------------------


const isoDay = z.string().refine(isIsoDay, "must be a valid YYYY-MM-DD day");
const fraction = z.number().finite().min(0);
const iso2 = z.string().regex(/^[A-Z]{2}$/);
const htsPrefix = z.string().regex(/^\d{2,10}$/);
export const AUTHORITY_VALUES = ["MFN", "S301_CHINA", "S301_FORCED_LABOR", "S301_BRAZIL", "S301_NICARAGUA", "S232", "S201", "S122", "IEEPA_RECIPROCAL", "IEEPA_FENTANYL", "S338", "DE_MINIMIS"] as const;
export const EVENT_TYPE_VALUES = ["ANNOUNCED", "PROPOSED", "FINAL", "EFFECTIVE", "RATE_CHANGE", "PAUSED", "RESUMED", "COURT_RULING", "STRUCK_DOWN", "EXPIRED", "IN_HTS"] as const;
const authority = z.enum(AUTHORITY_VALUES);
const httpsUrl = z.url().refine((u) => u.startsWith("https://"), "must be https");

export const sourceSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  kind: z.enum(["FR_DOC", "PROCLAMATION", "EXECUTIVE_ORDER", "USTR_NOTICE", "HTS_RELEASE", "COURT_OPINION", "CBP_NOTICE", "DATASET", "PAPER", "NEWS"]),
  title: z.string().min(1),
  citation: z.string().min(1).nullable(),
  url: httpsUrl,
  publisher: z.string().min(1),
  publishedAt: isoDay,
});

/** A dated window: `from` before `to` when both are given. */
const windowOk = (w: { from?: string; to?: string }) => w.from === undefined || w.to === undefined || w.from < w.to;

const overrideSchema = z
  .strictObject({ country: iso2, rate: fraction.optional(), floor: fraction.optional(), from: isoDay.optional(), to: isoDay.optional(), note: z.string().optional() })
  .refine((o) => (o.rate === undefined) !== (o.floor === undefined), "an override has a rate or a floor, not both")
  .refine(windowOk, "from must come before to");

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

export const exemptionSchema = z
  .strictObject({
    id: slug,
    products: z.array(htsPrefix).min(1),
    countries: z.array(iso2).min(1).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    sourceId: z.string().min(1),
    note: z.string().min(1),
  })
  .refine(windowOk, "from must come before to");

export const conditionSchema = z
  .strictObject({
    id: slug,
    products: z.array(htsPrefix).min(1).optional(),
    countries: z.array(iso2).min(1).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    effect: z.enum(["unknown", "exempt-if", "note"]),
    text: z.string().min(1),
    sourceId: z.string().min(1),
  })
  .refine(windowOk, "from must come before to");

export const measureSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9_]+$/),
  authority,
  name: z.string().min(1),
  ch99Headings: z.array(z.string().regex(/^9903\.\d\d\.\d\d(-9903\.\d\d\.\d\d)?$/)),
  rate: fraction.nullable(),
  rateBasis: z.enum(["additional", "floor"]).optional(),
  countries: z.union([z.literal("ALL"), z.array(iso2).min(1)]),
  excludedCountries: z.array(iso2),
  countryOverrides: z.array(overrideSchema),
  products: z.array(z.union([z.literal("*"), htsPrefix])),
  excludedProducts: z.array(htsPrefix),
  exemptions: z.array(exemptionSchema).optional(),
  conditions: z.array(conditionSchema).optional(),
  notWith: z.array(authority),
  notWithExcept: z.array(z.string().regex(/^[a-z0-9_]+$/)).optional(),
  yieldsTo: z.array(z.string().regex(/^[a-z0-9_]+$/)).optional(),
  stacking: z.enum(["ADD", "MAX_WITHIN_AUTHORITY"]),
  sourceId: z.string().min(1),
  confidence: z.enum(["high", "medium", "low"]),
  notes: z.string(),
});

export const eventSchema = z.strictObject({
  id: z.string().min(1),
  measureId: z.string().min(1),
  date: isoDay,
  type: z.enum(EVENT_TYPE_VALUES),
  rate: fraction.nullable().optional(),
  country: iso2.nullable().optional(),
  sourceId: z.string().min(1),
  note: z.string(),
});

export const htsLineSchema = z
  .strictObject({
    code: z.string().regex(/^\d{4}\.\d{2}\.\d{2}(\.\d{2})?$/),
    digits: z.string().regex(/^(\d{8}|\d{10})$/),
    description: z.string().min(1),
    descriptionPath: z.string(),
    generalRateText: z.string(),
    generalAdValorem: fraction.nullable(),
    ch99Refs: z.array(z.string().regex(/^99\d\d\.\d\d\.\d\d$/)),
    units: z.array(z.string().min(1)),
    categoryId: z.string().min(1),
  })
  .refine((l) => l.code.replace(/\./g, "") === l.digits, "digits must be the code without dots");

export const categorySchema = z
  .strictObject({
  id: z.string().regex(/^[a-z0-9_]+$/),
  name: z.string().min(1),
  kind: z.enum(["curated", "hs_chapter", "hs_heading", "hs_subheading"]),
  htsPrefixes: z.array(htsPrefix).min(1),
  referenceHts: z.string().regex(/^\d{4}\.\d{2}\.\d{2}(\.\d{2})?$/),
  pceLine: z.string().min(1).nullable(),
  retailMargin: z.number().gt(0).lte(1).nullable(),
  retailMarginSourceId: z.string().min(1).nullable(),
  cpiSeriesId: z.string().regex(/^CUUR0000[A-Z0-9]+$/).nullable(),
  cpiLabel: z.string().min(1).nullable(),
  gtapSector: z.string().regex(/^[a-z_]{3}$/),
  importShare: z.number().min(0).max(1).nullable(),
  importShareSourceId: z.string().min(1).nullable(),
  })
  .refine((c) => (c.retailMargin === null) === (c.pceLine === null) && (c.retailMargin === null) === (c.retailMarginSourceId === null), "retailMargin, pceLine and retailMarginSourceId are all set or all null")
  .refine((c) => c.kind !== "curated" || c.retailMargin !== null, "a curated category has a retail margin");

export const originShareSchema = z.strictObject({
  gtapSector: z.string().min(1),
  country: iso2,
  share: z.number().gt(0).lte(1),
  year: z.number().int(),
  sourceId: z.string().min(1),
});

// ---------------------------------------------------------------------------------------
// The tables, parsed by the schemas above as they are loaded
// ---------------------------------------------------------------------------------------

/** A table file's rows, parsed by its row schema (a row that breaks the contract throws, naming the file). */
function rowsOf<T>(file: string, schema: z.ZodType<T>, rows: unknown): T[] {
  const result = z.array(schema).safeParse(rows);
  if (!result.success) throw new Error(`data/tariffs/${file}: ${result.error.issues.map((x) => `${x.path.join(".")} ${x.message}`).join("; ")}`);
  return result.data;
}

export const tariffSources: SourceDocument[] = rowsOf("sources.json", sourceSchema, sourcesFile);
export const tariffMeasures: TariffMeasure[] = rowsOf("measures.json", measureSchema, measuresFile);
export const measureEvents: MeasureEvent[] = rowsOf("events.json", eventSchema, eventsFile);
/** The curated shopper categories (categories.json). */
export const curatedCategories: ConsumerCategory[] = rowsOf("categories.json", categorySchema, categoriesFile);
/** The generated HS groups for the lines no curated category covers (hs-groups.json). */
export const hsGroups: ConsumerCategory[] = rowsOf("hs-groups.json", categorySchema, hsGroupsFile);
/** Every category: the curated ones first (pickers list them first), then the HS groups. */
export const consumerCategories: ConsumerCategory[] = [...curatedCategories, ...hsGroups];
export const originShares: OriginShare[] = rowsOf("origin-shares.json", originShareSchema, originSharesFile);
export const hsPceMap = hsPceMapFile as { about: string; sourceIds: string[]; entries: { prefixes: string[]; title: string; pceLines: number[]; note?: string }[] };

/** A row of the stored schedule: code, indent, description, then the optional general rate, Chapter 99 references and units. */
const scheduleRowSchema = z.union([
  z.tuple([z.string(), z.number(), z.string()]),
  z.tuple([z.string(), z.number(), z.string(), z.string()]),
  z.tuple([z.string(), z.number(), z.string(), z.string(), z.array(z.string())]),
  z.tuple([z.string(), z.number(), z.string(), z.string(), z.array(z.string()), z.array(z.string())]),
]);
export const scheduleFileSchema = z.object({
  release: z.string().min(1),
  columns: z.tuple([z.literal("htsno"), z.literal("indent"), z.literal("description"), z.literal("general"), z.literal("ch99Refs"), z.literal("units")]),
  rows: z.array(scheduleRowSchema),
});

let scheduleMemo: ScheduleFile | null = null;
/** The stored schedule (hts-schedule.json, 23,000 rows), parsed on first use. */
export function htsSchedule(): ScheduleFile {
  scheduleMemo ??= scheduleFileSchema.parse(scheduleFile);
  return scheduleMemo;
}

let linesMemo: HtsLine[] | null = null;
/**
 * Every 8- and 10-digit HTS line of chapters 1-97 with its path, rate and category, read
 * from the stored schedule on first use (23,000 lines: not at import, so a page that only
 * needs the meta does not pay for them). Callers must not modify what they get.
 */
export function allHtsLines(): HtsLine[] {
  if (!linesMemo) {
    const categoryOf = categoryAssigner(consumerCategories);
    linesMemo = linesFromSchedule(htsSchedule().rows).map((l) => ({ ...l, categoryId: categoryOf(l.digits) ?? "" }));
  }
  return linesMemo;
}

export type TariffTables = {
  sources: SourceDocument[];
  measures: TariffMeasure[];
  events: MeasureEvent[];
  categories: ConsumerCategory[];
  htsLines: HtsLine[];
  originShares: OriginShare[];
};

export const tariffTables: TariffTables = {
  sources: tariffSources,
  measures: tariffMeasures,
  events: measureEvents,
  categories: consumerCategories,
  get htsLines() {
    return allHtsLines();
  },
  originShares,
};

/**
 * Checks the tables against the contract and against each other: shapes, unique ids,
 * every cited source present, every event's measure present, categories' prefixes and
 * reference lines present among the HTS lines. Returns the problems found (empty = valid).
 */
export function validateTables(tables: TariffTables = tariffTables): string[] {
  const problems: string[] = [];
  const check = <T>(name: string, schema: z.ZodType<T>, rows: unknown[]) =>
    rows.forEach((row, i) => {
      const r = schema.safeParse(row);
      if (!r.success) problems.push(`${name}[${i}]: ${r.error.issues.map((x) => `${x.path.join(".")} ${x.message}`).join("; ")}`);
    });
  check("sources", sourceSchema, tables.sources);
  check("measures", measureSchema, tables.measures);
  check("events", eventSchema, tables.events);
  check("categories", categorySchema, tables.categories);
  check("htsLines", htsLineSchema, tables.htsLines);
  check("originShares", originShareSchema, tables.originShares);

  const unique = (name: string, ids: string[]) => {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) problems.push(`${name}: duplicate id ${id}`);
      seen.add(id);
    }
  };
  unique("sources", tables.sources.map((s) => s.id));
  unique("measures", tables.measures.map((m) => m.id));
  unique("events", tables.events.map((e) => e.id));
  unique("categories", tables.categories.map((c) => c.id));
  unique("htsLines", tables.htsLines.map((l) => l.code));
  unique("originShares", tables.originShares.map((o) => `${o.gtapSector}:${o.country}`));

  const sourceIds = new Set(tables.sources.map((s) => s.id));
  const cite = (where: string, id: string | null) => {
    if (id !== null && !sourceIds.has(id)) problems.push(`${where}: unknown source ${id}`);
  };
  for (const m of tables.measures) {
    cite(`measure ${m.id}`, m.sourceId);
    for (const x of m.exemptions ?? []) cite(`measure ${m.id} exemption ${x.id}`, x.sourceId);
    for (const x of m.conditions ?? []) cite(`measure ${m.id} condition ${x.id}`, x.sourceId);
  }
  for (const e of tables.events) cite(`event ${e.id}`, e.sourceId);
  for (const c of tables.categories) {
    cite(`category ${c.id}`, c.retailMarginSourceId);
    cite(`category ${c.id}`, c.importShareSourceId);
  }
  for (const o of tables.originShares) cite(`origin share ${o.gtapSector}:${o.country}`, o.sourceId);

  const measureIds = new Set(tables.measures.map((m) => m.id));
  for (const e of tables.events) if (!measureIds.has(e.measureId)) problems.push(`event ${e.id}: unknown measure ${e.measureId}`);

  const categoryIds = new Set(tables.categories.map((c) => c.id));
  for (const l of tables.htsLines) if (!categoryIds.has(l.categoryId)) problems.push(`HTS line ${l.code}: unknown category ${l.categoryId}`);
  const lineByCode = new Map(tables.htsLines.map((l) => [l.code, l]));
  const digitSet = new Set(tables.htsLines.flatMap((l) => [2, 4, 6, 8, 10].map((n) => l.digits.slice(0, n))));
  for (const c of tables.categories) {
    const ref = lineByCode.get(c.referenceHts);
    if (!ref) problems.push(`category ${c.id}: reference ${c.referenceHts} not among the HTS lines`);
    else if (ref.categoryId !== c.id) problems.push(`category ${c.id}: reference ${c.referenceHts} belongs to ${ref.categoryId}`);
    for (const p of c.htsPrefixes) if (!digitSet.has(p) && !tables.htsLines.some((l) => l.digits.startsWith(p))) problems.push(`category ${c.id}: prefix ${p} matches no HTS line`);
  }
  const prefixOwners = new Map<string, string>();
  for (const c of tables.categories) {
    for (const p of c.htsPrefixes) {
      const owner = prefixOwners.get(p);
      if (owner !== undefined && (c.kind === "curated") === (tables.categories.find((x) => x.id === owner)?.kind === "curated")) problems.push(`prefix ${p} in both ${owner} and ${c.id}`);
      prefixOwners.set(p, c.id);
    }
  }
  for (let ch = 1; ch <= 97; ch++) {
    const digits = String(ch).padStart(2, "0");
    if (ch !== 77 && !digitSet.has(digits)) problems.push(`chapter ${digits} has no HTS line`);
  }
  return problems;
}
