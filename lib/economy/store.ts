/**
 * Reading and writing the economic store (prisma/schema.prisma, section "Economic data").
 * Every function takes the database client; the time is an argument. No `server-only`:
 * the seed and the refresh command use it too.
 */
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { BlsSeriesData } from "./bls-client";
import { surveyFigures, type StoredSeries } from "./figures";
import { computeAlerts, type NewsFigure, type NewsItem } from "./rules";
import type { SnapshotRecords } from "./snapshot";

export type Db = PrismaClient | Prisma.TransactionClient;

export const BLS_SOURCE_REF = "BLS Public Data API v2";

const toNumber = (d: Prisma.Decimal | null): number | null => (d === null ? null : Number(d));

/** Loads the shipped snapshot. Rows already in the store (e.g. newer live data) are kept. */
export async function loadSnapshotIntoStore(db: Db, records: SnapshotRecords, now: Date): Promise<void> {
  await db.economicSeries.createMany({ data: records.series, skipDuplicates: true });
  await db.economicObservation.createMany({
    data: records.observations.map((o) => ({ ...o, origin: "snapshot", fetchedAt: now })),
    skipDuplicates: true,
  });
  await db.economicNewsItem.createMany({
    data: records.news.map((n) => ({ ...n, origin: "snapshot", sourceUrl: n.url, fetchedAt: now })),
    skipDuplicates: true,
  });
  for (const info of records.info) {
    await db.economicSnapshotInfo.upsert({ where: { dataset: info.dataset }, create: { ...info, loadedAt: now }, update: {} });
  }
}

/** The listed series of one survey (or both) with every stored observation. */
export async function readStoredSeries(db: Db, survey?: "CPI" | "PPI"): Promise<StoredSeries[]> {
  const rows = await db.economicSeries.findMany({
    where: { onDashboard: true, ...(survey ? { survey } : {}) },
    orderBy: { sortOrder: "asc" },
    include: { observations: true },
  });
  return rows.map((s) => ({
    seriesId: s.seriesId,
    survey: s.survey === "PPI" ? "PPI" : "CPI",
    label: s.label,
    role: s.role === "headline" || s.role === "aggregate" ? s.role : "category",
    sortOrder: s.sortOrder,
    observations: s.observations.map((o) => ({
      period: o.period,
      value: toNumber(o.value),
      publishedChange12mo: toNumber(o.publishedChange12mo),
      preliminary: o.preliminary,
      origin: o.origin,
      sourceRef: o.sourceRef,
      sourceUrl: o.sourceUrl,
      note: o.note,
      fetchedAt: o.fetchedAt,
    })),
  }));
}

/**
 * Stores what the BLS API returned: new months are inserted, changed levels (revisions)
 * updated, unchanged ones marked as confirmed by the API at `now`. One transaction per
 * batch, so a batch is stored whole or not at all.
 */
export async function storeBlsSeries(
  db: PrismaClient,
  data: readonly BlsSeriesData[],
  now: Date,
  sourceUrl: string,
): Promise<{ stored: number; changed: number }> {
  const ids = data.map((s) => s.seriesId);
  if (ids.length === 0) return { stored: 0, changed: 0 };
  return db.$transaction(async (tx) => {
    const known = new Set((await tx.economicSeries.findMany({ where: { seriesId: { in: ids } }, select: { seriesId: true } })).map((s) => s.seriesId));
    const existing = await tx.economicObservation.findMany({ where: { seriesId: { in: ids } } });
    const byKey = new Map(existing.map((o) => [`${o.seriesId}|${o.period}`, o]));
    const inserts: Prisma.EconomicObservationCreateManyInput[] = [];
    const confirmedByPeriod = new Map<string, string[]>();
    let changed = 0;
    let stored = 0;
    const provenance = { origin: "bls-api", sourceRef: BLS_SOURCE_REF, sourceUrl, fetchedAt: now };
    for (const s of data) {
      if (!known.has(s.seriesId)) continue;
      for (const p of s.points) {
        stored++;
        const row = byKey.get(`${s.seriesId}|${p.period}`);
        if (!row) {
          inserts.push({ seriesId: s.seriesId, period: p.period, value: p.value, preliminary: p.preliminary, note: null, ...provenance });
          changed++;
        } else if (toNumber(row.value) !== p.value || row.preliminary !== p.preliminary) {
          await tx.economicObservation.update({ where: { id: row.id }, data: { value: p.value, preliminary: p.preliminary, note: null, ...provenance } });
          changed++;
        } else {
          const list = confirmedByPeriod.get(p.period) ?? [];
          list.push(s.seriesId);
          confirmedByPeriod.set(p.period, list);
        }
      }
    }
    if (inserts.length) await tx.economicObservation.createMany({ data: inserts, skipDuplicates: true });
    for (const [period, seriesIds] of confirmedByPeriod) {
      await tx.economicObservation.updateMany({ where: { period, seriesId: { in: seriesIds } }, data: { ...provenance, note: null } });
    }
    return { stored, changed };
  });
}

/** Stores Federal Register documents by document number (a newer copy replaces an older one). */
export async function storeNews(db: PrismaClient, items: readonly NewsItem[], now: Date, sourceUrl: string): Promise<{ stored: number; changed: number }> {
  if (items.length === 0) return { stored: 0, changed: 0 };
  return db.$transaction(async (tx) => {
    const existing = await tx.economicNewsItem.findMany({ where: { documentNumber: { in: items.map((i) => i.documentNumber) } } });
    const byNumber = new Map(existing.map((n) => [n.documentNumber, n]));
    let changed = 0;
    for (const item of items) {
      const row = byNumber.get(item.documentNumber);
      const data = { ...item, origin: "federal-register", sourceUrl, fetchedAt: now };
      if (!row) {
        await tx.economicNewsItem.create({ data });
        changed++;
      } else {
        const same =
          row.title === item.title &&
          row.description === item.description &&
          row.url === item.url &&
          row.impact === item.impact &&
          row.category === item.category &&
          row.publishedAt.getTime() === item.publishedAt.getTime() &&
          row.origin === "federal-register";
        if (!same) changed++;
        await tx.economicNewsItem.update({ where: { id: row.id }, data });
      }
    }
    return { stored: items.length, changed };
  });
}

/** News shown on the dashboard: the newest first. */
export async function readNews(db: Db, take = 20) {
  return db.economicNewsItem.findMany({ orderBy: [{ publishedAt: "desc" }, { documentNumber: "asc" }], take });
}

/**
 * Runs the rules (lib/economy/rules.ts) over the stored data and replaces the stored
 * alerts with the result. An alert that was already there keeps its first `raisedAt`.
 */
export async function recomputeAlerts(db: PrismaClient, now: Date): Promise<number> {
  const series = await readStoredSeries(db);
  const cpi = surveyFigures(series.filter((s) => s.survey === "CPI")).figures;
  const ppi = surveyFigures(series.filter((s) => s.survey === "PPI")).figures;
  const news: NewsFigure[] = (await readNews(db, 100)).map((n) => ({
    documentNumber: n.documentNumber,
    title: n.title,
    description: n.description,
    documentType: n.documentType,
    publishedAt: n.publishedAt,
    impact: n.impact === "high" || n.impact === "medium" ? n.impact : "low",
    url: n.url,
    origin: n.origin,
    sourceUrl: n.sourceUrl,
    fetchedAt: n.fetchedAt,
  }));
  const drafts = computeAlerts({ series: [...cpi, ...ppi], news, now });
  await db.$transaction(async (tx) => {
    const existing = await tx.economicAlert.findMany();
    const key = (a: { ruleId: string; subjectKey: string; period: string }) => `${a.ruleId}|${a.subjectKey}|${a.period}`;
    const wanted = new Set(drafts.map(key));
    const stale = existing.filter((a) => !wanted.has(key(a))).map((a) => a.id);
    if (stale.length) await tx.economicAlert.deleteMany({ where: { id: { in: stale } } });
    const byKey = new Map(existing.map((a) => [key(a), a]));
    for (const [rank, { score: _score, ...d }] of drafts.entries()) {
      const row = byKey.get(key(d));
      if (row) await tx.economicAlert.update({ where: { id: row.id }, data: { ...d, rank, computedAt: now } });
      else await tx.economicAlert.create({ data: { ...d, rank, raisedAt: now, computedAt: now } });
    }
  });
  return drafts.length;
}

/** BLS queries made since `since`, by every refresh run (the daily budget). */
export async function blsRequestsSince(db: Db, since: Date): Promise<number> {
  const result = await db.economicRefreshRun.aggregate({ where: { startedAt: { gte: since } }, _sum: { blsRequests: true } });
  return result._sum.blsRequests ?? 0;
}
