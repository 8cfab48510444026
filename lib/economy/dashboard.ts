import "server-only";
import type { PrismaClient } from "@/lib/db/generated/client";
import { presentAlerts, releaseDateIn, sourceChecks, tariffSensitiveLines, type ReleaseRef } from "./alert-presentation";
import { getCachedViews, type CacheEntry, type CachedBody } from "./cache";
import { surveyFigures, type DashboardFigure } from "./figures";
import type { DashboardDetails, DashboardResponse, DatasetDetails } from "./schemas";
import { readNews, readStoredSeries, recomputeAlerts } from "./store";

/**
 * The dashboard's answers, built from the store (never from a remote API) and served
 * through the cache in ./cache.ts. Alerts are recomputed here only when the stored ones
 * are over an hour old (their time-based rules, such as "published in the last 30 days",
 * must not go stale when no refresh runs).
 */
const ALERTS_MAX_AGE_MS = 60 * 60 * 1000;

const BLS_PAGES = { CPI: "https://www.bls.gov/cpi/", PPI: "https://www.bls.gov/ppi/" } as const;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function newest(dates: readonly Date[]): Date | null {
  let best: Date | null = null;
  for (const d of dates) if (!best || d > best) best = d;
  return best;
}

type SnapshotInfo = { dataset: string; source: string; release: string; asOf: string; notReadable: string[] };

/** The BLS release of the as-of month, when the snapshot's own description names its date. */
function releaseOf(info: SnapshotInfo | undefined): ReleaseRef | null {
  const date = info ? releaseDateIn(info.release) : null;
  return info && date ? { period: info.asOf, date } : null;
}

function datasetDetails(survey: "CPI" | "PPI", asOf: string | null, figures: DashboardFigure[], info: SnapshotInfo | undefined): DatasetDetails {
  const withFigure = figures.filter((f) => f.value !== null || f.change12mo !== null);
  const origins = new Set(withFigure.map((f) => f.origin));
  const origin: DatasetDetails["origin"] = origins.size === 0 ? "none" : origins.size > 1 ? "mixed" : origins.has("bls-api") ? "bls-api" : "snapshot";
  const name = "U.S. Bureau of Labor Statistics";
  const surveyName = survey === "CPI" ? "Consumer Price Index for All Urban Consumers (CPI-U), U.S. city average" : "Producer Price Index, final demand";
  const snapshotPart = info ? `offline snapshot: ${info.release}` : "offline snapshot";
  const detail =
    origin === "bls-api"
      ? `${surveyName}; BLS Public Data API v2`
      : origin === "snapshot"
        ? `${surveyName}; ${snapshotPart}`
        : origin === "mixed"
          ? `${surveyName}; BLS Public Data API v2 and the ${snapshotPart}`
          : surveyName;
  const url = origin === "snapshot" && info ? info.source : BLS_PAGES[survey];
  return {
    asOf,
    origin,
    source: { name, detail, url },
    fetchedAt: iso(newest(withFigure.map((f) => f.fetchedAt))),
    missing: figures.filter((f) => f.value === null && f.change12mo === null).map((f) => f.label),
    snapshotNotReadable: info?.notReadable ?? [],
    snapshotAsOf: info?.asOf ?? null,
    releasedOn: asOf && releaseOf(info)?.period === asOf ? releaseOf(info)!.date : null,
    series: Object.fromEntries(
      figures.map((f) => [
        f.label,
        {
          seriesId: f.seriesId,
          basis: f.change12moBasis,
          preliminary: f.preliminary,
          note: f.note,
          latestPeriodWithValue: f.latestPeriodWithValue,
          history: f.history,
        },
      ]),
    ),
  };
}

export async function buildEconomicViews(db: PrismaClient, now: Date): Promise<{ dashboard: DashboardResponse; details: DashboardDetails }> {
  const latestAlert = await db.economicAlert.findFirst({ orderBy: { computedAt: "desc" }, select: { computedAt: true } });
  const finished = { status: { not: "running" } } as const;
  const [series, news, infoRows, lastRun, lastSuccess, lastBls, lastFederalRegister, categories] = await Promise.all([
    readStoredSeries(db),
    readNews(db, 20),
    db.economicSnapshotInfo.findMany(),
    db.economicRefreshRun.findFirst({ where: finished, orderBy: { startedAt: "desc" } }),
    db.economicRefreshRun.findFirst({ where: { status: "success" }, orderBy: { startedAt: "desc" } }),
    // The refresh ledger: the last runs that got an answer from BLS and from the Federal Register.
    db.economicRefreshRun.findFirst({ where: { ...finished, OR: [{ status: "success" }, { observationsStored: { gt: 0 } }] }, orderBy: { startedAt: "desc" } }),
    db.economicRefreshRun.findFirst({ where: { ...finished, OR: [{ status: "success" }, { newsStored: { gt: 0 } }] }, orderBy: { startedAt: "desc" } }),
    // The consumer categories of the tariff tables: which CPI lines are tariff-sensitive.
    db.consumerCategory.findMany({ select: { name: true, cpiSeriesId: true }, orderBy: [{ sortOrder: "asc" }, { name: "asc" }] }),
  ]);
  const hasData = series.some((s) => s.observations.length > 0) || news.length > 0;
  if (hasData && (!latestAlert || now.getTime() - latestAlert.computedAt.getTime() > ALERTS_MAX_AGE_MS)) {
    await recomputeAlerts(db, now);
  }
  const stored = await db.economicAlert.findMany({ orderBy: [{ rank: "asc" }, { raisedAt: "desc" }] });

  const cpi = surveyFigures(series.filter((s) => s.survey === "CPI"));
  const ppi = surveyFigures(series.filter((s) => s.survey === "PPI"));
  const info = new Map(infoRows.map((r) => [r.dataset, r]));

  // Tariff-sensitive categories first, then the other price moves (energy labelled as such).
  const presented = presentAlerts(stored, {
    series,
    tariffLines: tariffSensitiveLines(categories),
    releasedOn: { CPI: releaseOf(info.get("cpi")), PPI: releaseOf(info.get("ppi")) },
  });
  const byId = new Map(stored.map((a) => [a.id, a]));
  const alerts = presented.map((p) => byId.get(p.id)!);

  const fetched = [
    ...[...cpi.figures, ...ppi.figures].filter((f) => f.value !== null || f.change12mo !== null).map((f) => f.fetchedAt),
    ...news.map((n) => n.fetchedAt),
  ];
  const lastUpdated = newest(fetched) ?? now;

  const dashboard: DashboardResponse = {
    lastUpdated: lastUpdated.toISOString(),
    alerts: alerts.map((a) => ({
      id: a.id,
      title: a.title,
      message: a.message,
      timestamp: a.raisedAt.toISOString(),
      severity: a.severity === "high" || a.severity === "medium" ? a.severity : "low",
    })),
    cpi: cpi.figures.map((f) => ({ category: f.label, value: f.value, change: f.change12mo })),
    ppi: ppi.figures.map((f) => ({ sector: f.label, value: f.value, change: f.change12mo })),
    news: news.map((n) => ({
      title: n.title,
      description: n.description,
      source: n.source,
      publishedAt: n.publishedAt.toISOString(),
      category: n.category,
      url: n.url,
      impact: n.impact === "high" || n.impact === "medium" ? n.impact : "low",
    })),
  };

  const newsOrigins = new Set(news.map((n) => n.origin));
  const newsInfo = info.get("news");
  const newsOrigin = newsOrigins.size === 0 ? "none" : newsOrigins.size > 1 ? "mixed" : newsOrigins.has("federal-register") ? "federal-register" : "snapshot";
  const details: DashboardDetails = {
    cpi: datasetDetails("CPI", cpi.asOf, cpi.figures, info.get("cpi")),
    ppi: datasetDetails("PPI", ppi.asOf, ppi.figures, info.get("ppi")),
    news: {
      origin: newsOrigin,
      source: {
        name: "Federal Register",
        detail:
          newsOrigin === "federal-register"
            ? "Federal Register documents API, filtered on tariffs"
            : newsOrigin === "mixed"
              ? `Federal Register documents API and the offline snapshot (${newsInfo?.release ?? "official documents"})`
              : `Offline snapshot: ${newsInfo?.release ?? "official documents"}, ${newsInfo?.asOf ?? ""}`.replace(/, $/, ""),
        url: "https://www.federalregister.gov/documents/search?conditions%5Bterm%5D=tariffs",
      },
      fetchedAt: iso(newest(news.map((n) => n.fetchedAt))),
    },
    refresh: {
      lastRunAt: iso(lastRun?.finishedAt ?? lastRun?.startedAt),
      lastStatus: lastRun?.status ?? null,
      lastSuccessAt: iso(lastSuccess?.finishedAt ?? lastSuccess?.startedAt),
    },
    checks: sourceChecks([lastRun, lastBls, lastFederalRegister].filter((r) => r !== null)),
    alerts: presented,
  };
  return { dashboard, details };
}

/** The cached answers (see ./cache.ts). */
export function economicViews(db: () => PrismaClient, now: () => Date = () => new Date()): Promise<CacheEntry> {
  return getCachedViews(async () => buildEconomicViews(db(), now()));
}

/**
 * Answers with a cached body: 304 when the browser already has it (its ETag), else the
 * bytes as they are. By default `no-cache`: the browser may keep a copy but asks every time; a route may pass its own Cache-Control.
 */
export function respondWithCached(request: Request, body: CachedBody, cacheControl = "no-cache"): Response {
  const match = request.headers.get("if-none-match");
  if (match && match.split(",").some((t) => t.trim() === body.etag)) {
    return new Response(null, { status: 304, headers: { "Cache-Control": cacheControl, ETag: body.etag } });
  }
  return new Response(body.bytes, {
    status: 200,
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(body.bytes.byteLength), "Cache-Control": cacheControl, ETag: body.etag },
  });
}
