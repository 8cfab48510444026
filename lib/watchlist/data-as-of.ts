import type { PrismaClient } from "@/lib/db/generated/client";
import { twelveMonthChange } from "@/lib/economy/change";
import { formatPeriod } from "@/lib/economy/periods";
import { num, type Law } from "@/lib/tariffs/law";
import { TABLES_META } from "@/lib/tariffs/projection-document";
import type { ConsumerCategory } from "@/lib/tariffs/types";

/**
 * What the watchlist and a watch's page show beside the projection (docs/tariffs.md,
 * "Watchlist and projections"): the category's observed CPI and the data versions.
 */

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
