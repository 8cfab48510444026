import "server-only";
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import { diffRows, type DiffRow } from "@/lib/tariffs/hts-diff";
import { loadLaw } from "@/lib/tariffs/law";
import { measureStatusOn } from "@/lib/tariffs/status";
import type { MeasureEvent, MeasureStatus, SourceDocument, TariffMeasure } from "@/lib/tariffs/types";
import type { ReevaluationSummary } from "./tariff-schemas";

/**
 * What /admin/tariffs shows (docs/tariffs.md "Operator side"): every measure with its
 * status today (folded from its events), events in date order with their sources, the
 * categories whose HTS lines it covers (ONE query for all measures), the number of watches
 * a change to it re-evaluates (ONE aggregate, over distinct watched lines, so its cost is
 * bounded by lines x measures, not by the number of watches), the audit log and the
 * items waiting for review: Federal Register documents and HTS revision changes with their diff.
 */
export type AdminMeasure = TariffMeasure & {
  status: MeasureStatus;
  statusSince: string | null;
  /** The rate in force today after rate events (fraction), as the fold says. */
  rateToday: number | null;
  nextChange: { date: string; type: string } | null;
  source: SourceDocument | null;
  events: (MeasureEvent & { source: SourceDocument | null })[];
  categories: { id: string; name: string }[];
  watches: number;
  /** Made by an operator ("op_"): kept by a re-load of the committed tables. */
  operatorMade: boolean;
};

export type AuditRow = {
  id: string;
  at: string;
  actor: string;
  action: string;
  measureId: string | null;
  eventId: string | null;
  before: unknown;
  after: unknown;
  summary: ReevaluationSummary | null;
};

export type ReviewRow = {
  id: string;
  documentNumber: string;
  title: string;
  url: string;
  publishedAt: string;
  status: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  /** federal-register, or an HTS revision change: hts-line, hts-ch99, hts-statistical (docs/tariffs.md, "HTS revisions"). */
  kind: string;
  releaseId: string | null;
  hts: string | null;
  /** An HTS change's before and after, row by row (empty for a Federal Register document). */
  diff: DiffRow[];
  /** Measures citing an hts-ch99 item's heading. */
  measureIds: string[];
};

export type TariffOverview = {
  today: string;
  measures: AdminMeasure[];
  audit: AuditRow[];
  toReview: ReviewRow[];
  resolved: ReviewRow[];
};

export const AUDIT_ROWS_SHOWN = 50;

/*
 * Prefix matching as equality joins: every line (or watched line) is expanded into its own
 * prefixes of 2 to 10 digits, which are joined on the measures' prefixes (a hash join), so
 * a measure listing thousands of HTS8 codes (the Section 301 lists) costs no more than a
 * measure with one: never a LIKE per (line, prefix) pair.
 */

/**
 * Per measure: the categories whose HTS lines fall in its product scope (exclusions applied).
 * One query; `ids` limits it to those measures (the page shown: 0.8 s instead of 2.2 s on the
 * embedded database for 10 of 45 measures).
 */
export async function categoriesByMeasure(db: Pick<PrismaClient, "$queryRaw">, ids?: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const only = ids ? Prisma.sql`WHERE m.id = ANY(${ids}::text[])` : Prisma.empty;
  const rows = await db.$queryRaw<{ measureId: string; categories: { id: string; name: string; sort: number }[] }[]>`
    WITH mp AS (SELECT m.id, p FROM tariff_measures m, unnest(m.products) p ${only}),
    mx AS (SELECT m.id, x FROM tariff_measures m, unnest(m."excludedProducts") x ${only}),
    lp AS (
      SELECT h.digits, h."categoryId" AS cat, left(h.digits, k) AS p
      FROM hts_lines h, generate_series(2, 10) k WHERE k <= length(h.digits)
    ),
    covered AS (
      SELECT mp.id, lp.digits, lp.cat FROM mp JOIN lp ON lp.p = mp.p
      UNION
      SELECT mp.id, h.digits, h."categoryId" FROM mp JOIN hts_lines h ON mp.p = '*'
    ),
    excluded AS (SELECT DISTINCT mx.id, lp.digits FROM mx JOIN lp ON lp.p = mx.x),
    pairs AS (
      SELECT DISTINCT cv.id, cv.cat FROM covered cv
      WHERE NOT EXISTS (SELECT 1 FROM excluded e WHERE e.id = cv.id AND e.digits = cv.digits)
    )
    SELECT pr.id AS "measureId", json_agg(json_build_object('id', c.id, 'name', c.name, 'sort', c."sortOrder")) AS categories
    FROM pairs pr JOIN consumer_categories c ON c.id = pr.cat
    GROUP BY pr.id`;
  const byMeasure = new Map<string, { id: string; name: string }[]>();
  for (const r of rows) {
    const list = [...r.categories].sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
    byMeasure.set(
      r.measureId,
      list.map((c) => ({ id: c.id, name: c.name })),
    );
  }
  return byMeasure;
}

/**
 * Per measure: the watches a change to it re-evaluates (the rule of lib/alerts/evaluate.ts:
 * the watch's line — its pinned HTS code, else its category's reference line — starts with
 * one of the measure's product prefixes, "*" = every line). One aggregate over the distinct
 * watched lines, so its cost is bounded by lines x prefixes, not by the number of watches.
 */
export async function watchesByMeasure(db: Pick<PrismaClient, "$queryRaw">): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ measureId: string; watches: number }[]>`
    WITH lines AS (
      SELECT regexp_replace(COALESCE(w."htsCode", c."referenceHts"), '\\D', '', 'g') AS digits, count(*)::int AS n
      FROM watches w JOIN consumer_categories c ON c.id = w."categoryId"
      GROUP BY 1
    ),
    lp AS (SELECT l.digits, left(l.digits, k) AS p FROM lines l, generate_series(2, 10) k WHERE k <= length(l.digits)),
    mp AS (SELECT m.id, p FROM tariff_measures m, unnest(m.products) p),
    hit AS (
      SELECT mp.id, lp.digits FROM mp JOIN lp ON lp.p = mp.p
      UNION
      SELECT mp.id, l.digits FROM mp JOIN lines l ON mp.p = '*'
    )
    SELECT hit.id AS "measureId", sum(l.n)::int AS watches
    FROM hit JOIN lines l ON l.digits = hit.digits
    GROUP BY hit.id`;
  return new Map(rows.map((r) => [r.measureId, Number(r.watches)]));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function reviewRow(r: Prisma.TariffReviewItemGetPayload<object>): ReviewRow {
  return {
    id: r.id,
    documentNumber: r.documentNumber,
    title: r.title,
    url: r.url,
    publishedAt: r.publishedAt.toISOString(),
    status: r.status,
    resolvedAt: iso(r.resolvedAt),
    resolvedBy: r.resolvedBy,
    kind: r.kind,
    releaseId: r.releaseId,
    hts: r.hts,
    diff: diffRows(r.kind, r.diff),
    measureIds: r.measureIds ?? [],
  };
}

/**
 * `pick` chooses, from every measure in the page's order, the ones shown (all by default; the
 * page shows ten: lib/admin/measure-page.ts); the categories are looked up for those only.
 */
export async function loadTariffOverview(db: PrismaClient, now: Date, pick: (sorted: AdminMeasure[]) => AdminMeasure[] = (all) => all): Promise<TariffOverview> {
  const today = now.toISOString().slice(0, 10);
  const [law, watches, audit, toReview, resolved] = await Promise.all([
    loadLaw(db),
    watchesByMeasure(db),
    db.tariffAuditLog.findMany({ orderBy: [{ at: "desc" }, { id: "asc" }], take: AUDIT_ROWS_SHOWN }),
    db.tariffReviewItem.findMany({ where: { status: "to-review" }, orderBy: [{ publishedAt: "desc" }, { documentNumber: "asc" }], take: 100 }),
    db.tariffReviewItem.findMany({ where: { status: { not: "to-review" } }, orderBy: [{ resolvedAt: "desc" }, { documentNumber: "asc" }], take: 20 }),
  ]);
  const order: Record<string, number> = { in_force: 0, scheduled: 1, proposed: 2, announced: 3, paused: 4, unknown: 5, expired: 6, struck_down: 7 };
  const measures: AdminMeasure[] = law.measures.map((m) => {
    const state = measureStatusOn(m, law.events, today);
    return {
      ...m,
      status: state.status,
      statusSince: state.since,
      rateToday: state.rate,
      nextChange: state.nextChange,
      source: law.sources.get(m.sourceId) ?? null,
      events: law.events.filter((e) => e.measureId === m.id).map((e) => ({ ...e, source: law.sources.get(e.sourceId) ?? null })),
      categories: [],
      watches: watches.get(m.id) ?? 0,
      operatorMade: m.id.startsWith("op_"),
    };
  });
  measures.sort((a, b) => (order[a.status] ?? 9) - (order[b.status] ?? 9) || a.authority.localeCompare(b.authority) || a.name.localeCompare(b.name));
  const shown = pick(measures);
  const categories = shown.length ? await categoriesByMeasure(db, shown.length === measures.length ? undefined : shown.map((m) => m.id)) : new Map<string, never[]>();
  return {
    today,
    measures: shown.map((m) => ({ ...m, categories: categories.get(m.id) ?? [] })),
    audit: audit.map((a) => ({
      id: a.id,
      at: a.at.toISOString(),
      actor: a.actor,
      action: a.action,
      measureId: a.measureId,
      eventId: a.eventId,
      before: a.before,
      after: a.after,
      summary: (a.summary as ReevaluationSummary | null) ?? null,
    })),
    toReview: toReview.map(reviewRow),
    resolved: resolved.map(reviewRow),
  };
}
