import metaFile from "@/data/tariffs/meta.json";
import type { PrismaClient } from "@/lib/db/generated/client";
import { projectPriceChange, type Projection, type ProjectionOrigin } from "@/lib/alerts/projection";
import { twelveMonthChange } from "@/lib/economy/change";
import { formatPeriod } from "@/lib/economy/periods";
import { measureCovers } from "@/lib/tariffs/duty";
import { marginScope } from "@/lib/tariffs/hts-schedule";
import { categoriesByIdWith, htsLinesWith, isoDay, loadLaw, num, originSharesWith, type Law } from "@/lib/tariffs/law";
import { PASS_THROUGH } from "@/lib/tariffs/pass-through";
import type { ConsumerCategory, HtsLine, MeasureEvent, OriginShare, SourceDocument } from "@/lib/tariffs/types";

/**
 * The projection of one watch (docs/tariffs.md, "Watchlist and projections"), built from
 * the law tables and handed to the engine's pure `projectPriceChange`:
 * - line: the item's pinned HTS line, else the category's reference line;
 * - origins: the declared "made in" country (basis "declared", weight 1), else the
 *   category's GTAP-sector origin shares of at least 2% (basis "sector", labelled
 *   sector level: not this product's own origin mix);
 * - t0 = today; t1 = the next legal event (EFFECTIVE, EXPIRED, RATE_CHANGE, STRUCK_DOWN) of a
 *   measure that reaches the line and one of the origins, within the horizon, extended to
 *   the last such event within 7 days of it (a measure that expires one day and its
 *   successor that starts the next are one change) ("upcoming");
 * - with no such event, the most recent change of the same kind still reaching shelves
 *   (in force for less than the ramp, 7 months) is projected for what is left of it
 *   (docs/tariffs.md, "Projection": remaining share 1 − r(k0)): t0 = the day before that change,
 *   t1 = its day, the price observed today, so only the part not yet on the shelf counts
 *   ("ramping");
 * - else t1 = today + horizon and the band is zero: nothing moves the duty ("none");
 * - d = 1 − the category's import share; m = the category's retail margin (PCE line);
 * - price: the watch's price in cents when the caller allows dollars (impactCalculator).
 */
export type WatchLike = {
  categoryId: string;
  htsCode: string | null;
  madeIn: string | null;
  priceCents: number | null;
  horizonDays: number;
};

export const TRIGGER_TYPES: ReadonlySet<MeasureEvent["type"]> = new Set(["EFFECTIVE", "EXPIRED", "RATE_CHANGE", "STRUCK_DOWN"]);
/** Events within this many days of the first one count as the same change. */
export const EVENT_CLUSTER_DAYS = 7;
/** Sector origins below this share of US imports are left out (no real supply). */
export const MIN_ORIGIN_SHARE = 0.02;
export const MAX_SECTOR_ORIGINS = 8;

export type WatchProjection = {
  category: ConsumerCategory;
  line: HtsLine;
  /** "item": the watch's own HTS line; "category": the category's reference line. */
  lineBasis: "item" | "category";
  originBasis: "declared" | "sector" | "none";
  origins: (ProjectionOrigin & { share: number | null })[];
  /** The sector's origin shares as stored (for the alternatives and the page). */
  sectorShares: OriginShare[];
  /** "upcoming": a scheduled change in the horizon; "ramping": a recent change still reaching shelves; "none": no change. */
  mode: "upcoming" | "ramping" | "none";
  t0: string;
  t1: string;
  /** The day the subscriber's price is taken to be seen (today). */
  observedAt: string;
  horizonEnd: string;
  effectiveDate: string | null;
  /** The legal events that move the duty between t0 and t1 (empty: nothing scheduled), with their measure's name and confidence. */
  triggers: (MeasureEvent & { measureName: string; confidence: string })[];
  domesticShare: number | null;
  priceCents: number | null;
  projection: Projection;
  /** Every source document cited by the evidence, the line, the category and the triggers. */
  sources: SourceDocument[];
  asOf: {
    today: string;
    /** The HTS release the lines come from (e.g. "2026_rev_10"). */
    htsRelease: string | null;
    /** The HTS release's date (hts_releases; docs/tariffs.md, "HTS revisions"). */
    htsEffective: string | null;
    /** The committed measures table's version (data/tariffs/meta.json). */
    measuresVersion: string;
    /** The day the measures table in the database last changed (an operator's edit moves it). */
    measuresUpdated: string | null;
    /** The year of the origin shares used (sector basis), else null. */
    originShareYear: number | null;
  };
};

function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** The events that move the duty on the line for one of the origins after t0 and by the horizon, clustered. */
export function triggersFor(law: Law, digits: string, origins: string[], t0: string, horizonEnd: string): MeasureEvent[] {
  const applying = new Set(law.measures.filter((m) => origins.some((c) => measureCovers(m, digits, c))).map((m) => m.id));
  const upcoming = law.events
    .filter((e) => applying.has(e.measureId) && TRIGGER_TYPES.has(e.type) && e.date > t0 && e.date <= horizonEnd)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = upcoming[0];
  if (!first) return [];
  const until = addDays(first.date, EVENT_CLUSTER_DAYS);
  return upcoming.filter((e) => e.date <= until);
}

/** The most recent such events on or before today and after `since` (a change still reaching shelves), clustered. */
export function recentTriggersFor(law: Law, digits: string, origins: string[], since: string, today: string): MeasureEvent[] {
  const applying = new Set(law.measures.filter((m) => origins.some((c) => measureCovers(m, digits, c))).map((m) => m.id));
  const recent = law.events
    .filter((e) => applying.has(e.measureId) && TRIGGER_TYPES.has(e.type) && e.date > since && e.date <= today)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const last = recent[recent.length - 1];
  if (!last) return [];
  const from = addDays(last.date, -EVENT_CLUSTER_DAYS);
  return recent.filter((e) => e.date >= from);
}

type Db = Pick<PrismaClient, "$queryRaw" | "tariffMeasure" | "measureEvent" | "sourceDocument" | "consumerCategory" | "originShare" | "htsLine" | "htsRelease">;

/**
 * What projecting a set of watches reads from the database, loaded once for all of them
 * (docs/performance.md, "Signed-in routes"): the law (cached per process, one version
 * query), the watches' categories, their lines (the item's own or the category's reference
 * line) and their sectors' origin shares: at most five queries whatever the number of watches.
 */
export type ProjectionTables = {
  law: Law;
  categories: Map<string, ConsumerCategory>;
  lines: Map<string, HtsLine & { releaseId: string }>;
  sharesBySector: Map<string, OriginShare[]>;
};

export async function loadProjectionTables(
  db: Db,
  watches: readonly Pick<WatchLike, "categoryId" | "htsCode">[],
  preloaded: { law?: Law; categories?: readonly ConsumerCategory[] } = {},
): Promise<ProjectionTables> {
  // The law first (one small query while it holds), then the rows kept with it (none while
  // they are held): lib/tariffs/law.ts, HeldRows.
  const law = preloaded.law ?? (await loadLaw(db));
  const categories = preloaded.categories
    ? new Map(preloaded.categories.map((c) => [c.id, c]))
    : await categoriesByIdWith(
        db,
        law,
        watches.map((w) => w.categoryId),
      );
  const codes: string[] = [];
  const sectors: string[] = [];
  for (const w of watches) {
    const category = categories.get(w.categoryId);
    if (!category) continue;
    codes.push(w.htsCode ?? category.referenceHts);
    sectors.push(category.gtapSector);
  }
  const [lines, sharesBySector] = await Promise.all([htsLinesWith(db, law, codes), originSharesWith(db, law, sectors)]);
  return { law, categories, lines, sharesBySector };
}

/** One watch's projection from tables loaded beforehand (loadProjectionTables); null when its category or line is unknown. */
export function projectWatchWith(tables: ProjectionTables, watch: WatchLike, now: Date, options: { dollars?: boolean } = {}): WatchProjection | null {
  const { law } = tables;
  const category = tables.categories.get(watch.categoryId);
  if (!category) return null;
  const line = tables.lines.get(watch.htsCode ?? category.referenceHts);
  if (!line) return null;
  const sectorShares = tables.sharesBySector.get(category.gtapSector) ?? [];

  const today = isoDay(now);
  const horizonEnd = addDays(today, watch.horizonDays);

  let originBasis: WatchProjection["originBasis"];
  let origins: WatchProjection["origins"];
  if (watch.madeIn) {
    originBasis = "declared";
    origins = [{ country: watch.madeIn, weight: 1, share: null }];
  } else {
    const kept = sectorShares.filter((s) => s.share >= MIN_ORIGIN_SHARE && s.country !== "US").slice(0, MAX_SECTOR_ORIGINS);
    originBasis = kept.length ? "sector" : "none";
    origins = kept.map((s) => ({ country: s.country, weight: s.share, share: s.share, year: s.year, sourceId: s.sourceId }));
  }

  const countries = origins.map((o) => o.country);
  let mode: WatchProjection["mode"] = "upcoming";
  let triggers = triggersFor(law, line.digits, countries, today, horizonEnd);
  if (!triggers.length) {
    const rampDays = Math.ceil(PASS_THROUGH.rampMonths * (365.25 / 12));
    triggers = recentTriggersFor(law, line.digits, countries, addDays(today, -rampDays), today);
    mode = triggers.length ? "ramping" : "none";
  }
  const t0 = mode === "ramping" ? addDays(triggers[0]!.date, -1) : today;
  const t1 = triggers.length ? triggers[triggers.length - 1]!.date : horizonEnd;
  const effectiveDate = triggers.length ? triggers[0]!.date : null;
  const domesticShare = category.importShare === null ? null : Math.max(0, 1 - category.importShare);
  const priceCents = options.dollars === false ? null : watch.priceCents;
  const htsSourceId = htsSourceFor(law, line.releaseId);

  const projection = projectPriceChange({
    line: { code: line.code, digits: line.digits, generalAdValorem: line.generalAdValorem, generalRateText: line.generalRateText },
    origins,
    originBasis,
    domesticShare,
    retailMargin: category.retailMargin,
    t0,
    t1,
    // Nothing scheduled: the duty does not move, the band is zero; the ramp starts at the horizon.
    effectiveDate: effectiveDate ?? t1,
    horizonEnd,
    priceObservedAt: today,
    priceCents,
    measures: law.measures,
    events: law.events,
    params: PASS_THROUGH,
    sources: {
      htsSourceId,
      retailMarginSourceId: category.retailMarginSourceId,
      pceLine: category.pceLine,
      marginScope: marginScope(category),
      domesticShareSourceId: category.importShareSourceId,
      domesticShareYear: null,
    },
  });

  const ids = new Set<string>();
  for (const node of projection.evidence) for (const id of node.sourceIds) ids.add(id);
  for (const e of triggers) ids.add(e.sourceId);
  for (const o of origins) if (o.sourceId) ids.add(o.sourceId);
  if (category.retailMarginSourceId) ids.add(category.retailMarginSourceId);
  if (category.importShareSourceId) ids.add(category.importShareSourceId);
  if (htsSourceId) ids.add(htsSourceId);
  const sources = [...ids].map((id) => law.sources.get(id)).filter((s): s is SourceDocument => Boolean(s));

  return {
    category,
    line: lineOnly(line),
    lineBasis: watch.htsCode ? "item" : "category",
    originBasis,
    origins,
    sectorShares,
    mode,
    t0,
    observedAt: today,
    t1,
    horizonEnd,
    effectiveDate,
    triggers: triggers.map((e) => {
      const m = law.measures.find((x) => x.id === e.measureId);
      return { ...e, measureName: m?.name ?? e.measureId, confidence: m?.confidence ?? "unknown" };
    }),
    domesticShare,
    priceCents,
    projection,
    sources,
    asOf: {
      today,
      htsRelease: line.releaseId,
      htsEffective: law.htsReleases.get(line.releaseId)?.date ?? (line.releaseId === TABLES_META.htsRelease ? TABLES_META.htsPolicyEffective : null),
      measuresVersion: TABLES_META.measuresVersion,
      measuresUpdated: law.measuresUpdated,
      originShareYear: originBasis === "sector" ? (origins[0]?.year ?? null) : null,
    },
  };
}

function lineOnly({ releaseId: _release, ...line }: HtsLine & { releaseId: string }): HtsLine {
  return line;
}

/** One watch's projection, reading what it needs from the database (a `law` already loaded is used as is). */
export async function projectWatch(db: Db, watch: WatchLike, now: Date, options: { dollars?: boolean; law?: Law } = {}): Promise<WatchProjection | null> {
  return projectWatchWith(await loadProjectionTables(db, [watch], { law: options.law }), watch, now, options);
}

/** The HTS_RELEASE source document of a release id ("2026_rev_10" -> "hts-2026-rev-10"), when stored. */
export function htsSourceFor(law: Law, releaseId: string | null): string | null {
  if (!releaseId) return null;
  const slug = `hts-${releaseId.replace(/_/g, "-")}`;
  if (law.sources.has(slug)) return slug;
  for (const s of law.sources.values()) if (s.kind === "HTS_RELEASE" && s.id.replace(/[-_]/g, "").includes(releaseId.replace(/[-_]/g, ""))) return s.id;
  return null;
}

/** The short form the watchlist shows: the band (percent) and dollars when allowed. */
export type ProjectionSummary = {
  central: number;
  low: number;
  high: number;
  dollars?: { low: number; central: number; high: number };
  unconfirmed: boolean;
  asOf: string;
};

export function summarize(p: WatchProjection | null): ProjectionSummary | null {
  if (!p || !p.projection.band) return null;
  const { band, dollars, unconfirmed } = p.projection;
  return {
    central: round(band.central),
    low: round(band.low),
    high: round(band.high),
    ...(dollars ? { dollars } : {}),
    unconfirmed,
    asOf: p.observedAt,
  };
}

function round(x: number): number {
  const r = Math.round(x * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
}

/** The category's observed CPI: the 12-month change of the latest month stored, with its period. */
export type CpiReading = {
  seriesId: string;
  label: string | null;
  period: string;
  periodLabel: string;
  change12mo: number;
  basis: "computed" | "published";
  sourceUrl: string;
  /** bls-api or snapshot, and when the reading reached the store (lib/economy/freshness.ts says both in words). */
  origin: string;
  fetchedAt: Date;
};

export async function cpiReadingFor(
  db: Pick<PrismaClient, "economicObservation">,
  category: Pick<ConsumerCategory, "cpiSeriesId" | "cpiLabel">,
): Promise<CpiReading | null> {
  if (!category.cpiSeriesId) return null;
  const rows = await db.economicObservation.findMany({
    where: { seriesId: category.cpiSeriesId },
    orderBy: { period: "desc" },
    take: 40,
    select: { period: true, value: true, publishedChange12mo: true, sourceUrl: true, origin: true, fetchedAt: true },
  });
  const levels = new Map<string, number>();
  for (const r of rows) {
    const v = num(r.value);
    if (v !== null) levels.set(r.period, v);
  }
  for (const r of rows) {
    const computed = twelveMonthChange(levels, r.period);
    const published = num(r.publishedChange12mo);
    const change = computed ?? published;
    if (change === null) continue;
    return {
      seriesId: category.cpiSeriesId,
      label: category.cpiLabel,
      period: r.period,
      periodLabel: `${formatPeriod(r.period)} CPI`,
      change12mo: change,
      basis: computed !== null ? "computed" : "published",
      sourceUrl: r.sourceUrl,
      origin: r.origin,
      fetchedAt: r.fetchedAt,
    };
  }
  return null;
}

/** The committed tables' versions (data/tariffs/meta.json). */
export const TABLES_META = metaFile as { htsRelease: string; htsPolicyEffective: string; measuresVersion: string; importYear: number };

/**
 * The data versions the watchlist footer shows: HTS release, measures table, origin-share year.
 * Pure: the law's version query read the facts (lib/tariffs/law.ts).
 */
export function dataAsOf(law: Pick<Law, "measuresUpdated" | "htsRelease" | "hts" | "originShareYear">): {
  htsRelease: string | null;
  htsEffective: string;
  measuresVersion: string;
  measuresUpdated: string | null;
  originShareYear: number | null;
} {
  return {
    // The law's as-of: the newest stored HTS release and its date (docs/tariffs.md, "HTS revisions").
    htsRelease: law.hts?.release ?? law.htsRelease ?? TABLES_META.htsRelease,
    htsEffective: law.hts?.date ?? TABLES_META.htsPolicyEffective,
    measuresVersion: TABLES_META.measuresVersion,
    measuresUpdated: law.measuresUpdated,
    originShareYear: law.originShareYear,
  };
}

/** "2026_rev_10" -> "HTS 2026 Revision 10". */
export function releaseLabel(releaseId: string | null): string {
  if (!releaseId) return "HTS release unknown";
  const m = /^(\d{4})[_-]rev[_-]?(\d+)$/i.exec(releaseId);
  return m ? `HTS ${m[1]} Revision ${m[2]}` : `HTS ${releaseId}`;
}
