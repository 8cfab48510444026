/**
 * The two answers the dashboard page reads.
 *
 * GET /api/economic/dashboard: exactly the spec's dashboard response (section 3):
 * lastUpdated; alerts[] (id, title, message, timestamp, severity); cpi[] (category, value,
 * change); ppi[] (sector, value, change); news[] (title, description, source, publishedAt,
 * category, url, impact). `value` and `change` are null where the figure is missing:
 * nothing is filled in.
 *
 * GET /api/economic/details: what the page shows around those figures: each list's as-of
 * month and source, what is missing, the basis of each change and the history points of
 * the trend charts.
 *
 * The page imports only the types (erased at build time), so zod stays out of its bundle.
 */
import { z } from "zod";

const severity = z.enum(["high", "medium", "low"]);
const isoTime = z.iso.datetime({ offset: true });
const percent = z.number().finite().nullable();
const level = z.number().finite().positive().nullable();

export const dashboardResponseSchema = z.strictObject({
  lastUpdated: isoTime,
  alerts: z.array(z.strictObject({ id: z.string().min(1), title: z.string().min(1), message: z.string(), timestamp: isoTime, severity })),
  cpi: z.array(z.strictObject({ category: z.string().min(1), value: level, change: percent })),
  ppi: z.array(z.strictObject({ sector: z.string().min(1), value: level, change: percent })),
  news: z.array(
    z.strictObject({
      title: z.string().min(1),
      description: z.string(),
      source: z.string().min(1),
      publishedAt: isoTime,
      category: z.string().min(1),
      url: z.url(),
      impact: severity,
    }),
  ),
});

export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
export type DashboardAlert = DashboardResponse["alerts"][number];
export type CpiRow = DashboardResponse["cpi"][number];
export type PpiRow = DashboardResponse["ppi"][number];
export type NewsRow = DashboardResponse["news"][number];

const origin = z.enum(["snapshot", "bls-api", "mixed", "none"]);

const seriesDetail = z.strictObject({
  seriesId: z.string(),
  /** How the change was obtained: computed from stored levels, or as BLS printed it. */
  basis: z.enum(["computed", "published"]).nullable(),
  preliminary: z.boolean(),
  note: z.string().nullable(),
  latestPeriodWithValue: z.string().nullable(),
  history: z.array(z.strictObject({ period: z.string(), value: z.number() })),
});

const datasetDetails = z.strictObject({
  /** YYYY-MM of the figures listed; null when there are none. */
  asOf: z.string().nullable(),
  origin,
  source: z.strictObject({ name: z.string(), detail: z.string(), url: z.url() }),
  fetchedAt: isoTime.nullable(),
  /** Listed lines with no figure for the as-of month. */
  missing: z.array(z.string()),
  /** Lines the shipped snapshot could not read (its own notReadable list). */
  snapshotNotReadable: z.array(z.string()),
  snapshotAsOf: z.string().nullable(),
  /** The date BLS released the as-of month's figures (YYYY-MM-DD), when the store knows it. */
  releasedOn: z.string().nullable(),
  /** By category (CPI) or sector (PPI), as listed in the dashboard answer. */
  series: z.record(z.string(), seriesDetail),
});

/** When a source was last checked, from the refresh ledger (lib/economy/alert-presentation.ts). */
const sourceCheck = z.strictObject({
  /** The last refresh that got an answer from the source; null: never (the figures are the offline snapshot's). */
  lastCheckedAt: isoTime.nullable(),
  /** The latest refresh, and whether it got an answer from this source. */
  lastAttemptAt: isoTime.nullable(),
  lastAttemptOk: z.boolean().nullable(),
});

/** How each alert of the dashboard answer is shown, in the order the page lists them (tariff first). */
const alertPresentation = z.strictObject({
  id: z.string().min(1),
  kind: z.enum(["tariff-category", "tariff-action", "price-index", "energy", "data-notice"]),
  label: z.string().min(1),
  /** The data month (YYYY-MM) or publication date (YYYY-MM-DD) the alert describes. */
  period: z.string().min(1),
  /** "May 2026 CPI", "Federal Register, published Oct 22, 2025". */
  periodLabel: z.string().min(1),
  survey: z.enum(["CPI", "PPI"]).nullable(),
  releasedOn: z.string().nullable(),
  source: z.enum(["bls", "federal-register"]),
  /** Tariff-table categories the CPI line holds (tariff-category alerts). */
  covers: z.array(z.string()),
});

export const dashboardDetailsSchema = z.strictObject({
  cpi: datasetDetails,
  ppi: datasetDetails,
  news: z.strictObject({
    origin: z.enum(["snapshot", "federal-register", "mixed", "none"]),
    source: z.strictObject({ name: z.string(), detail: z.string(), url: z.url() }),
    fetchedAt: isoTime.nullable(),
  }),
  refresh: z.strictObject({
    lastRunAt: isoTime.nullable(),
    lastStatus: z.string().nullable(),
    lastSuccessAt: isoTime.nullable(),
  }),
  checks: z.strictObject({ bls: sourceCheck, federalRegister: sourceCheck }),
  alerts: z.array(alertPresentation),
});

export type DashboardDetails = z.infer<typeof dashboardDetailsSchema>;
export type DatasetDetails = DashboardDetails["cpi"];
export type SeriesDetail = DatasetDetails["series"][string];
export type SourceCheckDetails = DashboardDetails["checks"]["bls"];
export type AlertPresentationDetails = DashboardDetails["alerts"][number];
