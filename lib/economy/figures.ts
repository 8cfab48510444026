/**
 * From stored observations to the figures the dashboard shows and the rules judge. Pure:
 * the store's rows come in, numbers go out. A figure is taken at its survey's as-of month
 * (the newest month any listed series of that survey has), so every row of a list is the
 * same month; a series without that month shows as missing, never as an older value.
 */
import { oneMonthChange, twelveMonthChange } from "./change";
import type { SeriesFigure } from "./rules";

export type StoredObservation = {
  period: string;
  value: number | null;
  publishedChange12mo: number | null;
  preliminary: boolean;
  origin: string;
  sourceRef: string;
  sourceUrl: string;
  note: string | null;
  fetchedAt: Date;
};

export type StoredSeries = {
  seriesId: string;
  survey: "CPI" | "PPI";
  label: string;
  role: "headline" | "category" | "aggregate";
  sortOrder: number;
  /** In any order. */
  observations: readonly StoredObservation[];
};

export type HistoryPoint = { period: string; value: number };

export type DashboardFigure = SeriesFigure & {
  /** Why a value or change is missing, when it is. */
  note: string | null;
  /** Index levels in time order (gaps are simply absent: never filled). */
  history: HistoryPoint[];
  /** Newest month this series has an index level for. */
  latestPeriodWithValue: string | null;
};

function hasFigure(o: StoredObservation): boolean {
  return o.value !== null || o.publishedChange12mo !== null;
}

/** The newest month any of the series has a value or a printed change for; null when none. */
export function surveyAsOf(series: readonly StoredSeries[]): string | null {
  let newest: string | null = null;
  for (const s of series) {
    for (const o of s.observations) {
      if (hasFigure(o) && (newest === null || o.period > newest)) newest = o.period;
    }
  }
  return newest;
}

export function figureAt(series: StoredSeries, period: string): DashboardFigure {
  const sorted = [...series.observations].sort((a, b) => a.period.localeCompare(b.period));
  const levels = new Map<string, number>();
  for (const o of sorted) if (o.value !== null) levels.set(o.period, o.value);
  const at = sorted.find((o) => o.period === period);
  const computed = twelveMonthChange(levels, period);
  const published = at?.publishedChange12mo ?? null;
  const change12mo = computed ?? published;
  const basis = computed !== null ? "computed" : published !== null ? "published" : null;
  const newest = sorted[sorted.length - 1];
  const provenance = at ?? newest;
  const history = sorted.filter((o) => o.value !== null).map((o) => ({ period: o.period, value: o.value as number }));

  let note: string | null = at?.note ?? null;
  if (!at || (at.value === null && at.publishedChange12mo === null)) note = "No figure for this month in the stored data.";
  else if (at.value !== null && computed === null) note = "The index level of 12 months earlier is not in the stored data, so the 12-month change cannot be computed.";

  return {
    seriesId: series.seriesId,
    survey: series.survey,
    label: series.label,
    role: series.role,
    period,
    value: at?.value ?? null,
    change12mo,
    change12moBasis: basis,
    changeOneMonth: oneMonthChange(levels, period),
    preliminary: at?.preliminary ?? false,
    origin: provenance?.origin ?? "none",
    sourceUrl: provenance?.sourceUrl ?? "",
    fetchedAt: provenance?.fetchedAt ?? new Date(0),
    note,
    history,
    latestPeriodWithValue: history.length ? history[history.length - 1]!.period : null,
  };
}

/** Figures of a survey's listed series at its as-of month, in dashboard order. */
export function surveyFigures(series: readonly StoredSeries[]): { asOf: string | null; figures: DashboardFigure[] } {
  const asOf = surveyAsOf(series);
  if (asOf === null) return { asOf, figures: [] };
  const ordered = [...series].sort((a, b) => a.sortOrder - b.sortOrder);
  return { asOf, figures: ordered.map((s) => figureAt(s, asOf)) };
}
