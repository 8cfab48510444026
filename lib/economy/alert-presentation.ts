/**
 * How the dashboard presents its alerts and figures (docs/economy.md "The
 * page"): what kind of alert each one is, in which order they are listed, the period each
 * describes ("May 2026 CPI, released June 10, 2026") and when each source was last checked.
 * Pure functions of their inputs; unit tests in tests/unit/economy-alert-presentation.test.ts.
 *
 * KINDS AND ORDER
 *   1. tariff-category  a CPI line that holds one of the consumer categories of our tariff
 *                       tables (data/tariffs/categories.json, their `cpiSeriesId`), and
 *      tariff-action    a tariff document from the Federal Register;
 *   2. price-index      every other price move: all-items CPI, broad groups, PPI lines, and
 *      energy           energy lines, labelled "Energy price move (not a tariff alert)";
 *   3. data-notice      the "figures are from <month>" notice.
 * Within a group the rules' own order stays (most severe first, then the size of the
 * change or how recent the document is: lib/economy/rules.ts).
 *
 * Which dashboard line holds a tariff-table category follows BLS's CPI item structure
 * (the indent levels of CPI Table 2 of the monthly release, https://www.bls.gov/cpi/tables/
 * relative-importance/): a category's own series when the dashboard lists it, else the
 * narrowest dashboard line above it. Broad groups (Food, Food at home, Housing) and the
 * special aggregates hold everything below them and stay general index moves.
 */
import { formatPeriod, isPeriod, monthOfName } from "./periods";

export type AlertKind = "tariff-category" | "tariff-action" | "price-index" | "energy" | "data-notice";

export const ALERT_KIND_LABEL: Record<AlertKind, string> = {
  "tariff-category": "Tariff-sensitive category",
  "tariff-action": "Tariff action",
  "price-index": "Price index move",
  energy: "Energy price move (not a tariff alert)",
  "data-notice": "Data notice",
};

const GROUP: Record<AlertKind, number> = { "tariff-category": 0, "tariff-action": 0, "price-index": 1, energy: 1, "data-notice": 2 };

const CPI = (code: string) => `CUUR0000${code}`;

/**
 * The dashboard CPI line each tariff-table series sits in (BLS item structure). A series
 * the dashboard lists itself maps to itself. `null`: no dashboard line narrower than a broad
 * group or special aggregate holds it (recreation, transportation, communication, medical
 * and personal-care items). The unit test fails when a category of the tariff tables names
 * a series that is not in this table, so each new one gets a decision.
 */
export const DASHBOARD_LINE_OF: Readonly<Record<string, string | null>> = {
  // Apparel (SAA) holds footwear (SEAE) and jewelry and watches (SEAG).
  [CPI("SAA")]: CPI("SAA"),
  [CPI("SEAE")]: CPI("SAA"),
  [CPI("SEAG01")]: CPI("SAA"),
  [CPI("SEAG02")]: CPI("SAA"),
  // Meats, poultry, fish, and eggs (SAF112): beef and veal (SEFC), fish and seafood (SEFG).
  [CPI("SEFC")]: CPI("SAF112"),
  [CPI("SEFG")]: CPI("SAF112"),
  // Fruits and vegetables (SAF113): bananas (SEFK02) and fresh vegetables (SEFL).
  [CPI("SEFK02")]: CPI("SAF113"),
  [CPI("SEFL03")]: CPI("SAF113"),
  // Nonalcoholic beverages and beverage materials (SAF114): coffee (SEFP01).
  [CPI("SEFP01")]: CPI("SAF114"),
  // Other food at home (SAF115): sugar and sweets (SEFR), fats and oils (SEFS).
  [CPI("SEFR02")]: CPI("SAF115"),
  [CPI("SEFS")]: CPI("SAF115"),
  // Alcoholic beverages (SAF116): alcoholic beverages at home (SEFW).
  [CPI("SEFW02")]: CPI("SAF116"),
  [CPI("SEFW03")]: CPI("SAF116"),
  // Household furnishings and operations (SAH3): floor coverings (SEHH), furniture and
  // bedding (SEHJ), appliances (SEHK, laundry equipment SS30021 within), other household
  // equipment (SEHL) and tools, hardware and supplies (SEHM).
  [CPI("SEHH01")]: CPI("SAH3"),
  [CPI("SEHJ")]: CPI("SAH3"),
  [CPI("SEHJ01")]: CPI("SAH3"),
  [CPI("SEHJ02")]: CPI("SAH3"),
  [CPI("SEHK01")]: CPI("SAH3"),
  [CPI("SEHK02")]: CPI("SAH3"),
  [CPI("SS30021")]: CPI("SAH3"),
  [CPI("SEHL01")]: CPI("SAH3"),
  [CPI("SEHL03")]: CPI("SAH3"),
  [CPI("SEHL04")]: CPI("SAH3"),
  [CPI("SEHM01")]: CPI("SAH3"),
  // Not under a dashboard line narrower than "Commodities" or "Durables".
  [CPI("SERE01")]: null,
  [CPI("SERC01")]: null,
  [CPI("SERC02")]: null,
  [CPI("SERA01")]: null,
  [CPI("SERA05")]: null,
  [CPI("SEEE01")]: null,
  [CPI("SEEE04")]: null,
  [CPI("SETA01")]: null,
  [CPI("SETC01")]: null,
  [CPI("SETC02")]: null,
  [CPI("SAM1")]: null,
  [CPI("SEGB02")]: null,
};

/** A tariff-table category as the store has it (consumer_categories). */
export type TariffCategoryRef = { name: string; cpiSeriesId: string | null };

/** Dashboard series id -> names of the tariff-table categories it holds. */
export function tariffSensitiveLines(categories: readonly TariffCategoryRef[]): Map<string, string[]> {
  const lines = new Map<string, string[]>();
  for (const c of categories) {
    if (!c.cpiSeriesId) continue;
    const line = c.cpiSeriesId in DASHBOARD_LINE_OF ? DASHBOARD_LINE_OF[c.cpiSeriesId] : c.cpiSeriesId;
    if (!line) continue;
    const names = lines.get(line) ?? [];
    if (!names.includes(c.name)) names.push(c.name);
    lines.set(line, names);
  }
  return lines;
}

/** Energy lines of CPI and PPI, by their BLS label ("All items less energy" is not one). */
export function isEnergyLabel(label: string): boolean {
  if (/\bless\b/i.test(label)) return false;
  return /\benergy\b|\bfuels?\b|\bgasoline\b|\belectricity\b|\butility \(piped\) gas\b|\bnatural gas\b|\bmotor oil\b/i.test(label);
}

/** The stored alert, as lib/economy/store.ts keeps it (in the rules' order). */
export type StoredAlertRef = { id: string; ruleId: string; subjectKey: string; period: string };

export type SeriesRef = { seriesId: string; survey: "CPI" | "PPI"; label: string };

export type AlertPresentation = {
  id: string;
  kind: AlertKind;
  /** The kind in words, shown on the alert ("Energy price move (not a tariff alert)"). */
  label: string;
  /** What the alert is about in time: a data month (YYYY-MM) or a publication date (YYYY-MM-DD). */
  period: string;
  /** "May 2026 CPI", "May 2026 PPI", "Federal Register, published Oct 22, 2025". */
  periodLabel: string;
  /** The survey of a data month; null for a document. */
  survey: "CPI" | "PPI" | null;
  /** The BLS release of that month (YYYY-MM-DD), when the store knows it. */
  releasedOn: string | null;
  /** Whose "last checked" time applies. */
  source: "bls" | "federal-register";
  /** Tariff-table categories the line holds (tariff-category alerts only). */
  covers: string[];
};

const SERIES_RULES = new Set(["cpi-headline-12mo", "cpi-category-12mo", "cpi-one-month", "ppi-12mo"]);

const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Oct 22, 2025" for a YYYY-MM-DD date (a calendar date, shown as that date everywhere). */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dateOnly.format(d);
}

/** "May 2026 CPI". */
export function surveyPeriodLabel(period: string, survey: "CPI" | "PPI"): string {
  return isPeriod(period) ? `${formatPeriod(period)} ${survey}` : `${period} ${survey}`;
}

/**
 * Kinds, labels and periods of the stored alerts, listed tariff first (see the header). The
 * input is in the rules' order; the output keeps it within each group.
 */
export function presentAlerts(
  alerts: readonly StoredAlertRef[],
  ctx: { series: readonly SeriesRef[]; tariffLines: ReadonlyMap<string, readonly string[]>; releasedOn: { CPI: ReleaseRef | null; PPI: ReleaseRef | null } },
): AlertPresentation[] {
  const bySeries = new Map(ctx.series.map((s) => [s.seriesId, s]));
  const presented = alerts.map((a): AlertPresentation => {
    if (a.ruleId === "tariff-document") {
      return {
        id: a.id,
        kind: "tariff-action",
        label: ALERT_KIND_LABEL["tariff-action"],
        period: a.period,
        periodLabel: `Federal Register, published ${formatDay(a.period)}`,
        survey: null,
        releasedOn: null,
        source: "federal-register",
        covers: [],
      };
    }
    const series = bySeries.get(a.subjectKey);
    const survey: "CPI" | "PPI" = series?.survey ?? (a.ruleId === "ppi-12mo" ? "PPI" : "CPI");
    const release = ctx.releasedOn[survey];
    const releasedOn = release && release.period === a.period ? release.date : null;
    const base = { id: a.id, period: a.period, periodLabel: surveyPeriodLabel(a.period, survey), survey, releasedOn, source: "bls" as const };
    if (!SERIES_RULES.has(a.ruleId) || !series) return { ...base, kind: "data-notice", label: ALERT_KIND_LABEL["data-notice"], covers: [] };
    const covers = survey === "CPI" ? ctx.tariffLines.get(series.seriesId) : undefined;
    const kind: AlertKind = covers?.length ? "tariff-category" : isEnergyLabel(series.label) ? "energy" : "price-index";
    return { ...base, kind, label: ALERT_KIND_LABEL[kind], covers: covers ? [...covers] : [] };
  });
  // Array.prototype.sort is stable: the rules' order stays within a group.
  return presented.sort((x, y) => GROUP[x.kind] - GROUP[y.kind]);
}

/** The BLS release of a month, when known. */
export type ReleaseRef = { period: string; date: string };

/**
 * The release date in the snapshot's own description of itself, e.g. "CPI May 2026,
 * USDL-26-0824 (BLS, released June 10, 2026)" -> "2026-06-10". Null when it names none.
 */
export function releaseDateIn(release: string): string | null {
  const m = /released (January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2}), (\d{4})/.exec(release);
  if (!m) return null;
  const month = monthOfName(m[1]!);
  if (month === null) return null;
  return `${m[3]}-${String(month).padStart(2, "0")}-${m[2]!.padStart(2, "0")}`;
}

/** A refresh run as the ledger (economic_refresh_runs) records it. */
export type RefreshRunRef = {
  status: string;
  startedAt: Date;
  finishedAt: Date | null;
  observationsStored: number;
  newsStored: number;
};

export type SourceCheck = {
  /** When a refresh last got an answer from the source; null: never (the figures are the snapshot's). */
  lastCheckedAt: string | null;
  /** The latest refresh, and whether it got an answer from this source. */
  lastAttemptAt: string | null;
  lastAttemptOk: boolean | null;
};

const reachedBls = (r: RefreshRunRef) => r.status === "success" || r.observationsStored > 0;
const reachedFederalRegister = (r: RefreshRunRef) => r.status === "success" || r.newsStored > 0;
const at = (r: RefreshRunRef) => (r.finishedAt ?? r.startedAt).toISOString();

/**
 * When each source was last checked, from the finished refresh runs (any order). A run
 * "checked" BLS when it succeeded or stored observations from it, the Federal Register when
 * it succeeded or stored documents from it (lib/economy/refresh.ts records both counts).
 */
export function sourceChecks(runs: readonly RefreshRunRef[]): { bls: SourceCheck; federalRegister: SourceCheck } {
  const finished = runs.filter((r) => r.status !== "running").sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  const latest = finished[0];
  const check = (reached: (r: RefreshRunRef) => boolean): SourceCheck => {
    const ok = finished.find(reached);
    return { lastCheckedAt: ok ? at(ok) : null, lastAttemptAt: latest ? at(latest) : null, lastAttemptOk: latest ? reached(latest) : null };
  };
  return { bls: check(reachedBls), federalRegister: check(reachedFederalRegister) };
}
