/**
 * What is stored of a watch's projection (docs/alerts.md, "The stored projection"): the
 * figures the pages, the API and the emails read (`StoredProjection`, a few hundred bytes on
 * the watch's row) and the working behind them (`ProjectionDocument`, every figure with its
 * formula and sources, stored once per content in alert_evidence and shared by the watches of
 * the same line, origin, horizon and category, and by their threshold alerts). Both are built
 * from `projectWatch`'s output and nothing else, so every surface shows the engine's figures.
 * Pure.
 */
import metaFile from "@/data/tariffs/meta.json";
import { signedPct, type EvidenceNode } from "./evidence";
import type { Law } from "./law";
import type { Band } from "./price-change";
import { RAMP_DAYS, addDays, type ProjectedChange, type ProjectionStatus, type WatchProjection, type WatchShape } from "./watch-projection";

/** The version written into every document: a change of the engine's rules changes it. */
export const ENGINE_VERSION = "projection 2";

/** The committed tables' versions (data/tariffs/meta.json). */
export const TABLES_META = metaFile as { htsRelease: string; htsPolicyEffective: string; measuresVersion: string; importYear: number };

/** What the one sentence and the short figures need (both the stored projection and a document carry them). */
export type SentenceFacts = {
  status: ProjectionStatus;
  /** Shelf-price change still to come, percent (0.001 pp); null = unknown. */
  band: Band | null;
  /** The day the (last) change is fully on the shelf. */
  by: string | null;
  horizonEnd: string;
  /** The first day of the first change; null with none. */
  firstChange: string | null;
  /** How many changes the figures add up. */
  changeCount: number;
  /** Why there is no figure, when status is "unknown". */
  reason: string | null;
};

/** A watch's projection as stored on its row (lib/watchlist/stored-projection.ts). */
export type StoredProjection = SentenceFacts & {
  v: 1;
  /** The day it was computed for (the projection depends on the day: the ramp, the window). */
  asOf: string;
  /** What of the watch it was computed for (`shapeKey`): an edit by any writer makes it stale. */
  shape: string;
  byHorizon: Band | null;
  unconfirmed: boolean;
};

export type DocumentEvent = {
  id: string;
  measureId: string;
  measureName: string;
  type: string;
  date: string;
  rate: number | null;
  country: string | null;
  note: string;
  sourceId: string;
  confidence: string | null;
};

export type DocumentSource = { id: string; title: string; citation: string | null; url: string; publisher: string; publishedAt: string };

export type DocumentChange = {
  /** The prefix of its nodes' ids ("" for a single change). */
  prefix: string;
  key: string;
  first: string;
  last: string;
  t0: string;
  t1: string;
  band: Band | null;
  byHorizon: Band | null;
  unconfirmed: boolean;
  eventIds: string[];
};

/** The working of a projection (or of one change of it, for a legal-event alert). */
export type ProjectionDocument = SentenceFacts & {
  kind: "projection" | "legal-event" | "relief";
  asOf: string;
  byHorizon: Band | null;
  unconfirmed: boolean;
  line: { code: string; description: string; descriptionPath: string; releaseId: string; generalRateText: string };
  lineBasis: "item" | "category";
  category: { id: string; name: string; gtapSector: string; cpiSeriesId: string | null; cpiLabel: string | null; importShareSourceId: string | null };
  /** "Vietnam" or "sector import mix (lea, 2024)" or "origin unknown". */
  origins: string;
  originBasis: "declared" | "sector" | "none";
  madeIn: string | null;
  originShareYear: number | null;
  changes: DocumentChange[];
  /** With no change: the duty from today (t0) to the horizon's end (t1). */
  flat: { t0: string; t1: string } | null;
  events: DocumentEvent[];
  nodes: EvidenceNode[];
  sources: DocumentSource[];
  unknowns: string[];
  assumptions: string;
  dataVersions: Record<string, string | null>;
};

export const ASSUMPTIONS = "Not included: exchange rates, anti-dumping and countervailing duties, shipping, retailer promotions and shoppers switching products; refunds of duties go to importers, not shoppers.";

/** "footwear|6403.99.60|VN|180": what a watch's projection depends on besides the law and the day. */
export function shapeKey(watch: WatchShape): string {
  return `${watch.categoryId}|${watch.htsCode ?? ""}|${watch.madeIn ?? ""}|${watch.horizonDays}`;
}

/** The stored figures of a projection of `watch`. */
export function storedProjectionOf(wp: WatchProjection, watch: WatchShape): StoredProjection {
  return {
    v: 1,
    asOf: wp.today,
    shape: shapeKey(watch),
    status: wp.status,
    band: wp.band,
    byHorizon: wp.byHorizon,
    by: wp.by,
    horizonEnd: wp.horizonEnd,
    firstChange: wp.changes[0]?.first ?? null,
    changeCount: wp.changes.length,
    unconfirmed: wp.unconfirmed,
    reason: wp.band === null ? (wp.unknowns[0] ?? "A needed input is unknown.") : null,
  };
}

function originsLabel(wp: WatchProjection, year: number | null): string {
  if (wp.originBasis === "declared") return wp.origins[0]?.country ?? "declared";
  if (wp.originBasis === "sector") return `sector import mix (${wp.category.gtapSector}${year ? `, ${year}` : ""})`;
  return "origin unknown";
}

function prefixed(nodes: EvidenceNode[], prefix: string, suffix: string): EvidenceNode[] {
  if (!prefix) return nodes;
  return nodes.map((n) => ({ ...n, id: `${prefix}${n.id}`, label: `${n.label}${suffix}`, inputs: n.inputs.map((i) => `${prefix}${i}`) }));
}

/**
 * The working of a watch's projection, or of one of its changes (`only`: a change's key, for
 * its legal-event or relief alert). `law` gives the data versions shown under the figures.
 */
export function projectionDocument(wp: WatchProjection, law: Pick<Law, "measuresUpdated" | "htsReleases">, only?: string): ProjectionDocument {
  const picked: ProjectedChange[] = only === undefined ? wp.changes : wp.changes.filter((c) => c.key === only);
  const single = only !== undefined;
  const multi = picked.length > 1;
  const year = wp.originBasis === "sector" ? Math.max(0, ...wp.origins.map((o) => o.year ?? 0)) || null : null;

  const nodes: EvidenceNode[] = [];
  const changes: DocumentChange[] = picked.map((c) => {
    const prefix = multi ? `${c.first}/` : "";
    nodes.push(...prefixed(c.projection.evidence, prefix, ` (change of ${c.first})`));
    return { prefix, key: c.key, first: c.first, last: c.last, t0: c.input.t0, t1: c.input.t1, band: c.band, byHorizon: c.byHorizon, unconfirmed: c.unconfirmed, eventIds: c.events.map((e) => e.id) };
  });
  if (!picked.length && wp.flat) nodes.push(...wp.flat.projection.evidence);
  if (multi && wp.band) {
    nodes.push({
      id: "total",
      label: "Shelf-price change still to come, all the changes together (low / central / high)",
      value: `${signedPct(wp.band.low)} / ${signedPct(wp.band.central)} / ${signedPct(wp.band.high)}`,
      formula: `the sum of ${picked.map((c) => `the change of ${c.first}`).join(" + ")}, each rounded to 0.001 pp`,
      inputs: picked.map((c) => `${c.first}/band`),
      sourceIds: [],
      ...(wp.unconfirmed ? { unconfirmed: true } : {}),
    });
  }

  const change = single ? picked[0] : undefined;
  const band = change ? change.band : wp.band;
  const sourceIds = new Set<string>();
  for (const n of nodes) for (const id of n.sourceIds) sourceIds.add(id);
  const events = picked.flatMap((c) => c.events);
  const docSources = wp.sources.filter((s) => sourceIds.has(s.id) || events.some((e) => e.sourceId === s.id) || !single);

  return {
    kind: change ? (change.band && change.band.central < 0 ? "relief" : "legal-event") : "projection",
    asOf: wp.today,
    status: change ? (change.band === null ? "unknown" : change.first > wp.today ? "upcoming" : "ramping") : wp.status,
    band,
    byHorizon: change ? change.byHorizon : wp.byHorizon,
    by: change ? addDays(change.first, RAMP_DAYS) : wp.by,
    horizonEnd: wp.horizonEnd,
    firstChange: change ? change.first : (wp.changes[0]?.first ?? null),
    changeCount: change ? 1 : wp.changes.length,
    reason: band === null ? ((change ? change.projection.unknowns[0] : wp.unknowns[0]) ?? "A needed input is unknown.") : null,
    unconfirmed: change ? change.unconfirmed : wp.unconfirmed,
    line: {
      code: wp.fullLine.code,
      description: wp.fullLine.description,
      descriptionPath: wp.fullLine.descriptionPath,
      releaseId: wp.fullLine.releaseId,
      generalRateText: wp.fullLine.generalRateText,
    },
    lineBasis: wp.lineBasis,
    category: {
      id: wp.category.id,
      name: wp.category.name,
      gtapSector: wp.category.gtapSector,
      cpiSeriesId: wp.category.cpiSeriesId,
      cpiLabel: wp.category.cpiLabel,
      importShareSourceId: wp.category.importShareSourceId,
    },
    origins: originsLabel(wp, year),
    originBasis: wp.originBasis,
    madeIn: wp.originBasis === "declared" ? (wp.origins[0]?.country ?? null) : null,
    originShareYear: year,
    changes,
    flat: wp.flat ? { t0: wp.flat.input.t0, t1: wp.flat.input.t1 } : null,
    events: events.map((e) => ({
      id: e.id,
      measureId: e.measureId,
      measureName: e.measureName,
      type: e.type,
      date: e.date,
      rate: e.rate ?? null,
      country: e.country ?? null,
      note: e.note,
      sourceId: e.sourceId,
      confidence: e.confidence,
    })),
    nodes,
    sources: docSources.map((s) => ({ id: s.id, title: s.title, citation: s.citation, url: s.url, publisher: s.publisher, publishedAt: s.publishedAt })),
    unknowns: change ? change.projection.unknowns : wp.unknowns,
    assumptions: ASSUMPTIONS,
    dataVersions: {
      htsRelease: wp.fullLine.releaseId,
      // The release's date (hts_releases; docs/tariffs.md, "HTS revisions").
      htsEffective: law.htsReleases.get(wp.fullLine.releaseId)?.date ?? (wp.fullLine.releaseId === TABLES_META.htsRelease ? TABLES_META.htsPolicyEffective : null),
      measures: `v${TABLES_META.measuresVersion}${law.measuresUpdated ? `, last changed ${law.measuresUpdated}` : ""}`,
      originShares: year ? `${year} (sector level)` : null,
      engine: ENGINE_VERSION,
    },
  };
}

/** A stored JSON value is a projection document (documents written before this format are not: they render as a plain list of figures). */
export function isProjectionDocument(value: unknown): value is ProjectionDocument {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.kind === "string" &&
    typeof v.status === "string" &&
    typeof v.asOf === "string" &&
    typeof v.horizonEnd === "string" &&
    Array.isArray(v.changes) &&
    Array.isArray(v.nodes) &&
    Array.isArray(v.sources) &&
    typeof v.line === "object" &&
    v.line !== null &&
    typeof v.category === "object" &&
    v.category !== null
  );
}
