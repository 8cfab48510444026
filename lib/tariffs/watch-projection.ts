/**
 * The projection of one watch (docs/tariffs.md, "One projection of a watch"): the ONE place
 * that turns the law tables, a watch and a day into the engine's input, and the engine's
 * output into the watch's figures. The alert engine (lib/alerts/evaluate.ts, once per
 * combination of line, origin, horizon and category), the stored projection the pages and the
 * API read (lib/watchlist/stored-projection.ts) and the tests all call `projectWatch`, so a
 * watch shows the same figures everywhere. Pure: the tables and the day are arguments.
 *
 * - line: the watch's pinned HTS line, else its category's reference line;
 * - origins: the declared "made in" country (weight 1, d = 0), else the category's GTAP
 *   sector origins with at least MIN_ORIGIN_SHARE of US imports, the US left out, at most
 *   MAX_SECTOR_ORIGINS (sector level, labelled so), else none (no band: we never guess);
 * - changes: the days from today − the ramp (a change still reaching shelves) to today + the
 *   horizon on which the duty on the line, for one of the origins, differs from the day before;
 *   days within CHANGE_CLUSTER_DAYS of a change's first day are the same change (a measure that
 *   expires one day and its successor that starts the next); each change is projected with
 *   t0 = the day before it, t1 = its last day, the ramp from its first day and the price seen
 *   today, so what is already on the shelf is not projected again;
 * - the watch's figures: the sum of its changes' bands (each rounded to 0.001 pp first, as
 *   stored); a change with an unknown band makes the sum unknown; with no change, the duty
 *   from today to the horizon's end (zero when nothing moves it, unknown when the duty is).
 */
import { measureCovers, dutyOn, type DutyLine } from "./duty";
import { marginScope } from "./hts-schedule";
import type { Law } from "./law";
import { PASS_THROUGH } from "./pass-through";
import { MONTH_DAYS, monthsBetween, projectPriceChange, type Band, type Projection, type ProjectionInput, type ProjectionOrigin } from "./price-change";
import type { ConsumerCategory, HtsLine, MeasureEvent, MeasureEventType, OriginShare, SourceDocument } from "./types";

/** What a projection needs of a watch: the price is applied to the figures afterwards (`dollarsOn`). */
export type WatchShape = {
  categoryId: string;
  htsCode: string | null;
  madeIn: string | null;
  horizonDays: number;
};

/** The law and the reference rows one watch's projection reads (loaded by lib/tariffs/projection-tables.ts). */
export type WatchTables = {
  law: Pick<Law, "measures" | "events" | "sources">;
  category: ConsumerCategory;
  line: HtsLine & { releaseId: string };
  /** The category's sector origin shares, largest first (as stored). */
  sectorShares: readonly OriginShare[];
  /** The HTS_RELEASE source document of the line's release, when stored. */
  htsSourceId: string | null;
};

/** Event types that change a duty on their day. */
export const DUTY_EVENT_TYPES: ReadonlySet<MeasureEventType> = new Set(["EFFECTIVE", "RATE_CHANGE", "RESUMED", "PAUSED", "STRUCK_DOWN", "EXPIRED"]);
/** Days within this many days of a change's first day are the same change. */
export const CHANGE_CLUSTER_DAYS = 7;
/** Sector origins below this share of US imports are left out (no real supply). */
export const MIN_ORIGIN_SHARE = 0.02;
export const MAX_SECTOR_ORIGINS = 8;
/** The days over which a change reaches the shelf (the ramp, in whole days): its "by" day is its first day plus these. */
export const RAMP_DAYS = Math.round(PASS_THROUGH.rampMonths * MONTH_DAYS);

export type ChangeEvent = MeasureEvent & { measureName: string; confidence: string };

/** One change of the duty on the watch's line within its window, with the engine's input for it. */
export type ChangeInput = {
  /** Its legal events' ids, sorted and comma-joined (the alerts' dedupe key), or "on:<first day>" when none is dated that day. */
  key: string;
  first: string;
  last: string;
  events: ChangeEvent[];
  input: ProjectionInput;
};

export type ProjectionInputs = {
  today: string;
  horizonEnd: string;
  line: DutyLine;
  lineBasis: "item" | "category";
  originBasis: "declared" | "sector" | "none";
  origins: ProjectionOrigin[];
  domesticShare: number | null;
  changes: ChangeInput[];
  /** With no change in the window: the duty from today to the horizon's end. */
  flat: ProjectionInput | null;
};

export type ProjectedChange = Omit<ChangeInput, "input"> & {
  input: ProjectionInput;
  projection: Projection;
  /** The band rounded to 0.001 pp, as stored and summed. */
  band: Band | null;
  byHorizon: Band | null;
  unconfirmed: boolean;
};

export type ProjectionStatus = "upcoming" | "ramping" | "none" | "unknown";

export type WatchProjection = Omit<ProjectionInputs, "changes" | "flat"> & {
  category: ConsumerCategory;
  fullLine: HtsLine & { releaseId: string };
  sectorShares: readonly OriginShare[];
  htsSourceId: string | null;
  changes: ProjectedChange[];
  flat: { input: ProjectionInput; projection: Projection } | null;
  /** "upcoming": a change starts after today; "ramping": the changes have started and are still reaching shelves; "none": no change; "unknown": no band. */
  status: ProjectionStatus;
  /** Shelf-price change still to come, percent, rounded to 0.001 pp; null = unknown. */
  band: Band | null;
  /** Of which by the horizon's end. */
  byHorizon: Band | null;
  /** The day the last change is fully on the shelf (its first day + the ramp); null with no change. */
  by: string | null;
  unconfirmed: boolean;
  unknowns: string[];
  /** Every source document the figures rest on. */
  sources: SourceDocument[];
};

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export const round3 = (x: number): number => {
  const r = Math.round(x * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
};
export const round3Band = (b: Band | null): Band | null => (b ? { low: round3(b.low), central: round3(b.central), high: round3(b.high) } : null);

function sumBands(bands: (Band | null)[]): Band | null {
  if (bands.some((b) => b === null)) return null;
  return round3Band(
    (bands as Band[]).reduce((a, b) => ({ low: a.low + b.low, central: a.central + b.central, high: a.high + b.high }), { low: 0, central: 0, high: 0 }),
  );
}

function originsOf(watch: WatchShape, shares: readonly OriginShare[]): { basis: ProjectionInputs["originBasis"]; origins: ProjectionOrigin[] } {
  if (watch.madeIn) return { basis: "declared", origins: [{ country: watch.madeIn, weight: 1 }] };
  const kept = shares.filter((s) => s.share >= MIN_ORIGIN_SHARE && s.country !== "US").slice(0, MAX_SECTOR_ORIGINS);
  return {
    basis: kept.length ? "sector" : "none",
    origins: kept.map((s) => ({ country: s.country, weight: s.share, year: s.year, sourceId: s.sourceId })),
  };
}

/** Same total duty, or both unknown. */
function sameDuty(a: number | null, b: number | null): boolean {
  return a === null || b === null ? a === b : Math.abs(a - b) < 1e-12;
}

/**
 * THE input builder: the law tables, a watch and a day -> the engine's inputs (one per change
 * of the duty in the watch's window, or the flat one). Pure.
 */
export function projectionInputs(tables: WatchTables, watch: WatchShape, today: string): ProjectionInputs {
  const { law, category, line: fullLine } = tables;
  const line: DutyLine = { code: fullLine.code, digits: fullLine.digits, generalAdValorem: fullLine.generalAdValorem, generalRateText: fullLine.generalRateText };
  const horizonEnd = addDays(today, watch.horizonDays);
  const { basis, origins } = originsOf(watch, tables.sectorShares);
  const countries = origins.map((o) => o.country);
  const domesticShare = category.importShare === null ? null : Math.max(0, 1 - category.importShare);
  const sources = {
    htsSourceId: tables.htsSourceId,
    retailMarginSourceId: category.retailMarginSourceId,
    pceLine: category.pceLine,
    marginScope: marginScope(category),
    domesticShareSourceId: category.importShareSourceId,
    domesticShareYear: null,
  };
  const common = {
    line,
    origins,
    originBasis: basis,
    domesticShare,
    retailMargin: category.retailMargin,
    horizonEnd,
    priceObservedAt: today,
    priceCents: null,
    measures: law.measures,
    events: law.events,
    params: PASS_THROUGH,
    sources,
  } satisfies Partial<ProjectionInput>;

  // Candidate days: the duty-changing events of a measure that reaches the line for an origin,
  // from the oldest day still reaching shelves today to the horizon's end.
  const covering = new Map(law.measures.filter((m) => countries.some((c) => measureCovers(m, line.digits, c))).map((m) => [m.id, m]));
  const candidates = law.events.filter(
    (e) =>
      covering.has(e.measureId) &&
      DUTY_EVENT_TYPES.has(e.type) &&
      e.date <= horizonEnd &&
      monthsBetween(e.date, today) < PASS_THROUGH.rampMonths &&
      (!e.country || countries.includes(e.country)),
  );
  // A change: a candidate day on which the duty differs from the day before, for an origin.
  const days = [...new Set(candidates.map((e) => e.date))].sort().filter((day) => {
    const before = addDays(day, -1);
    return countries.some(
      (c) =>
        !sameDuty(
          dutyOn({ line, country: c, date: before, measures: law.measures, events: law.events }).total,
          dutyOn({ line, country: c, date: day, measures: law.measures, events: law.events }).total,
        ),
    );
  });

  const changes: ChangeInput[] = [];
  for (let i = 0; i < days.length; ) {
    const first = days[i]!;
    const until = addDays(first, CHANGE_CLUSTER_DAYS);
    let j = i;
    while (j + 1 < days.length && days[j + 1]! <= until) j++;
    const last = days[j]!;
    const inChange = new Set(days.slice(i, j + 1));
    const events = candidates
      .filter((e) => inChange.has(e.date))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1))
      .map((e) => {
        const m = covering.get(e.measureId);
        return { ...e, measureName: m?.name ?? e.measureId, confidence: m?.confidence ?? "unknown" };
      });
    const ids = events.map((e) => e.id).sort();
    changes.push({
      key: ids.length ? ids.join(",") : `on:${first}`,
      first,
      last,
      events,
      input: { ...common, t0: addDays(first, -1), t1: last, effectiveDate: first },
    });
    i = j + 1;
  }

  return {
    today,
    horizonEnd,
    line,
    lineBasis: watch.htsCode ? "item" : "category",
    originBasis: basis,
    origins,
    domesticShare,
    changes,
    // Nothing moves the duty in the window: today against the horizon's end, the ramp starting there (a zero band).
    flat: changes.length ? null : { ...common, t0: today, t1: horizonEnd, effectiveDate: horizonEnd },
  };
}

/** The watch's projection on `today`: the engine run on `projectionInputs`, the changes summed. Pure. */
export function projectWatch(tables: WatchTables, watch: WatchShape, today: string): WatchProjection {
  const inputs = projectionInputs(tables, watch, today);
  const changes: ProjectedChange[] = inputs.changes.map((c) => {
    const projection = projectPriceChange(c.input);
    return { ...c, projection, band: round3Band(projection.band), byHorizon: round3Band(projection.byHorizon), unconfirmed: projection.unconfirmed };
  });
  const flat = inputs.flat ? { input: inputs.flat, projection: projectPriceChange(inputs.flat) } : null;

  const band = flat ? round3Band(flat.projection.band) : sumBands(changes.map((c) => c.band));
  const byHorizon = flat ? round3Band(flat.projection.byHorizon) : sumBands(changes.map((c) => c.byHorizon));
  const last = changes[changes.length - 1];
  const status: ProjectionStatus = band === null ? "unknown" : changes.length === 0 ? "none" : changes.some((c) => c.first > today) ? "upcoming" : "ramping";
  const projections = flat ? [flat.projection] : changes.map((c) => c.projection);
  const unknowns = [...new Set(projections.flatMap((p) => p.unknowns))];

  const { law, category } = tables;
  const ids = new Set<string>();
  for (const p of projections) for (const node of p.evidence) for (const id of node.sourceIds) ids.add(id);
  for (const c of changes) {
    for (const e of c.events) {
      ids.add(e.sourceId);
      const measure = law.measures.find((m) => m.id === e.measureId);
      if (measure) ids.add(measure.sourceId);
    }
  }
  for (const o of inputs.origins) if (o.sourceId) ids.add(o.sourceId);
  if (category.retailMarginSourceId) ids.add(category.retailMarginSourceId);
  if (category.importShareSourceId) ids.add(category.importShareSourceId);
  if (tables.htsSourceId) ids.add(tables.htsSourceId);
  for (const id of PASS_THROUGH.sourceIds) ids.add(id);
  const sources = [...ids].map((id) => law.sources.get(id)).filter((s): s is SourceDocument => Boolean(s));

  return {
    ...inputs,
    category,
    fullLine: tables.line,
    sectorShares: tables.sectorShares,
    htsSourceId: tables.htsSourceId,
    changes,
    flat,
    status,
    band,
    byHorizon,
    by: last ? addDays(last.first, RAMP_DAYS) : null,
    unconfirmed: projections.some((p) => p.unconfirmed),
    unknowns,
    sources,
  };
}

/** The HTS_RELEASE source document of a release id ("2026_rev_10" -> "hts-2026-rev-10"), when stored. */
export function htsSourceFor(sources: ReadonlyMap<string, SourceDocument>, releaseId: string | null): string | null {
  if (!releaseId) return null;
  const slug = `hts-${releaseId.replace(/_/g, "-")}`;
  if (sources.has(slug)) return slug;
  for (const s of sources.values()) if (s.kind === "HTS_RELEASE" && s.id.replace(/[-_]/g, "").includes(releaseId.replace(/[-_]/g, ""))) return s.id;
  return null;
}
