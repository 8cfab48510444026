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
  | "S232"
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

/** A per-country rule inside a measure: its own additional rate, or an all-in floor. */
export type CountryOverride = {
  /** ISO 3166-1 alpha-2, e.g. "VN". */
  country: string;
  /** Additional ad valorem rate for this country (fraction). */
  rate?: number;
  /** All-in floor (MFN included): the additional rate is max(0, floor - MFN). */
  floor?: number;
  note?: string;
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
  /** Countries in scope (ISO2), or "ALL". */
  countries: "ALL" | string[];
  /** Countries never in scope (e.g. USMCA partners for a measure that exempts them). */
  excludedCountries: string[];
  countryOverrides: CountryOverride[];
  /** HTS prefixes in scope, digits only (2-10 digits, e.g. "6403", "64039960"); ["*"] = every product. */
  products: string[];
  /** HTS prefixes excluded from the scope (digits only). */
  excludedProducts: string[];
  /** When a measure of one of these authorities applies to the same line and country, this one does not (e.g. Section 122 does not apply to Section 232 goods). */
  notWith: Authority[];
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
  | "EXPIRED";

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
