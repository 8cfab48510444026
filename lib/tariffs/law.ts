import type { PrismaClient } from "@/lib/db/generated/client";
import type {
  Authority,
  CategoryKind,
  Confidence,
  ConsumerCategory,
  CountryOverride,
  HtsLine,
  MeasureEvent,
  MeasureEventType,
  OriginShare,
  ProductExemption,
  ScopeCondition,
  SourceDocument,
  SourceKind,
  StackingRule,
  TariffMeasure,
} from "./types";

/**
 * Reading tariff law as data from the database into the engine's plain shapes
 * (lib/tariffs/types.ts): Decimal -> number, Date -> "YYYY-MM-DD". The law (measures,
 * events, sources) is small and read on every projection, so it is cached in this
 * process, keyed on a cheap version query (counts and latest timestamps of the law
 * tables): a page does not re-read the law on every request, and an operator's change
 * (an edited measure, a new event) is seen on the next call.
 */

export type Law = {
  measures: TariffMeasure[];
  events: MeasureEvent[];
  sources: Map<string, SourceDocument>;
  /** The day the measures table last changed (an operator's edit moves it), from the version query; null when empty. */
  measuresUpdated: string | null;
  /** The newest stored HTS release (e.g. 2026_rev_10; else the newest release id of the stored lines), from the version query; null when none. */
  htsRelease: string | null;
  /**
   * The law's as-of: the newest HTS release whose changes are all stored (hts_releases; the
   * seed's, or one the revision importer read and an operator reviewed: docs/tariffs.md, "HTS
   * revisions"), with its title and date; null when none is recorded.
   */
  hts: HtsReleaseRef | null;
  /** Every HTS release the database records, by id: the title and date of a line's `releaseId`. */
  htsReleases: Map<string, HtsReleaseRef>;
  /** The year of the newest stored origin shares, from the version query; null when none. */
  originShareYear: number | null;
  /** A digest of the consumer categories table, from the version query: `loadCategories` keeps the list while it holds. */
  categoriesVersion: string;
  /** The law's change stamp this law was read under (law_changes.stamp); null without that row. A stored projection carries it (docs/alerts.md, "The stored projection"). */
  stamp: string | null;
};

type Db = Pick<PrismaClient, "$queryRaw" | "tariffMeasure" | "measureEvent" | "sourceDocument" | "consumerCategory" | "originShare" | "htsLine" | "htsRelease">;

/** An HTS release as a projection's as-of names it: "HTS 2026 Revision 10", 2026-06-08. */
export type HtsReleaseRef = { release: string; title: string; date: string; status: string };

type DecimalLike = { toNumber(): number } | number | string;

/** A Prisma Decimal (or number) as a number; null stays null. */
export function num(value: DecimalLike | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "string") return Number(value);
  return value.toNumber();
}

/** A DATE column (UTC midnight) as its ISO day. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

type CacheEntry = { key: string; law: Law };
const cache = new WeakMap<object, CacheEntry>();
/**
 * A law being read, per database and key: requests that find the cache stale while it is read
 * wait for that read instead of each reading the law again (50 at once after a start or an
 * operator's change: docs/performance.md, "Memory: what the server holds").
 */
const reading = new WeakMap<object, { key: string; law: Promise<Law> }>();


/**
 * The stamp the database's triggers write on every change to a table the law is read from
 * (migration 20261124234042_law_change_stamp), or null when its row is missing. Read first,
 * then the tables: a change committed in between is at worst loaded under the older stamp
 * and loaded again on the next call.
 */
async function lawChangeStamp(db: Db): Promise<string | null> {
  const rows = await db.$queryRaw<{ stamp: string }[]>`SELECT "stamp" FROM "law_changes" WHERE "id" = 1`;
  return rows[0]?.stamp ?? null;
}

type LawStamp = { version: string; measuresUpdated: string | null; htsRelease: string | null; originShareYear: number | null; categoriesVersion: string };

/**
 * The version string, the measures table's last change, and the data facts the watchlist's
 * "data as of" line shows (newest HTS release, newest origin-share year), from one query: a
 * signed-in page reads them with the version it needs anyway (docs/performance.md).
 */
async function lawStamp(db: Db): Promise<LawStamp> {
  const rows = await db.$queryRaw<{ mc: number; mu: Date | null; ec: number; ea: Date | null; sc: number; hr: string | null; oy: number | null; cv: string }[]>`
    SELECT
      (SELECT count(*)::int FROM tariff_measures) AS mc,
      (SELECT max("updatedAt") FROM tariff_measures) AS mu,
      (SELECT count(*)::int FROM measure_events) AS ec,
      (SELECT max("createdAt") FROM measure_events) AS ea,
      (SELECT count(*)::int FROM source_documents) AS sc,
      COALESCE((SELECT id FROM hts_releases WHERE status = 'stored' ORDER BY "releaseDate" DESC, id DESC LIMIT 1), (SELECT max("releaseId") FROM hts_lines)) AS hr,
      (SELECT max(year) FROM origin_shares) AS oy,
      (SELECT md5(coalesce(string_agg(c::text, '|' ORDER BY c.id), '')) FROM consumer_categories c) AS cv`;
  const r = rows[0];
  if (!r) return { version: "empty", measuresUpdated: null, htsRelease: null, originShareYear: null, categoriesVersion: "empty" };
  const t = (d: Date | null) => (d ? new Date(d).toISOString() : "-");
  return {
    version: `${r.mc}:${t(r.mu)}:${r.ec}:${t(r.ea)}:${r.sc}`,
    measuresUpdated: r.mu ? isoDay(new Date(r.mu)) : null,
    htsRelease: r.hr,
    originShareYear: r.oy === null ? null : Number(r.oy),
    categoriesVersion: r.cv,
  };
}

function toMeasure(row: {
  id: string;
  authority: string;
  name: string;
  ch99Headings: string[];
  rate: DecimalLike | null;
  rateBasis?: string;
  countries: string[];
  excludedCountries: string[];
  countryOverrides: unknown;
  products: string[];
  excludedProducts: string[];
  exemptions?: unknown;
  conditions?: unknown;
  notWith: string[];
  notWithExcept?: string[];
  yieldsTo?: string[];
  stacking: string;
  sourceId: string;
  confidence: string;
  notes: string;
}): TariffMeasure {
  const overrides = Array.isArray(row.countryOverrides) ? (row.countryOverrides as CountryOverride[]) : [];
  const exemptions = Array.isArray(row.exemptions) ? (row.exemptions as ProductExemption[]) : [];
  const conditions = Array.isArray(row.conditions) ? (row.conditions as ScopeCondition[]) : [];
  return {
    id: row.id,
    authority: row.authority as Authority,
    name: row.name,
    ch99Headings: row.ch99Headings,
    rate: num(row.rate),
    ...(row.rateBasis === "floor" ? { rateBasis: "floor" as const } : {}),
    countries: row.countries.length === 0 || row.countries.includes("ALL") ? "ALL" : row.countries,
    excludedCountries: row.excludedCountries,
    countryOverrides: overrides.map((o) => ({
      country: o.country,
      ...(o.rate !== undefined && o.rate !== null ? { rate: Number(o.rate) } : {}),
      ...(o.floor !== undefined && o.floor !== null ? { floor: Number(o.floor) } : {}),
      ...(o.from ? { from: o.from } : {}),
      ...(o.to ? { to: o.to } : {}),
      ...(o.note ? { note: o.note } : {}),
    })),
    products: row.products,
    excludedProducts: row.excludedProducts,
    ...(exemptions.length ? { exemptions } : {}),
    ...(conditions.length ? { conditions } : {}),
    notWith: row.notWith as Authority[],
    ...(row.notWithExcept?.length ? { notWithExcept: row.notWithExcept } : {}),
    ...(row.yieldsTo?.length ? { yieldsTo: row.yieldsTo } : {}),
    stacking: row.stacking as StackingRule,
    sourceId: row.sourceId,
    confidence: row.confidence as Confidence,
    notes: row.notes,
  };
}

/**
 * Every measure, event (in date order) and source document, from the in-process cache
 * when the law tables have not changed since it was filled. Callers must not mutate
 * what they get.
 */
export async function loadLaw(db: Db): Promise<Law> {
  // The change stamp (one small row) says whether the cached law still holds. Without its row
  // (a database whose tables were truncated and not written since), the full stamp decides.
  const change = await lawChangeStamp(db);
  const cached = cache.get(db);
  if (change !== null && cached && cached.key === `change:${change}`) return cached.law;
  const pendingUnder = (key: string) => {
    const pending = reading.get(db);
    return pending && pending.key === key ? pending.law : null;
  };
  const early = change !== null ? pendingUnder(`change:${change}`) : null;
  if (early) return early;
  const { version, measuresUpdated, htsRelease, originShareYear, categoriesVersion } = await lawStamp(db);
  const key = change !== null ? `change:${change}` : `full:${version}|${htsRelease}|${originShareYear}|${categoriesVersion}`;
  if (change === null && cached && cached.key === key) return cached.law;
  const pending = pendingUnder(key);
  if (pending) return pending;
  const law = readLaw(db, change, { measuresUpdated, htsRelease, originShareYear, categoriesVersion });
  reading.set(db, { key, law });
  try {
    const read = await law;
    cache.set(db, { key, law: read });
    return read;
  } finally {
    if (reading.get(db)?.law === law) reading.delete(db);
  }
}

/** The law's tables read into a Law (loadLaw caches it). */
async function readLaw(db: Db, change: string | null, stamp: Omit<LawStamp, "version">): Promise<Law> {
  const { measuresUpdated, htsRelease, originShareYear, categoriesVersion } = stamp;
  const [measureRows, eventRows, sourceRows, releaseRows] = await Promise.all([
    db.tariffMeasure.findMany({ orderBy: { id: "asc" } }),
    db.measureEvent.findMany({ orderBy: [{ date: "asc" }, { id: "asc" }] }),
    db.sourceDocument.findMany({ orderBy: { id: "asc" } }),
    db.htsRelease.findMany({ select: { id: true, title: true, releaseDate: true, status: true } }),
  ]);
  const htsReleases = new Map(releaseRows.map((r) => [r.id, { release: r.id, title: r.title, date: isoDay(r.releaseDate), status: r.status }]));
  return {
    measures: measureRows.map(toMeasure),
    events: eventRows.map((e) => ({
      id: e.id,
      measureId: e.measureId,
      date: isoDay(e.date),
      type: e.type as MeasureEventType,
      rate: num(e.rate),
      country: e.country,
      sourceId: e.sourceId,
      note: e.note,
    })),
    sources: new Map(
      sourceRows.map((s) => [
        s.id,
        { id: s.id, kind: s.kind as SourceKind, title: s.title, citation: s.citation, url: s.url, publisher: s.publisher, publishedAt: isoDay(s.publishedAt) },
      ]),
    ),
    measuresUpdated,
    htsRelease,
    hts: (htsRelease ? htsReleases.get(htsRelease) : undefined) ?? null,
    htsReleases,
    originShareYear,
    categoriesVersion,
    stamp: change,
  };
}

/** Forgets the cached law (tests; the version check makes this unnecessary in the app). */
export function resetLawCache(db?: object): void {
  if (db) {
    cache.delete(db);
    reading.delete(db);
    categoriesCache.delete(db);
  }
}

function toCategory(row: {
  id: string;
  name: string;
  htsPrefixes: string[];
  referenceHts: string;
  kind: string;
  pceLine: string | null;
  retailMargin: DecimalLike | null;
  retailMarginSourceId: string | null;
  cpiSeriesId: string | null;
  cpiLabel: string | null;
  gtapSector: string;
  importShare: DecimalLike | null;
  importShareSourceId: string | null;
}): ConsumerCategory {
  return {
    id: row.id,
    name: row.name,
    htsPrefixes: row.htsPrefixes,
    referenceHts: row.referenceHts,
    kind: row.kind as CategoryKind,
    pceLine: row.pceLine,
    retailMargin: num(row.retailMargin),
    retailMarginSourceId: row.retailMarginSourceId,
    cpiSeriesId: row.cpiSeriesId,
    cpiLabel: row.cpiLabel,
    gtapSector: row.gtapSector,
    importShare: num(row.importShare),
    importShareSourceId: row.importShareSourceId,
  };
}


/** Every shopper category, in display order. */
const categoriesCache = new WeakMap<object, { version: string; list: ConsumerCategory[] }>();

/**
 * Every shopper category, in display order. Given the law just loaded, the list is kept per
 * database while the categories table's digest (`law.categoriesVersion`, read by the law's
 * version query) holds, so a page that loads the law reads no categories again
 * (docs/performance.md). Callers must not mutate what they get.
 */
export async function loadCategories(db: Db, law?: Pick<Law, "categoriesVersion">): Promise<ConsumerCategory[]> {
  const cached = law ? categoriesCache.get(db) : undefined;
  if (law && cached && cached.version === law.categoriesVersion) return cached.list;
  const rows = await db.consumerCategory.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }] });
  const list = rows.map(toCategory);
  if (law) categoriesCache.set(db, { version: law.categoriesVersion, list });
  return list;
}

/** The categories with these ids, by id (unknown ids are left out). */
export async function loadCategoriesById(db: Db, ids: readonly string[]): Promise<Map<string, ConsumerCategory>> {
  if (!ids.length) return new Map();
  const rows = await db.consumerCategory.findMany({ where: { id: { in: [...new Set(ids)] } } });
  return new Map(rows.map((r) => [r.id, toCategory(r)]));
}

/** The origin shares of several GTAP sectors, by sector, each largest first (one query). */
export async function originSharesForSectors(db: Db, sectors: readonly string[]): Promise<Map<string, OriginShare[]>> {
  const out = new Map<string, OriginShare[]>(sectors.map((s) => [s, []]));
  if (!sectors.length) return out;
  const rows = await db.originShare.findMany({ where: { gtapSector: { in: [...new Set(sectors)] } }, orderBy: [{ share: "desc" }, { country: "asc" }] });
  for (const r of rows) out.get(r.gtapSector)?.push({ gtapSector: r.gtapSector, country: r.country, share: num(r.share) ?? 0, year: r.year, sourceId: r.sourceId });
  return out;
}

/** HTS lines by dotted code, with the release each comes from (one query; unknown codes are left out). */
export async function loadHtsLines(db: Db, codes: readonly string[]): Promise<Map<string, HtsLine & { releaseId: string }>> {
  if (!codes.length) return new Map();
  const rows = await db.htsLine.findMany({ where: { code: { in: [...new Set(codes)] } } });
  return new Map(rows.map((row) => [row.code, { ...toHtsLine(row), releaseId: row.releaseId }]));
}

/**
 * Reference rows read while a law holds, kept with it: categories, HTS lines and origin shares
 * by key, an unknown key as null. The tables they come from carry the law's change triggers
 * (migration 20261124234042_law_change_stamp), so any change to them makes `loadLaw` build a new
 * Law, and these go with the old one. A watch list asked for them on every request: three of
 * its seven queries (docs/performance.md, "Reference rows held with the law"). Callers must not
 * modify what they get. Each map is emptied past HELD_ROWS_LIMIT keys (the tables are small:
 * this only bounds lookups of codes that do not exist).
 */
type HeldRows = {
  categories: Map<string, ConsumerCategory | null>;
  lines: Map<string, (HtsLine & { releaseId: string }) | null>;
  shares: Map<string, OriginShare[] | null>;
};
const heldRows = new WeakMap<Law, HeldRows>();
const HELD_ROWS_LIMIT = 20_000;

function heldFor(law: Law): HeldRows {
  let held = heldRows.get(law);
  if (!held) {
    held = { categories: new Map(), lines: new Map(), shares: new Map() };
    heldRows.set(law, held);
  }
  return held;
}

/** `keys`' rows from `held` (unknown keys left out), reading the missing ones with `load` first (one query, or none). */
async function throughHeld<V>(held: Map<string, V | null>, keys: readonly string[], load: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
  const wanted = [...new Set(keys)];
  const missing = wanted.filter((key) => !held.has(key));
  if (missing.length) {
    const found = await load(missing);
    if (held.size + missing.length > HELD_ROWS_LIMIT) held.clear();
    for (const key of missing) held.set(key, found.get(key) ?? null);
  }
  const rows = new Map<string, V>();
  for (const key of wanted) {
    const row = held.get(key);
    if (row != null) rows.set(key, row);
  }
  return rows;
}

/** loadCategoriesById, kept with `law` (HeldRows). */
export function categoriesByIdWith(db: Db, law: Law, ids: readonly string[]): Promise<Map<string, ConsumerCategory>> {
  return throughHeld(heldFor(law).categories, ids, (missing) => loadCategoriesById(db, missing));
}

/** loadHtsLines, kept with `law` (HeldRows). */
export function htsLinesWith(db: Db, law: Law, codes: readonly string[]): Promise<Map<string, HtsLine & { releaseId: string }>> {
  return throughHeld(heldFor(law).lines, codes, (missing) => loadHtsLines(db, missing));
}

/** originSharesForSectors, kept with `law` (HeldRows): every sector asked for has a list, empty when unknown. */
export function originSharesWith(db: Db, law: Law, sectors: readonly string[]): Promise<Map<string, OriginShare[]>> {
  return throughHeld(heldFor(law).shares, sectors, (missing) => originSharesForSectors(db, missing));
}



function toHtsLine(row: {
  code: string;
  digits: string;
  description: string;
  descriptionPath: string;
  generalRateText: string;
  generalAdValorem: DecimalLike | null;
  ch99Refs: string[];
  units: string[] | null;
  categoryId: string;
}): HtsLine {
  return {
    code: row.code,
    digits: row.digits,
    description: row.description,
    descriptionPath: row.descriptionPath,
    generalRateText: row.generalRateText,
    generalAdValorem: num(row.generalAdValorem),
    ch99Refs: row.ch99Refs,
    units: row.units ?? [],
    categoryId: row.categoryId,
  };
}

/**
 * The 4-digit headings a category's HTS prefixes fall under ("640399" -> "6403"),
 * distinct, in order; a chapter-wide prefix ("64") is kept as the chapter.
 */
export function headingsOf(prefixes: string[]): string[] {
  const out: string[] = [];
  for (const p of prefixes) {
    const digits = p.replace(/\D/g, "");
    if (digits.length < 2) continue;
    const heading = digits.slice(0, 4);
    if (!out.includes(heading)) out.push(heading);
  }
  return out;
}
