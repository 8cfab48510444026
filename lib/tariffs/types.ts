/**
 * The shapes of tariff law as data (docs/tariffs.md): source documents, measures, their
 * dated legal events, HTS lines, shopper categories and origin shares. The committed
 * tables in data/tariffs/ use exactly these shapes; the seed loads them into the
 * database tables of the same names, and the engine's pure functions take them as
 * arguments. Rates are fractions (0.25 = 25%); dates are ISO days (YYYY-MM-DD, the legal
 * effective day, Eastern time as the law states it).
 */

export type Authority =
  | "MFN"
  | "S301_CHINA"
  | "S301_FORCED_LABOR"
  | "S301_BRAZIL"
  | "S301_NICARAGUA"
  | "S232"
  | "S201"
  | "S122"
  | "IEEPA_RECIPROCAL"
  | "IEEPA_FENTANYL"
  | "S338"
  | "DE_MINIMIS";

export type Confidence = "high" | "medium" | "low";

export type SourceKind =
  | "FR_DOC"
  | "PROCLAMATION"
  | "EXECUTIVE_ORDER"
  | "USTR_NOTICE"
  | "HTS_RELEASE"
  | "COURT_OPINION"
  | "CBP_NOTICE"
  | "DATASET"
  | "PAPER"
  | "NEWS";

/** A document a figure rests on: a Federal Register document, an HTS release, a dataset, a paper. */
export type SourceDocument = {
  /** Stable slug, e.g. "fr-2026-03824", "hts-2026-rev-10", "bea-pce-bridge-2017". */
  id: string;
  kind: SourceKind;
  title: string;
  /** e.g. "91 FR 34272", "FR Doc 2026-03824", "Nos. 24-1287, 25-250"; null when none. */
  citation: string | null;
  url: string;
  publisher: string;
  /** Publication day (YYYY-MM-DD). */
  publishedAt: string;
};

/**
 * A per-country rule inside a measure: its own additional rate, or an all-in floor. It holds
 * from `from` (included) until `to` (excluded); without dates, for the measure's whole life.
 * Several rules for one country may follow each other in time (a deal reached mid-way).
 */
export type CountryOverride = {
  /** ISO 3166-1 alpha-2, e.g. "VN". */
  country: string;
  /** Additional ad valorem rate for this country (fraction). */
  rate?: number;
  /** All-in floor (MFN included): the additional rate is max(0, floor - MFN). */
  floor?: number;
  /** First day the rule holds (ISO day); absent = from the measure's start. */
  from?: string;
  /** First day it no longer holds (ISO day); absent = open-ended. */
  to?: string;
  note?: string;
};

/**
 * Products a measure does not reach during a window, by its legal text (an annex, a later
 * order): the exemption holds from `from` (included) until `to` (excluded), for the listed
 * countries or for all. An exemption applies only from its own effective day (Brazilian
 * coffee paid the IEEPA duties until the agricultural exemption of 2025-11-13).
 */
export type ProductExemption = {
  /** Stable slug within the measure, e.g. "ag-2025-11-13". */
  id: string;
  /** HTS prefixes (digits only, 2-10). */
  products: string[];
  /** Countries it is limited to (ISO2); absent = every country of the measure. */
  countries?: string[];
  from?: string;
  to?: string;
  sourceId: string;
  note: string;
};

/**
 * A fact about the article or its use that decides whether the measure applies and that
 * an HTS code and an origin cannot tell (e.g. "a completed kitchen cabinet or vanity",
 * "for use in civil aircraft", "claimed under USMCA"). `unknown`: the rate applies only if
 * the condition holds and the answer cannot assume either way, so the total is unknown
 * (shown as a range). `exempt-if`: the measure applies unless the condition holds; never
 * assumed (a preference claim or an end use is the importer's to make), so the rate is
 * counted and the condition shown beside it. `note`: a caveat shown beside the counted rate
 * (e.g. which quota tier an entry falls in, when the in-quota rate is the one counted).
 */
export type ScopeCondition = {
  /** Stable slug within the measure. */
  id: string;
  /** HTS prefixes it concerns; absent = all of the measure's products. */
  products?: string[];
  countries?: string[];
  from?: string;
  to?: string;
  effect: "unknown" | "exempt-if" | "note";
  /** The condition in plain words, e.g. "the article is a completed wooden kitchen cabinet or vanity". */
  text: string;
  sourceId: string;
};

export type StackingRule =
  /** Adds to everything else that applies. */
  | "ADD"
  /** Several measures of the same authority on one line: the largest applies, not the sum. */
  | "MAX_WITHIN_AUTHORITY";

export type TariffMeasure = {
  /** Stable slug, e.g. "s301_china_list4a", "s122_surcharge". */
  id: string;
  authority: Authority;
  name: string;
  /** Chapter 99 headings that implement it, e.g. ["9903.88.15"]. */
  ch99Headings: string[];
  /** Base additional ad valorem rate (fraction) as first in force; events may change it. Null: country overrides only. */
  rate: number | null;
  /** "floor": the rate (and event rates) are all-in totals, the additional duty is max(0, rate - MFN) (e.g. patented pharmaceuticals: 100% in total). Absent = additional. */
  rateBasis?: "additional" | "floor";
  /** Countries in scope (ISO2), or "ALL". */
  countries: "ALL" | string[];
  /** Countries never in scope (e.g. USMCA partners for a measure that exempts them). */
  excludedCountries: string[];
  countryOverrides: CountryOverride[];
  /** HTS prefixes in scope, digits only (2-10 digits, e.g. "6403", "64039960"); ["*"] = every product. */
  products: string[];
  /** HTS prefixes excluded from the scope for the measure's whole life (digits only). */
  excludedProducts: string[];
  /** Dated product exemptions (absent = none). */
  exemptions?: ProductExemption[];
  /** Facts about the article that decide whether it applies (absent = none). */
  conditions?: ScopeCondition[];
  /** When a measure of one of these authorities applies to the same line and country, this one does not (e.g. Section 122 does not apply to Section 232 goods). */
  notWith: Authority[];
  /** Measure ids that do not count for `notWith` (a Section 232 programme this measure's legal note does not list, e.g. drones). */
  notWithExcept?: string[];
  /** Measure ids that, when they apply to the same line and origin, take this one's place (e.g. the steel and aluminum duties yield to the vehicle duties of the same authority). */
  yieldsTo?: string[];
  stacking: StackingRule;
  /** The legal text that creates it. */
  sourceId: string;
  confidence: Confidence;
  /** Plain-language scope and caveats shown beside the figures. */
  notes: string;
};

export type MeasureEventType =
  | "ANNOUNCED"
  | "PROPOSED"
  | "FINAL"
  | "EFFECTIVE"
  | "RATE_CHANGE"
  | "PAUSED"
  | "RESUMED"
  | "COURT_RULING"
  | "STRUCK_DOWN"
  | "EXPIRED"
  /** Printed in an HTS revision (informational: the status comes from the legal events). */
  | "IN_HTS";

export type MeasureEvent = {
  /** Stable slug, e.g. "s122_surcharge:expired:2026-07-24". */
  id: string;
  measureId: string;
  /** The day it takes legal effect (for EFFECTIVE, RATE_CHANGE, PAUSED, RESUMED, STRUCK_DOWN, EXPIRED: the first day the new state holds). */
  date: string;
  type: MeasureEventType;
  /** RATE_CHANGE (and optionally EFFECTIVE): the new additional rate (fraction). */
  rate?: number | null;
  /** RATE_CHANGE for one country only (ISO2); absent = the base rate. */
  country?: string | null;
  sourceId: string;
  note: string;
};

/** The status of a measure on a date: a fold of its events up to and including that day. */
export type MeasureStatus = "announced" | "proposed" | "scheduled" | "in_force" | "paused" | "struck_down" | "expired" | "unknown";

export type HtsLine = {
  /** Dotted HTS code as printed: "6403.99.60" (8 digits) or "6403.99.6075" (10 digits). */
  code: string;
  /** Digits only: "64039960". */
  digits: string;
  description: string;
  /** The headings above it, joined with " > " (for search and display). */
  descriptionPath: string;
  /** The general (column 1) rate as printed: "8.5%", "Free", "37.5¢/pr. + 10%". */
  generalRateText: string;
  /** The general rate as a fraction when it is plain ad valorem or Free; null otherwise (specific or compound: shown as unknown). */
  generalAdValorem: number | null;
  /** Chapter 99 headings its footnotes cite, e.g. ["9903.88.15"]. */
  ch99Refs: string[];
  /** Units of quantity as printed ("prs.", "No.", "kg"); empty when the line prints none. */
  units: string[];
  /** Its category: a curated shopper category when one covers it, else its generated HS group. */
  categoryId: string;
};

/**
 * How a category was made (docs/tariffs.md, "Every product"): "curated" = a shopper category
 * reviewed by hand (data/tariffs/categories.json, with its own PCE line); otherwise a group
 * generated for the HTS lines no curated category covers (data/tariffs/hs-groups.json), by HS
 * chapter (2 digits), heading (4) or subheading (6), whose retail margin is the PCE line(s)
 * mapped to that HS scope as a whole (data/tariffs/hs-pce-map.json), not to the product.
 */
export type CategoryKind = "curated" | "hs_chapter" | "hs_heading" | "hs_subheading";

export type ConsumerCategory = {
  /** Slug, e.g. "footwear". */
  id: string;
  name: string;
  /** HTS prefixes (digits only) that make up the category. */
  htsPrefixes: string[];
  /** The line used for category-level projections (the category's most common line), dotted. */
  referenceHts: string;
  kind: CategoryKind;
  /** BEA PCE line(s) of the retail margin ("112 Shoes and other footwear"); null when none covers a household purchase of these goods. */
  pceLine: string | null;
  /**
   * m: producers' value / purchasers' value of that PCE line (share of the shelf price that is
   * product value). Null = unknown (no PCE line): a projection then shows the duty change but
   * not the shelf-price change. Curated categories always have one.
   */
  retailMargin: number | null;
  retailMarginSourceId: string | null;
  /** BLS CPI series that observes the category (CUUR0000...), null when none fits. */
  cpiSeriesId: string | null;
  cpiLabel: string | null;
  /** GTAP sector whose origin mix and domestic share we use (sector level, labelled so). */
  gtapSector: string;
  /** Share of US consumption that is imported, for the sector (0-1), null when unknown. */
  importShare: number | null;
  importShareSourceId: string | null;
};

/** Share of US imports of a sector that comes from one country (sector level: GTAP). */
export type OriginShare = {
  gtapSector: string;
  /** ISO2. */
  country: string;
  /** Share of the sector's US imports (0-1). */
  share: number;
  year: number;
  sourceId: string;
};

/** The pass-through band with its citations (docs/tariffs.md). */
export type PassThroughParams = {
  /** theta low = lowFactor * m; central = m; high = 1. */
  lowFactor: number;
  /** Domestic spill-over s (low/central/high). */
  domesticSpillover: { low: number; central: number; high: number };
  /** Months for the shelf price to absorb the change (realised share r(k) = min(1, k / rampMonths)). */
  rampMonths: number;
  sourceIds: string[];
};
