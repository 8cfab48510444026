/**
 * The reference basket: a fixed set of real HTS lines, each with a declared origin and an
 * EXAMPLE price (a round number we chose to show dollars, not a market price), run through
 * the real engine (lib/tariffs/duty.ts, lib/tariffs/price-change.ts) on the committed tariff
 * tables (data/tariffs, lib/tariffs/tables.ts) for a fixed, stated event window. These are
 * the examples the landing page shows and the seed writes into the `alerts` table, in place
 * of the invented product alerts the site used to show (docs/claims.md).
 *
 * Pure: the tables and the day are arguments (`computeReferenceExamplesFrom`); no database,
 * no network. `computeReferenceExamples` binds the committed tables, so pages that call it
 * are computed once at build time.
 */
import { dutyOn, type DutyStack } from "@/lib/tariffs/duty";
import { tablesMeta, tariffTables, type TablesMeta } from "@/lib/tariffs/tables";
import { PASS_THROUGH } from "@/lib/tariffs/pass-through";
import type {
  ConsumerCategory,
  HtsLine,
  MeasureEvent,
  PassThroughParams,
  SourceDocument,
  TariffMeasure,
} from "@/lib/tariffs/types";
import { DEFAULT_HORIZON_DAYS, DEFAULT_THRESHOLD_PCT } from "@/lib/entitlements";
import { formulaText, type EvidenceNode } from "@/lib/tariffs/evidence";
import { projectPriceChange, type Band, type Projection } from "@/lib/tariffs/price-change";
import { severityOf, type Severity } from "./severity";

/** One item of the basket. `examplePriceCents` is an example price, not a market price. */
export type ReferenceItem = {
  id: string;
  name: string;
  /** Dotted HTS code as printed, e.g. "6403.99.60". */
  hts: string;
  /** Declared origin (ISO2): the example is "made in" this country. */
  origin: string;
  examplePriceCents: number;
};

/** The basket. Only lines of the HTS table (data/tariffs/hts-schedule.json) are computed; others are listed in `omitted`. */
export const REFERENCE_BASKET: readonly ReferenceItem[] = [
  { id: "mens-leather-shoes-vn", name: "Men's leather shoes", hts: "6403.99.60", origin: "VN", examplePriceCents: 12_000 },
  { id: "coffee-maker-cn", name: "Coffee maker", hts: "8516.71.00", origin: "CN", examplePriceCents: 8_000 },
  { id: "cotton-t-shirt-bd", name: "Cotton T-shirt", hts: "6109.10.00", origin: "BD", examplePriceCents: 1_500 },
  { id: "washing-machine-th", name: "Washing machine", hts: "8450.11.00", origin: "TH", examplePriceCents: 70_000 },
  { id: "laptop-cn", name: "Laptop computer", hts: "8471.30.01.00", origin: "CN", examplePriceCents: 80_000 },
  // A sofa is "other" upholstered seating (9401.61.60), not a chair (9401.61.40); .11 = household.
  { id: "upholstered-sofa-vn", name: "Upholstered sofa, wooden frame", hts: "9401.61.60.11", origin: "VN", examplePriceCents: 90_000 },
];

/** The label every example price carries on the page. */
export const EXAMPLE_PRICE_LABEL = "example price";

/**
 * The fixed event window: the Section 122 surcharge's last day was 2026-07-23 (150-day
 * limit) and the forced-labor Section 301 duties start on 2026-07-24 (as the tables record
 * them). `t0` is the day before, `t1` the day the change holds.
 */
export const REFERENCE_EVENT = {
  title: "Section 122 surcharge ends, forced-labor Section 301 duties start",
  t0: "2026-07-23",
  t1: "2026-07-24",
} as const;

/** The second comparison: the same day against 1 January 2025 (before the 2025 tariff actions). */
export const REFERENCE_BASELINE = "2025-01-01";

export const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  BD: "Bangladesh",
  CN: "China",
  ID: "Indonesia",
  IT: "Italy",
  KH: "Cambodia",
  MX: "Mexico",
  TH: "Thailand",
  VN: "Vietnam",
};

export function countryName(iso2: string): string {
  return COUNTRY_NAMES[iso2] ?? iso2;
}

/** What the basket needs from the committed tables (lib/tariffs/tables.ts). */
export type ReferenceTables = {
  sources: readonly SourceDocument[];
  measures: readonly TariffMeasure[];
  events: readonly MeasureEvent[];
  categories: readonly ConsumerCategory[];
  htsLines: readonly HtsLine[];
  /** The HTS release the lines come from: its source id (an HTS_RELEASE document), when known. */
  htsSourceId?: string | null;
};

export type Comparison = {
  t0: string;
  t1: string;
  before: DutyStack;
  after: DutyStack;
  /** "8.5% MFN + 10% (Section 122) = 18.5%" */
  beforeFormula: string;
  afterFormula: string;
  /** Landed-cost change, percent; null when a duty is unknown. */
  landedChangePct: number | null;
  /** Eventual shelf-price change (low / central / high), percent. */
  band: Band | null;
  /** The band on the example price, cents. */
  dollars: Band | null;
  projection: Projection;
};

export type ReferenceExample = {
  item: ReferenceItem;
  originName: string;
  line: Pick<HtsLine, "code" | "description" | "descriptionPath" | "generalRateText">;
  category: Pick<ConsumerCategory, "id" | "name" | "pceLine" | "retailMargin">;
  /** The fixed event window (2026-07-23 → 2026-07-24). */
  event: Comparison & {
    /** The part of the band expected on the shelf by the default horizon (180 days after t1; ramp of PASS_THROUGH.rampMonths months). */
    byHorizon: Band | null;
    horizonEnd: string;
    severity: Severity;
  };
  /** 2025-01-01 → 2026-07-24: duties and landed cost (the shelf band assumes full pass-through, no timing). */
  sinceBaseline: Comparison;
  /** Some figure rests on a measure of low confidence (drawn "unconfirmed"). */
  unconfirmed: boolean;
  unknowns: string[];
  /** Every figure of the event window with its formula and sources. */
  evidence: EvidenceNode[];
  /** The documents the figures rest on, in first-cited order. */
  sources: SourceDocument[];
};

export type ReferenceExamples = {
  asOf: string;
  event: typeof REFERENCE_EVENT;
  baseline: string;
  thresholdPct: number;
  passThrough: PassThroughParams;
  examples: ReferenceExample[];
  /** Basket items whose HTS line or category is not in the tables (not computed). */
  omitted: { item: ReferenceItem; reason: string }[];
};

function compare(
  item: ReferenceItem,
  line: HtsLine,
  category: ConsumerCategory,
  tables: ReferenceTables,
  t0: string,
  t1: string,
  effectiveDate: string | null,
  horizonEnd: string,
): Comparison {
  const projection = projectPriceChange({
    line,
    origins: [{ country: item.origin, weight: 1 }],
    originBasis: "declared",
    domesticShare: null,
    retailMargin: category.retailMargin,
    t0,
    t1,
    effectiveDate,
    horizonEnd,
    priceCents: item.examplePriceCents,
    measures: [...tables.measures],
    events: [...tables.events],
    params: PASS_THROUGH,
    sources: {
      htsSourceId: tables.htsSourceId ?? null,
      retailMarginSourceId: category.retailMarginSourceId,
      pceLine: category.pceLine,
    },
  });
  const origin = projection.perOrigin[0];
  const before = origin?.before ?? dutyOn({ line, country: item.origin, date: t0, measures: [...tables.measures], events: [...tables.events] });
  const after = origin?.after ?? dutyOn({ line, country: item.origin, date: t1, measures: [...tables.measures], events: [...tables.events] });
  return {
    t0,
    t1,
    before,
    after,
    beforeFormula: formulaText(before),
    afterFormula: formulaText(after),
    landedChangePct: projection.landedChangePct,
    band: projection.band,
    dollars: projection.dollars,
    projection,
  };
}

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Adds days to an ISO day. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Runs the engine on each basket item for the fixed event window and against 2025-01-01.
 * `asOf` (ISO day) only decides the severity's "effective within N days"; the window and
 * the horizon (180 days after the event, the default watch horizon) are fixed.
 */
export function computeReferenceExamplesFrom(tables: ReferenceTables, asOf: string): ReferenceExamples {
  const sourcesById = new Map(tables.sources.map((s) => [s.id, s]));
  const examples: ReferenceExample[] = [];
  const omitted: ReferenceExamples["omitted"] = [];

  for (const item of REFERENCE_BASKET) {
    const line = tables.htsLines.find((l) => l.code === item.hts);
    if (!line) {
      omitted.push({ item, reason: `HTS ${item.hts} is not in the committed HTS lines.` });
      continue;
    }
    const category = tables.categories.find((c) => c.id === line.categoryId);
    if (!category) {
      omitted.push({ item, reason: `Category "${line.categoryId}" of HTS ${item.hts} is not in the committed categories.` });
      continue;
    }
    // Horizon: the product's default watch horizon after the event (what a new watch would show), fixed like the window.
    const horizonEnd = addDays(REFERENCE_EVENT.t1, DEFAULT_HORIZON_DAYS);
    const event = compare(item, line, category, tables, REFERENCE_EVENT.t0, REFERENCE_EVENT.t1, REFERENCE_EVENT.t1, horizonEnd);
    const sinceBaseline = compare(item, line, category, tables, REFERENCE_BASELINE, REFERENCE_EVENT.t1, null, REFERENCE_EVENT.t1);

    const central = event.band?.central ?? 0;
    const severity = severityOf({
      centralPct: central,
      highPct: event.band?.high ?? 0,
      thresholdPct: DEFAULT_THRESHOLD_PCT,
      finality: "final",
      effectiveInDays: daysBetween(asOf, REFERENCE_EVENT.t1),
      centralCents: event.dollars?.central ?? null,
    });

    const evidence = event.projection.evidence;
    const citedIds = [
      ...evidence.flatMap((node) => node.sourceIds),
      ...sinceBaseline.projection.evidence.flatMap((node) => node.sourceIds),
    ];
    const sources: SourceDocument[] = [];
    const seen = new Set<string>();
    for (const id of citedIds) {
      const doc = sourcesById.get(id);
      if (doc && !seen.has(id)) {
        seen.add(id);
        sources.push(doc);
      }
    }

    examples.push({
      item,
      originName: countryName(item.origin),
      line: { code: line.code, description: line.description, descriptionPath: line.descriptionPath, generalRateText: line.generalRateText },
      category: { id: category.id, name: category.name, pceLine: category.pceLine, retailMargin: category.retailMargin },
      event: { ...event, byHorizon: event.projection.byHorizon, horizonEnd, severity },
      sinceBaseline,
      unconfirmed: event.projection.unconfirmed || sinceBaseline.projection.unconfirmed,
      unknowns: event.projection.unknowns,
      evidence,
      sources,
    });
  }

  return {
    asOf,
    event: REFERENCE_EVENT,
    baseline: REFERENCE_BASELINE,
    thresholdPct: DEFAULT_THRESHOLD_PCT,
    passThrough: PASS_THROUGH,
    examples,
    omitted,
  };
}

/** Source ids an example cites that the tables do not hold (should be none). */
export function missingSourceIds(example: ReferenceExample, tables: Pick<ReferenceTables, "sources">): string[] {
  const have = new Set(tables.sources.map((s) => s.id));
  const ids = [...example.evidence, ...example.sinceBaseline.projection.evidence].flatMap((n) => n.sourceIds);
  return [...new Set(ids.filter((id) => !have.has(id)))];
}

/** "Men's leather shoes, made in Vietnam (HTS 6403.99.60): reference example" — the alerts table's productName. */
export function referenceProductName(example: ReferenceExample): string {
  return `${example.item.name}, made in ${example.originName} (HTS ${example.line.code}): reference example`;
}

/** The HTS release document of the committed tables (e.g. "hts-2026-rev-10"), when sources.json has it. */
export function htsReleaseSource(sources: readonly SourceDocument[], meta: Pick<TablesMeta, "htsRelease">): SourceDocument | null {
  const slug = `hts-${meta.htsRelease.replace(/_/g, "-")}`;
  return sources.find((s) => s.id === slug) ?? sources.find((s) => s.kind === "HTS_RELEASE") ?? null;
}

/** The day the committed tables speak for (their measures version): the landing page's fixed `asOf`. */
export const REFERENCE_AS_OF: string = tablesMeta.measuresVersion;

/** The examples on the committed tables (data/tariffs): no database, no network; computed at build time by the pages. */
export function computeReferenceExamples(asOf: string = REFERENCE_AS_OF): ReferenceExamples {
  const cached = memo.get(asOf);
  if (cached) return cached;
  const hts = htsReleaseSource(tariffTables.sources, tablesMeta);
  const result = computeReferenceExamplesFrom({ ...tariffTables, htsSourceId: hts?.id ?? null }, asOf);
  memo.set(asOf, result);
  return result;
}

/** The tables are constants, so one computation per day serves every component of a build. */
const memo = new Map<string, ReferenceExamples>();

/** What the pages print under the examples and in the stats: the versions of the committed tables. */
export function tablesDataAsOf(): { htsRelease: string; htsReleaseLabel: string; htsDate: string; measuresVersion: string; measures: number; categories: number; htsLines: number } {
  const hts = htsReleaseSource(tariffTables.sources, tablesMeta);
  return {
    htsRelease: tablesMeta.htsRelease,
    // "2026_rev_10" -> "2026 Rev 10"
    htsReleaseLabel: tablesMeta.htsRelease.replace(/_/g, " ").replace(/\brev\b/, "Rev"),
    htsDate: hts?.publishedAt ?? tablesMeta.htsPolicyEffective,
    measuresVersion: tablesMeta.measuresVersion,
    measures: tariffTables.measures.length,
    // Shopper categories: the curated ones (the HS groups are not shopper categories).
    categories: tariffTables.categories.filter((c) => c.kind === "curated").length,
    // Every line of chapters 1-97, counted by the build (no need to read the lines here).
    htsLines: tablesMeta.hts.lines8 + tablesMeta.hts.lines10,
  };
}
