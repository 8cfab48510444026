/**
 * The live figures the landing page shows (docs/product-rules.md §D9; docs/claims.md): each is
 * a count of rows the product wrote, with what it counts and when. The figures that come
 * from the committed tariff tables (measures, categories, HTS lines) are counted at build
 * time instead (lib/alerts/reference-basket.ts, `tableCounts`).
 */
import type { PrismaClient } from "@/lib/db/generated/client";

export const ALERTS_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export type PublicStats = {
  /** Subscriber alerts emailed (instant) or included in a digest in the last 30 days. */
  alertsSent30d: number;
  /** The window counted: [from, to) as ISO times. */
  alertsWindow: { from: string; to: string };
  economicData: {
    /** Latest month with a stored CPI value (YYYY-MM), null when none is stored. */
    cpiThrough: string | null;
    /** Where that value came from: "bls-api" (the scheduled refresh) or "snapshot" (the shipped offline copy). */
    cpiOrigin: string | null;
    /** When that value reached the store: fetched from the BLS API, or loaded from the snapshot. */
    cpiFetchedAt: string | null;
    /** When the last successful refresh from BLS and the Federal Register finished, null when none has run. */
    lastRefreshAt: string | null;
  };
  /** When these figures were counted. */
  countedAt: string;
};

type Db = Pick<PrismaClient, "subscriberAlert" | "economicObservation" | "economicRefreshRun">;

export async function publicStats(db: Db, now: Date): Promise<PublicStats> {
  const from = new Date(now.getTime() - ALERTS_WINDOW_DAYS * DAY_MS);
  const [alertsSent30d, cpi, refresh] = await Promise.all([
    db.subscriberAlert.count({
      where: { OR: [{ emailedAt: { gte: from, lte: now } }, { digestedAt: { gte: from, lte: now } }] },
    }),
    db.economicObservation.findFirst({
      where: { value: { not: null }, series: { survey: "CPI" } },
      orderBy: { period: "desc" },
      select: { period: true, origin: true, fetchedAt: true },
    }),
    db.economicRefreshRun.findFirst({
      where: { status: "success" },
      orderBy: { startedAt: "desc" },
      select: { startedAt: true, finishedAt: true },
    }),
  ]);
  return {
    alertsSent30d,
    alertsWindow: { from: from.toISOString(), to: now.toISOString() },
    economicData: {
      cpiThrough: cpi?.period ?? null,
      cpiOrigin: cpi?.origin ?? null,
      cpiFetchedAt: cpi ? cpi.fetchedAt.toISOString() : null,
      lastRefreshAt: refresh ? (refresh.finishedAt ?? refresh.startedAt).toISOString() : null,
    },
    countedAt: now.toISOString(),
  };
}
