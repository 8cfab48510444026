/**
 * The curated tariff law as data files (data/tariffs/law/*.yaml, docs/tariffs.md "Law files"):
 * one file per measure family, each measure and event with its citation and how sure the
 * reading is, so a reviewer can check a rate against its document without reading code.
 * This module holds their schema and the pure transform into the engine's shapes
 * (./types); scripts/tariffs/build-law.ts reads the files, resolves the long product lists
 * and writes data/tariffs/{measures,events,sources}.json, which the seed loads. The app never
 * reads these files at run time.
 *
 * No `server-only`: the build script and tests import it.
 */
import { z } from "zod";
import { AUTHORITY_VALUES, EVENT_TYPE_VALUES, isIsoDay } from "./tables";
import type { Confidence, CountryOverride, MeasureEvent, ProductExemption, ScopeCondition, SourceDocument, TariffMeasure } from "./types";

/** The 27 member states of the European Union (ISO2), what "@EU27" stands for in a country list. */
export const EU27 = [
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
  "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
] as const;

const isoDay = z.string().refine(isIsoDay, "must be a valid YYYY-MM-DD day");
const iso2OrGroup = z.string().regex(/^([A-Z]{2}|@EU27)$/, "an ISO 3166-1 alpha-2 code or @EU27");
/** An HTS prefix as written in a legal text: digits with or without dots, 2 to 10 digits. */
const prefixText = z.string().refine((s) => /^\d{2,10}$/.test(s.replace(/\./g, "")) && /^[\d.]+$/.test(s), "an HTS prefix of 2 to 10 digits (dots allowed)");

/** How sure the reading of the legal text is (docs/tariffs.md "Law files"). */
export const EVIDENCE = ["confirmed", "secondary", "unconfirmed"] as const;
export type Evidence = (typeof EVIDENCE)[number];
const evidence = z.enum(EVIDENCE);

/** Evidence as the engine's confidence: confirmed from the primary text = high, secondary = medium, unconfirmed = low. */
export const CONFIDENCE_OF: Record<Evidence, Confidence> = { confirmed: "high", secondary: "medium", unconfirmed: "low" };

/**
 * A long product list kept in a CSV: `file` is beside the YAML (data/tariffs/law/), `snapshot`
 * is in the reference snapshot (read by the build only). `column` holds one code or several
 * separated by spaces; `where` keeps rows whose columns equal one of the values; `within`
 * keeps only codes under the given prefixes; `only` keeps only codes under the codes of another
 * list; `except` removes codes under the prefixes (or the codes) of another list. A snapshot
 * `.txt` file is a plain list of codes (no header; `column` is then "-").
 */
export type ProductSource = {
  file?: string;
  snapshot?: string;
  column: string;
  where?: Record<string, string | string[]>;
  within?: string[];
  only?: ProductSpec;
  except?: ProductSpec;
};
export type ProductSpec = (string | ProductSource)[];

const productSource: z.ZodType<ProductSource> = z.lazy(() =>
  z
    .strictObject({
      file: z.string().regex(/^[a-z0-9][a-z0-9._-]*\.csv$/).optional(),
      snapshot: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_./-]*\.(csv|txt)(\.gz)?$/).optional(),
      column: z.string().min(1),
      where: z.record(z.string(), z.union([z.string(), z.array(z.string()).min(1)])).optional(),
      within: z.array(prefixText).min(1).optional(),
      only: productSpec.optional(),
      except: productSpec.optional(),
    })
    .refine((s) => (s.file === undefined) !== (s.snapshot === undefined), "a list is either a file beside the YAML or a snapshot file"),
);
const productSpec: z.ZodType<ProductSpec> = z.lazy(() => z.array(z.union([z.literal("*"), prefixText, productSource])).min(1));

const windowOk = (w: { from?: string; to?: string }) => w.from === undefined || w.to === undefined || w.from < w.to;

const overrideRow = z
  .strictObject({
    countries: z.array(iso2OrGroup).min(1),
    rate: z.number().min(0).optional(),
    floor: z.number().min(0).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    note: z.string().min(1),
  })
  .refine((o) => (o.rate === undefined) !== (o.floor === undefined), "a country rule has a rate or a floor, not both")
  .refine(windowOk, "from must come before to");

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

const exemptionRow = z
  .strictObject({
    id: slug,
    products: productSpec,
    countries: z.array(iso2OrGroup).min(1).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    source: z.string().min(1),
    confidence: evidence,
    note: z.string().min(1),
  })
  .refine(windowOk, "from must come before to");

const conditionRow = z
  .strictObject({
    id: slug,
    products: productSpec.optional(),
    countries: z.array(iso2OrGroup).min(1).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    effect: z.enum(["unknown", "exempt-if", "note"]),
    text: z.string().min(1),
    source: z.string().min(1),
  })
  .refine(windowOk, "from must come before to");

const eventRow = z
  .strictObject({
    /** Only needed when two events of one measure share type, day and country. */
    id: z.string().min(1).optional(),
    date: isoDay,
    type: z.enum(EVENT_TYPE_VALUES),
    rate: z.number().min(0).nullable().optional(),
    /** A per-country rate change; `countries` expands to one event per country. */
    country: z.string().regex(/^[A-Z]{2}$/).optional(),
    countries: z.array(iso2OrGroup).min(1).optional(),
    source: z.string().min(1),
    confidence: evidence,
    note: z.string().min(1),
    /** On a FINAL event: "published" = its Federal Register publication; without it, the signing or final decision. */
    stage: z.literal("published").optional(),
  })
  .refine((e) => !(e.country && e.countries), "give country or countries, not both")
  .refine((e) => e.stage === undefined || e.type === "FINAL", "stage is only for FINAL events");

export const lawMeasureSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9_]+$/),
  authority: z.enum(AUTHORITY_VALUES),
  name: z.string().min(1),
  ch99: z.array(z.string().regex(/^9903\.\d\d\.\d\d(-9903\.\d\d\.\d\d)?$/)),
  /** Where the rate is printed: HTS revision and Chapter 99 heading (or why it is not). */
  hts: z.string().min(1),
  rate: z.number().min(0).nullable(),
  /** "floor": the rate is an all-in total (additional = max(0, rate - MFN)). */
  rateBasis: z.enum(["additional", "floor"]).optional(),
  countries: z.union([z.literal("ALL"), z.array(iso2OrGroup).min(1)]),
  excludedCountries: z.array(iso2OrGroup).optional(),
  overrides: z.array(overrideRow).optional(),
  products: productSpec,
  excludedProducts: productSpec.optional(),
  exemptions: z.array(exemptionRow).optional(),
  conditions: z.array(conditionRow).optional(),
  notWith: z.array(z.enum(AUTHORITY_VALUES)).optional(),
  notWithExcept: z.array(z.string().regex(/^[a-z0-9_]+$/)).optional(),
  yieldsTo: z.array(z.string().regex(/^[a-z0-9_]+$/)).optional(),
  stacking: z.enum(["ADD", "MAX_WITHIN_AUTHORITY"]).optional(),
  source: z.string().min(1),
  confidence: evidence,
  notes: z.string().min(1),
  events: z.array(eventRow).min(1),
  /** Lifecycle steps whose day the legal record we hold does not give, each with why (docs/tariffs.md "The law as of 2026-11-27"). */
  undated: z.array(z.strictObject({ stage: z.enum(["announced", "published", "in-hts"]), reason: z.string().min(1) })).optional(),
});
export type LawMeasure = z.infer<typeof lawMeasureSchema>;

export const lawFamilySchema = z.strictObject({
  family: z.string().min(1),
  /** What the family covers and what it leaves out, in plain words. */
  about: z.string().min(1),
  measures: z.array(lawMeasureSchema).min(1),
});
export type LawFamily = z.infer<typeof lawFamilySchema>;

export const lawSourceSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  kind: z.enum(["FR_DOC", "PROCLAMATION", "EXECUTIVE_ORDER", "USTR_NOTICE", "HTS_RELEASE", "COURT_OPINION", "CBP_NOTICE", "DATASET", "PAPER", "NEWS"]),
  title: z.string().min(1),
  citation: z.string().min(1).nullable(),
  url: z.url().refine((u) => u.startsWith("https://"), "must be https"),
  publisher: z.string().min(1),
  publishedAt: isoDay,
  /** Where the document (or its facts) were read, for a reviewer; not shipped. */
  readFrom: z.string().min(1).optional(),
});
export const lawSourcesSchema = z.strictObject({ sources: z.array(lawSourceSchema).min(1) });

/** Checks a parsed YAML document against its schema: the problems in words (empty = valid). */
export function schemaProblems(name: string, schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${name}: ${i.path.join(".")} ${i.message}`);
}

/** "@EU27" expanded, duplicates dropped, sorted. */
export function expandCountries(list: readonly string[]): string[] {
  return [...new Set(list.flatMap((c) => (c === "@EU27" ? [...EU27] : [c])))].sort();
}

/** A prefix as the tables hold it: digits only. */
export function digitsOf(code: string): string {
  return code.replace(/\D/g, "");
}

/** Turns a product spec into sorted, distinct digit prefixes; `resolve` reads a CSV-backed list (null when it cannot be read). */
export type ListResolver = (source: ProductSource) => string[] | null;

export function resolveProducts(spec: ProductSpec, resolve: ListResolver): string[] | null {
  const out = new Set<string>();
  for (const item of spec) {
    if (typeof item === "string") {
      out.add(item === "*" ? "*" : digitsOf(item));
      continue;
    }
    const codes = resolve(item);
    if (codes === null) return null;
    const under = (code: string, prefixes: string[]) => prefixes.some((p) => code.startsWith(p));
    const within = item.within?.map(digitsOf);
    let kept = within ? codes.filter((c) => under(c, within)) : codes;
    if (item.only) {
      const keep = resolveProducts(item.only, resolve);
      if (keep === null) return null;
      kept = kept.filter((c) => under(c, keep));
    }
    if (item.except) {
      const drop = resolveProducts(item.except, resolve);
      if (drop === null) return null;
      kept = kept.filter((c) => !under(c, drop));
    }
    for (const c of kept) out.add(c);
  }
  return [...out].sort();
}

const eventId = (measureId: string, type: string, date: string, country?: string) => `${measureId}:${type.toLowerCase()}:${date}${country ? `:${country}` : ""}`;

const READING_NOTE: Record<Evidence, string> = { confirmed: "", secondary: " (Reading: secondary source.)", unconfirmed: " (Unconfirmed.)" };

/**
 * One family file into the engine's measures and events. Product lists that cannot be read
 * (a snapshot file in a clone without the snapshot) come back as null in `unresolved`, and
 * the measure keeps an empty list there: callers that need them (the build) refuse.
 */
export function compileFamily(family: LawFamily, resolve: ListResolver): { measures: TariffMeasure[]; events: MeasureEvent[]; unresolved: string[] } {
  const measures: TariffMeasure[] = [];
  const events: MeasureEvent[] = [];
  const unresolved: string[] = [];
  const list = (where: string, spec: ProductSpec): string[] => {
    const r = resolveProducts(spec, resolve);
    if (r === null) {
      unresolved.push(where);
      return [];
    }
    return r;
  };
  for (const m of family.measures) {
    const overrides: CountryOverride[] = (m.overrides ?? []).flatMap((o) =>
      expandCountries(o.countries).map((country) => ({
        country,
        ...(o.rate !== undefined ? { rate: o.rate } : {}),
        ...(o.floor !== undefined ? { floor: o.floor } : {}),
        ...(o.from ? { from: o.from } : {}),
        ...(o.to ? { to: o.to } : {}),
        note: o.note,
      })),
    );
    overrides.sort((a, b) => (a.country + (a.from ?? "") < b.country + (b.from ?? "") ? -1 : 1));
    const exemptions: ProductExemption[] = (m.exemptions ?? []).map((x) => ({
      id: x.id,
      products: list(`${m.id} exemption ${x.id}`, x.products),
      ...(x.countries ? { countries: expandCountries(x.countries) } : {}),
      ...(x.from ? { from: x.from } : {}),
      ...(x.to ? { to: x.to } : {}),
      sourceId: x.source,
      note: x.note + READING_NOTE[x.confidence],
    }));
    const conditions: ScopeCondition[] = (m.conditions ?? []).map((c) => ({
      id: c.id,
      ...(c.products ? { products: list(`${m.id} condition ${c.id}`, c.products) } : {}),
      ...(c.countries ? { countries: expandCountries(c.countries) } : {}),
      ...(c.from ? { from: c.from } : {}),
      ...(c.to ? { to: c.to } : {}),
      effect: c.effect,
      text: c.text,
      sourceId: c.source,
    }));
    measures.push({
      id: m.id,
      authority: m.authority,
      name: m.name,
      ch99Headings: m.ch99,
      rate: m.rate,
      ...(m.rateBasis === "floor" ? { rateBasis: "floor" as const } : {}),
      countries: m.countries === "ALL" ? "ALL" : expandCountries(m.countries),
      excludedCountries: expandCountries(m.excludedCountries ?? []),
      countryOverrides: overrides,
      products: list(`${m.id} products`, m.products),
      excludedProducts: m.excludedProducts ? list(`${m.id} excluded products`, m.excludedProducts) : [],
      ...(exemptions.length ? { exemptions } : {}),
      ...(conditions.length ? { conditions } : {}),
      notWith: m.notWith ?? [],
      ...(m.notWithExcept?.length ? { notWithExcept: m.notWithExcept } : {}),
      ...(m.yieldsTo?.length ? { yieldsTo: m.yieldsTo } : {}),
      stacking: m.stacking ?? "ADD",
      sourceId: m.source,
      confidence: CONFIDENCE_OF[m.confidence],
      notes: `${m.notes.trim()} Rate printed: ${m.hts}`,
    });
    for (const e of m.events) {
      const countries = e.countries ? expandCountries(e.countries) : [e.country];
      for (const country of countries) {
        events.push({
          id: e.id ?? eventId(m.id, e.type, e.date, country),
          measureId: m.id,
          date: e.date,
          type: e.type,
          ...(e.rate !== undefined ? { rate: e.rate } : {}),
          ...(country ? { country } : {}),
          sourceId: e.source,
          note: e.note + READING_NOTE[e.confidence],
        });
      }
    }
  }
  return { measures, events, unresolved };
}

/** Sources as the tables hold them (the reviewer's `readFrom` stays in the YAML). */
export function compileSources(rows: z.infer<typeof lawSourceSchema>[]): SourceDocument[] {
  return rows.map(({ readFrom: _readFrom, ...s }) => s).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** RFC 4180 CSV rows (quoted fields, doubled quotes); lines starting with "#" are comments. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (lineStart && !quoted && ch === "#") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    lineStart = false;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      field = "";
      if (row.length > 1 || row[0] !== "") rows.push(row);
      row = [];
      lineStart = true;
    } else field += ch;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * The codes of a CSV-backed list: rows kept by `where` (a cell holding several values
 * separated by ";" matches when one of them does), the column's codes (several per cell
 * when separated by spaces) as digits.
 */
export function codesFromCsv(text: string, source: ProductSource): string[] {
  if (source.snapshot?.endsWith(".txt")) return text.split(/\s+/).filter(Boolean).map(digitsOf);
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error("empty CSV");
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`no column ${name} (columns: ${header.join(", ")})`);
    return i;
  };
  const codeCol = col(source.column);
  const filters = Object.entries(source.where ?? {}).map(([name, want]) => ({ i: col(name), want: Array.isArray(want) ? want : [want] }));
  const out: string[] = [];
  for (const r of rows) {
    if (!filters.every((f) => (r[f.i] ?? "").split(";").some((v) => f.want.includes(v.trim())))) continue;
    for (const code of (r[codeCol] ?? "").split(/\s+/)) {
      if (!code) continue;
      const d = digitsOf(code);
      // A statistical number written with a stray "00" suffix (12 digits) is its 10-digit line.
      if (d.length === 12 && d.endsWith("00")) out.push(d.slice(0, 10));
      else if (d.length >= 2 && d.length <= 10) out.push(d);
      else throw new Error(`malformed HTS code ${code}`);
    }
  }
  return out;
}
