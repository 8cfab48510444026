/**
 * The shipped offline snapshot (data/economic-snapshot, copied from the project's shared
 * data; its README says where every figure came from). Validated with zod and turned into
 * store records by pure functions. Nothing here fills a gap: a value that could not be
 * read stays null and is listed as missing.
 *
 * No `server-only`: the seed script and tests use it. The app itself never reads these
 * files at request time; the seed loads them into the database once.
 */
import { z } from "zod";
import cpiFile from "@/data/economic-snapshot/cpi.json";
import newsFile from "@/data/economic-snapshot/news.json";
import ppiFile from "@/data/economic-snapshot/ppi.json";
import { addMonths, isPeriod } from "./periods";
import { classifyImpact, inferDocumentType, type NewsItem } from "./rules";

const period = z.string().refine(isPeriod, "must be a YYYY-MM month");
const num = z.number().finite();
const source = z.object({ id: z.string().min(1), url: z.url(), what: z.string() });

const cpiSnapshotSchema = z.object({
  source: z.url(),
  release: z.string().min(1),
  asOf: period,
  baseNote: z.string(),
  survey: z.string(),
  items: z.array(
    z.object({
      category: z.string().min(1),
      seriesId: z.string().regex(/^CUUR0000[A-Z0-9]+$/),
      indexPrevYear: num.nullable(),
      indexPrevMonth: num.nullable(),
      index: num.nullable(),
      change12mo: num.nullable(),
      sourceIds: z.array(z.string()).min(1),
      note: z.string().optional(),
    }),
  ),
  history: z.array(
    z.object({ asOf: period, category: z.string().min(1), seriesId: z.string().regex(/^CUUR0000[A-Z0-9]+$/), index: num, sourceId: z.string() }),
  ),
  sources: z.array(source),
  notReadable: z.array(z.string()),
});

const ppiSnapshotSchema = z.object({
  source: z.url(),
  release: z.string().min(1),
  asOf: period,
  baseNote: z.string(),
  items: z.array(
    z.object({
      sector: z.string().min(1),
      seriesId: z.string().regex(/^WPU[A-Z0-9]+$/),
      seriesIdSA: z.string().regex(/^WPS[A-Z0-9]+$/),
      indexPrevYear: num.nullable(),
      indexPrevMonth: num.nullable(),
      index: num.nullable(),
      change12mo: num.nullable(),
      preliminary: z.boolean(),
      sourceIds: z.array(z.string()).min(1),
      note: z.string().optional(),
    }),
  ),
  history: z.array(
    z.union([
      // Seasonally adjusted index levels (PPI Table 3).
      z.object({ asOf: period, sector: z.string(), seriesIdSA: z.string().regex(/^WPS[A-Z0-9]+$/), indexSA: num, preliminary: z.boolean(), sourceId: z.string() }),
      // 12-month changes as printed (PPI Table 1), not index levels.
      z.object({ asOf: period, sector: z.string(), seriesId: z.string().regex(/^WPU[A-Z0-9]+$/), change12mo: num, sourceId: z.string() }),
      // One-month seasonally adjusted changes: percent changes, not stored.
      z.object({ asOf: period, sector: z.string(), seriesIdSA: z.string(), changeMoSA: num, sourceId: z.string() }),
    ]),
  ),
  sources: z.array(source),
  notReadable: z.array(z.string()),
});

const newsSnapshotSchema = z.array(
  z.object({
    title: z.string().min(1),
    description: z.string(),
    source: z.string().min(1),
    publishedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    url: z.url(),
    category: z.string().min(1),
    documentNumber: z.string().min(1),
  }),
);

export type CpiSnapshot = z.infer<typeof cpiSnapshotSchema>;
export type PpiSnapshot = z.infer<typeof ppiSnapshotSchema>;
export type NewsSnapshot = z.infer<typeof newsSnapshotSchema>;
export type EconomicSnapshot = { cpi: CpiSnapshot; ppi: PpiSnapshot; news: NewsSnapshot };

/** The shipped snapshot, validated (throws with zod's message if a file was edited into a bad shape). */
export function loadShippedSnapshot(): EconomicSnapshot {
  return parseSnapshot({ cpi: cpiFile, ppi: ppiFile, news: newsFile });
}

export function parseSnapshot(raw: { cpi: unknown; ppi: unknown; news: unknown }): EconomicSnapshot {
  return { cpi: cpiSnapshotSchema.parse(raw.cpi), ppi: ppiSnapshotSchema.parse(raw.ppi), news: newsSnapshotSchema.parse(raw.news) };
}

// --- store records ------------------------------------------------------------------------

export type Survey = "CPI" | "PPI";
export type SeriesRole = "headline" | "category" | "aggregate";

export type SeriesRecord = {
  seriesId: string;
  survey: Survey;
  label: string;
  role: SeriesRole;
  seasonallyAdjusted: boolean;
  onDashboard: boolean;
  refreshable: boolean;
  sortOrder: number;
};

export type ObservationRecord = {
  seriesId: string;
  period: string;
  value: number | null;
  publishedChange12mo: number | null;
  preliminary: boolean;
  sourceRef: string;
  sourceUrl: string;
  note: string | null;
};

export type SnapshotInfoRecord = { dataset: "cpi" | "ppi" | "news"; source: string; release: string; asOf: string; notReadable: string[] };

export type SnapshotRecords = {
  series: SeriesRecord[];
  observations: ObservationRecord[];
  news: NewsItem[];
  info: SnapshotInfoRecord[];
};

/**
 * Roles decide which rules look at a series (lib/economy/rules.ts):
 * - CPI "All items" and PPI "Final demand" are the headline;
 * - CPI rows of BLS Table 3 (special aggregates: "All items less ...", "Commodities less ...",
 *   "Durables") are aggregates: listed, never alerted on (they repeat their components);
 * - PPI lines facing consumers ("Finished consumer ...", "... consumer goods ...") are
 *   categories; the other PPI lines (government purchases, exports, capital equipment and
 *   the broad goods/foods/energy groupings) are aggregates.
 */
function cpiRole(label: string, sourceIds: readonly string[]): SeriesRole {
  if (label === "All items") return "headline";
  return sourceIds.length > 0 && sourceIds.every((id) => id.startsWith("T3-")) ? "aggregate" : "category";
}

function ppiRole(label: string): SeriesRole {
  if (label === "Final demand") return "headline";
  return /consumer/i.test(label) ? "category" : "aggregate";
}

/** Turns the snapshot into rows for the store. Pure; no value is invented or derived. */
export function snapshotRecords(snapshot: EconomicSnapshot): SnapshotRecords {
  const { cpi, ppi, news } = snapshot;
  const cpiUrl = new Map(cpi.sources.map((s) => [s.id, s.url]));
  const ppiUrl = new Map(ppi.sources.map((s) => [s.id, s.url]));
  const series: SeriesRecord[] = [];
  const observations = new Map<string, ObservationRecord>();
  const add = (o: ObservationRecord) => {
    const key = `${o.seriesId}|${o.period}`;
    const existing = observations.get(key);
    // The latest-month table wins over history rows for the same month (they agree; a test checks).
    if (!existing) observations.set(key, o);
    else if (existing.value === null && o.value !== null) observations.set(key, { ...o, publishedChange12mo: existing.publishedChange12mo ?? o.publishedChange12mo });
  };

  // CPI: the latest-month table first (its order is the dashboard's), then history-only series.
  let order = 0;
  const seen = new Set<string>();
  for (const item of cpi.items) {
    seen.add(item.seriesId);
    series.push({
      seriesId: item.seriesId,
      survey: "CPI",
      label: item.category,
      role: cpiRole(item.category, item.sourceIds),
      seasonallyAdjusted: false,
      onDashboard: true,
      refreshable: true,
      sortOrder: order++,
    });
    const ref = item.sourceIds.join(", ");
    const url = cpiUrl.get(item.sourceIds[0]!) ?? cpi.source;
    const cells: [string, number | null, number | null][] = [
      [cpi.asOf, item.index, item.change12mo],
      [addMonths(cpi.asOf, -1), item.indexPrevMonth, null],
      [addMonths(cpi.asOf, -12), item.indexPrevYear, null],
    ];
    for (const [p, value, published] of cells) {
      if (value === null && published === null) continue;
      add({ seriesId: item.seriesId, period: p, value, publishedChange12mo: published, preliminary: false, sourceRef: ref, sourceUrl: url, note: value === null ? "Index level not readable in the snapshot." : null });
    }
  }
  for (const row of cpi.history) {
    if (!seen.has(row.seriesId)) {
      seen.add(row.seriesId);
      const sourceIds = cpi.history.filter((h) => h.seriesId === row.seriesId).map((h) => h.sourceId);
      series.push({
        seriesId: row.seriesId,
        survey: "CPI",
        label: row.category,
        role: cpiRole(row.category, sourceIds),
        seasonallyAdjusted: false,
        onDashboard: true,
        refreshable: true,
        sortOrder: order++,
      });
    }
    add({ seriesId: row.seriesId, period: row.asOf, value: row.index, publishedChange12mo: null, preliminary: false, sourceRef: row.sourceId, sourceUrl: cpiUrl.get(row.sourceId) ?? cpi.source, note: null });
  }

  // PPI: Table 1 prints no index levels, so the latest month has only the published 12-month change.
  order = 0;
  for (const item of ppi.items) {
    series.push({
      seriesId: item.seriesId,
      survey: "PPI",
      label: item.sector,
      role: ppiRole(item.sector),
      seasonallyAdjusted: false,
      onDashboard: true,
      refreshable: true,
      sortOrder: order++,
    });
    const ref = item.sourceIds.join(", ");
    const url = ppiUrl.get(item.sourceIds[0]!) ?? ppi.source;
    const cells: [string, number | null, number | null][] = [
      [ppi.asOf, item.index, item.change12mo],
      [addMonths(ppi.asOf, -1), item.indexPrevMonth, null],
      [addMonths(ppi.asOf, -12), item.indexPrevYear, null],
    ];
    for (const [p, value, published] of cells) {
      if (value === null && published === null) continue;
      add({
        seriesId: item.seriesId,
        period: p,
        value,
        publishedChange12mo: published,
        preliminary: item.preliminary,
        sourceRef: ref,
        sourceUrl: url,
        note: value === null ? "BLS PPI Table 1 prints percent changes only; the index level was not in the snapshot." : null,
      });
    }
  }
  // PPI history: published 12-month changes of the same (unadjusted) series, and seasonally
  // adjusted index levels kept under their own WPS series (not listed, not refreshed).
  for (const row of ppi.history) {
    if ("change12mo" in row) {
      add({ seriesId: row.seriesId, period: row.asOf, value: null, publishedChange12mo: row.change12mo, preliminary: false, sourceRef: row.sourceId, sourceUrl: ppiUrl.get(row.sourceId) ?? ppi.source, note: "12-month change as printed in PPI Table 1; no index level." });
    } else if ("indexSA" in row) {
      if (!series.some((s) => s.seriesId === row.seriesIdSA)) {
        series.push({
          seriesId: row.seriesIdSA,
          survey: "PPI",
          label: `${row.sector} (seasonally adjusted)`,
          role: "aggregate",
          seasonallyAdjusted: true,
          onDashboard: false,
          refreshable: false,
          sortOrder: 1000 + order++,
        });
      }
      add({ seriesId: row.seriesIdSA, period: row.asOf, value: row.indexSA, publishedChange12mo: null, preliminary: row.preliminary, sourceRef: row.sourceId, sourceUrl: ppiUrl.get(row.sourceId) ?? ppi.source, note: null });
    }
  }

  const newsRecords: NewsItem[] = news.map((n) => {
    const documentType = inferDocumentType(n);
    return {
      documentNumber: n.documentNumber,
      title: n.title,
      description: n.description,
      source: n.source,
      documentType,
      publishedAt: new Date(`${n.publishedAt}T00:00:00.000Z`),
      category: n.category,
      url: n.url,
      impact: classifyImpact({ documentType, title: n.title, description: n.description }),
    };
  });

  const dates = news.map((n) => n.publishedAt).sort();
  return {
    series,
    observations: [...observations.values()],
    news: newsRecords,
    info: [
      { dataset: "cpi", source: cpi.source, release: cpi.release, asOf: cpi.asOf, notReadable: cpi.notReadable },
      { dataset: "ppi", source: ppi.source, release: ppi.release, asOf: ppi.asOf, notReadable: ppi.notReadable },
      {
        dataset: "news",
        source: "Federal Register (via GovInfo) and BLS news releases",
        release: `${news.length} official documents on tariffs and price releases`,
        asOf: dates.length ? `${dates[0]} to ${dates[dates.length - 1]}` : "",
        notReadable: [],
      },
    ],
  };
}

