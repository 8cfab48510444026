import "server-only";
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { evidenceFor } from "@/lib/alerts/stored-evidence";
import type { Access } from "@/lib/entitlements";
import { summaryOf, type ProjectionSummary } from "@/lib/watchlist/service";
import type { WatchFields } from "@/lib/watchlist/queries";
import { currentProjections } from "@/lib/watchlist/stored-projection";
import { csvResponse, toCsv, type CsvCell } from "./csv";
import { V1_DEFAULT_LIMIT, V1_MAX_LIMIT } from "./limits";

export { V1_DEFAULT_LIMIT, V1_MAX_LIMIT, V1_RATE_LIMIT } from "./limits";

/**
 * The public API, version 1 (docs/api.md; described by lib/api/openapi.ts): a
 * subscriber's own alerts and watchlist, read with a personal API key, as JSON or CSV.
 * Read-only. Lists are in ascending time order so a client can poll with
 * `since=<nextSince of the previous answer>`.
 */

const SINCE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

export const v1Query = z.object({
  format: z.enum(["json", "csv"], { error: 'format must be "json" or "csv".' }).optional(),
  since: z
    .string()
    .trim()
    .regex(SINCE, { error: "since must be an ISO 8601 date (2026-07-01) or date-time with a time zone (2026-07-01T12:00:00Z)." })
    .transform((s) => new Date(s.length === 10 ? `${s}T00:00:00.000Z` : s))
    .refine((d) => !Number.isNaN(d.getTime()), { error: "since is not a real date." })
    .optional(),
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int({ error: "limit must be a whole number." })
    .min(1, { error: `limit must be between 1 and ${V1_MAX_LIMIT}.` })
    .max(V1_MAX_LIMIT, { error: `limit must be between 1 and ${V1_MAX_LIMIT}.` })
    .optional(),
});
export type V1Query = z.output<typeof v1Query>;

type DecimalLike = { toNumber(): number } | number | string;
const num = (v: DecimalLike | null | undefined): number | null =>
  v === null || v === undefined ? null : typeof v === "number" ? v : typeof v === "string" ? Number(v) : v.toNumber();
const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export type V1Alert = {
  id: string;
  createdAt: string;
  kind: string;
  severity: string;
  categoryId: string;
  watchId: string | null;
  title: string;
  reason: string;
  centralPct: number | null;
  lowPct: number | null;
  highPct: number | null;
  centralCents: number | null;
  eventIds: string[];
  readAt: string | null;
  suppressed: boolean;
  evidence: unknown;
};

export type V1Watch = WatchFields & {
  armed: boolean;
  snoozedUntil: string | null;
  /** The watch's current projection, as its page shows it (lib/watchlist/stored-projection.ts). */
  projection: ProjectionSummary | null;
  /** The central projection (%) the alert engine last decided on (its fire state); the current one is `projection.central`. */
  lastCentralPct: number | null;
  evaluatedAt: string | null;
  lastFiredAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type V1List<T> = {
  data: T[];
  count: number;
  /** More rows after these: ask again with since = nextSince. */
  hasMore: boolean;
  /** The time of the last row (alerts: createdAt; watchlist: updatedAt), or null when empty. */
  nextSince: string | null;
};

function page<T>(rows: T[], limit: number, timeOf: (row: T) => string): V1List<T> {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  return { data, count: data.length, hasMore, nextSince: data.length ? timeOf(data[data.length - 1]!) : null };
}

/** The subscriber's alerts: after `since` (oldest first), else the newest `limit` (still oldest first). */
export async function listAlertsV1(db: PrismaClient, subscriberId: string, query: V1Query): Promise<V1List<V1Alert>> {
  const limit = query.limit ?? V1_DEFAULT_LIMIT;
  const rows = query.since
    ? await db.subscriberAlert.findMany({
        where: { subscriberId, createdAt: { gt: query.since } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: limit + 1,
      })
    : (
        await db.subscriberAlert.findMany({ where: { subscriberId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit })
      ).reverse();
  return page(await toV1Alerts(db, rows), limit, (a) => a.createdAt);
}

type AlertRow = Awaited<ReturnType<PrismaClient["subscriberAlert"]["findMany"]>>[number];

async function toV1Alerts(db: PrismaClient, rows: AlertRow[]): Promise<V1Alert[]> {
  const evidence = await evidenceFor(db, rows);
  return rows.map((a, i) => ({
    id: a.id,
    createdAt: a.createdAt.toISOString(),
    kind: a.kind,
    severity: a.severity,
    categoryId: a.categoryId,
    watchId: a.watchId,
    title: a.title,
    reason: a.reason,
    centralPct: num(a.centralPct),
    lowPct: num(a.lowPct),
    highPct: num(a.highPct),
    centralCents: a.centralCents,
    eventIds: a.eventIds,
    readAt: iso(a.readAt),
    suppressed: a.suppressed,
    evidence: evidence[i],
  }));
}

/** The subscriber's watches, least recently changed first: changed after `since`, else from the start; `limit` at a time; each with its current projection. */
export async function listWatchesV1(db: PrismaClient, subscriberId: string, query: V1Query, access: Pick<Access, "entitlements">, now: Date): Promise<V1List<V1Watch>> {
  const limit = query.limit ?? V1_DEFAULT_LIMIT;
  const rows = await db.watch.findMany({
    where: { subscriberId, ...(query.since ? { updatedAt: { gt: query.since } } : {}) },
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
    take: limit + 1,
  });
  return page(await toV1Watches(db, rows, access, now), limit, (w) => w.updatedAt);
}

type WatchRow = Awaited<ReturnType<PrismaClient["watch"]["findMany"]>>[number];

/** Watches in the API's shape, with their categories' names and their current projections (docs/alerts.md, "The stored projection"). */
export async function toV1Watches(db: PrismaClient, rows: WatchRow[], access: Pick<Access, "entitlements">, now: Date): Promise<V1Watch[]> {
  const categoryIds = [...new Set(rows.map((w) => w.categoryId))];
  const categories = categoryIds.length
    ? await db.consumerCategory.findMany({ where: { id: { in: categoryIds } }, select: { id: true, name: true } })
    : [];
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const lawStamp = rows.length ? ((await db.$queryRaw<{ stamp: string }[]>`SELECT stamp FROM law_changes WHERE id = 1`)[0]?.stamp ?? null) : null;
  // Each row's stored figures: the shared document its key points to (docs/alerts.md, "The stored projection").
  const figureKeys = [...new Set(rows.flatMap((w) => (w.figuresKey ? [w.figuresKey] : [])))];
  const figures = figureKeys.length ? await db.alertEvidence.findMany({ where: { key: { in: figureKeys } }, select: { key: true, evidence: true } }) : [];
  const figuresByKey = new Map(figures.map((f) => [f.key, f.evidence]));
  const projections = await currentProjections(
    db,
    rows.map((w) => ({ ...w, projection: (w.figuresKey && figuresByKey.get(w.figuresKey)) ?? null, projectedOn: w.projectedOn ? w.projectedOn.toISOString().slice(0, 10) : null })),
    now,
    lawStamp,
  );
  return rows.map((w) => {
    const stored = projections.get(w.id)?.stored;
    return {
    id: w.id,
    kind: w.kind,
    categoryId: w.categoryId,
    categoryName: names.get(w.categoryId) ?? null,
    htsCode: w.htsCode,
    name: w.name,
    priceCents: w.priceCents,
    madeIn: w.madeIn,
    perYear: w.perYear,
    thresholdPct: num(w.thresholdPct) ?? 0,
    direction: w.direction,
    horizonDays: w.horizonDays,
    armed: w.armed,
    snoozedUntil: iso(w.snoozedUntil),
    projection: stored ? summaryOf(stored, { ...w, categoryName: names.get(w.categoryId) ?? null }, access) : null,
    lastCentralPct: num(w.lastCentralPct),
    evaluatedAt: iso(w.evaluatedAt),
    lastFiredAt: iso(w.lastFiredAt),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    };
  });
}

type Column<T> = { header: string; value: (row: T) => CsvCell };

/** CSV columns of an alert (the evidence tree stays in JSON: ask for it there). */
export const ALERT_CSV_COLUMNS: readonly Column<V1Alert>[] = [
  { header: "id", value: (a) => a.id },
  { header: "created_at", value: (a) => a.createdAt },
  { header: "kind", value: (a) => a.kind },
  { header: "severity", value: (a) => a.severity },
  { header: "category_id", value: (a) => a.categoryId },
  { header: "watch_id", value: (a) => a.watchId },
  { header: "title", value: (a) => a.title },
  { header: "reason", value: (a) => a.reason },
  { header: "central_pct", value: (a) => a.centralPct },
  { header: "low_pct", value: (a) => a.lowPct },
  { header: "high_pct", value: (a) => a.highPct },
  { header: "central_cents", value: (a) => a.centralCents },
  { header: "event_ids", value: (a) => a.eventIds.join(" ") },
  { header: "read_at", value: (a) => a.readAt },
  { header: "suppressed", value: (a) => a.suppressed },
];

export const WATCH_CSV_COLUMNS: readonly Column<V1Watch>[] = [
  { header: "id", value: (w) => w.id },
  { header: "kind", value: (w) => w.kind },
  { header: "category_id", value: (w) => w.categoryId },
  { header: "category_name", value: (w) => w.categoryName },
  { header: "hts_code", value: (w) => w.htsCode },
  { header: "name", value: (w) => w.name },
  { header: "price_cents", value: (w) => w.priceCents },
  { header: "made_in", value: (w) => w.madeIn },
  { header: "per_year", value: (w) => w.perYear },
  { header: "threshold_pct", value: (w) => w.thresholdPct },
  { header: "direction", value: (w) => w.direction },
  { header: "horizon_days", value: (w) => w.horizonDays },
  { header: "armed", value: (w) => w.armed },
  { header: "snoozed_until", value: (w) => w.snoozedUntil },
  { header: "projection_status", value: (w) => w.projection?.status ?? null },
  { header: "projection_central_pct", value: (w) => w.projection?.central ?? null },
  { header: "projection_low_pct", value: (w) => w.projection?.low ?? null },
  { header: "projection_high_pct", value: (w) => w.projection?.high ?? null },
  { header: "projection_central_cents", value: (w) => w.projection?.dollars?.central ?? null },
  { header: "projection_as_of", value: (w) => w.projection?.asOf ?? null },
  { header: "projection_sentence", value: (w) => w.projection?.sentence ?? null },
  { header: "last_central_pct", value: (w) => w.lastCentralPct },
  { header: "evaluated_at", value: (w) => w.evaluatedAt },
  { header: "last_fired_at", value: (w) => w.lastFiredAt },
  { header: "created_at", value: (w) => w.createdAt },
  { header: "updated_at", value: (w) => w.updatedAt },
];

/** The answer in the asked format: the JSON list, or a CSV download named after the resource and day. */
export function v1Answer<T>(list: V1List<T>, format: V1Query["format"], resource: string, columns: readonly Column<T>[], now: Date): Response | V1List<T> {
  if (format !== "csv") return list;
  const response = csvResponse(toCsv(columns, list.data), csvName(resource, now));
  response.headers.set("X-Has-More", String(list.hasMore));
  if (list.nextSince) response.headers.set("X-Next-Since", list.nextSince);
  return response;
}

const csvName = (resource: string, now: Date) => `tariffwatch-${resource}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The export buttons of /watchlist and /alerts/mine (docs/api.md "CSV export"): every watch
 * (oldest first) or every alert (newest first) of the subscriber, in the API's CSV columns.
 * A watchlist export can be imported again as it is (lib/watchlist/import.ts reads its columns).
 */
export async function watchlistCsv(db: PrismaClient, subscriberId: string, access: Pick<Access, "entitlements">, now: Date): Promise<Response> {
  const rows = await db.watch.findMany({ where: { subscriberId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return csvResponse(toCsv(WATCH_CSV_COLUMNS, await toV1Watches(db, rows, access, now)), csvName("watchlist", now));
}

export async function alertsCsv(db: PrismaClient, subscriberId: string, now: Date): Promise<Response> {
  const rows = await db.subscriberAlert.findMany({ where: { subscriberId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return csvResponse(toCsv(ALERT_CSV_COLUMNS, await toV1Alerts(db, rows)), csvName("alerts", now));
}
