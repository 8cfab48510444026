/**
 * The alert engine (docs/alerts.md). Set-based:
 *
 * (a) the watches a change touches are found in SQL: a watch's line (its pinned HTS code,
 *     else its category's reference line) has digits starting with a product prefix of a
 *     changed measure ("*" = every line); `full` takes every watch;
 * (b) they are grouped into distinct combos (line, pinned or not, made-in or sector origins,
 *     horizon, category) — a few hundred at most however many watches — and each combo is
 *     projected once with THE projection of a watch (lib/tariffs/watch-projection.ts
 *     `projectWatch`), the same function every page and API reads through: its changes are the
 *     legal-event (and relief) alerts, its figures the threshold's, the watch's stored projection
 *     (lib/tariffs/projection-document.ts) and the threshold alert's evidence;
 * (c) the results go back in ONE statement for all watches at once (lib/alerts/evaluate-sql.ts):
 *     the combos travel as temp tables, the touched watches are read once into another (the
 *     statement never goes back to the watch set), the decision for every watch (legal-event, relief,
 *     threshold and CPI alerts; fire/re-arm/snooze/daily cap; severity) is SQL
 *     (lib/alerts/fire-sql.ts, the same rules as rearm.ts and severity.ts), and data-modifying
 *     CTEs do the ONE `INSERT INTO subscriber_alerts ... ON CONFLICT ("dedupeKey") DO NOTHING`,
 *     the documents' insert and the ONE `UPDATE watches` (fire state and stored projection) on
 *     the same snapshot. Evidence documents (10-40 kB each) are stored once per content in
 *     alert_evidence, keyed by their sha256 (lib/alerts/stored-evidence.ts).
 *
 * Alerts are written only for subscribers whose access grants alerts (a subscription that
 * is active, trialing or past due, or an active trial not past its end); lapsed accounts
 * keep their watches, get their projections refreshed, and no alerts.
 */
import type { PrismaClient } from "@/lib/db/generated/client";
import { addMonths, formatPeriod, formatPeriodShort } from "@/lib/economy/periods";
import { figureAt, type StoredSeries } from "@/lib/economy/figures";
import { signedPct } from "@/lib/tariffs/evidence";
import { categoriesByIdWith, num } from "@/lib/tariffs/law";
import type { Band } from "@/lib/tariffs/price-change";
import { ENGINE_VERSION, projectionDocument, storedProjectionOf } from "@/lib/tariffs/projection-document";
import { loadProjectionTables } from "@/lib/tariffs/projection-tables";
import type { ConsumerCategory, MeasureEvent, TariffMeasure } from "@/lib/tariffs/types";
import { addDays, projectWatch, RAMP_DAYS, type WatchShape } from "@/lib/tariffs/watch-projection";
import { countryName } from "@/lib/watchlist/countries";
import { announcedOf, countdownOf, type AnnouncedEvent } from "./countdown";
import { correctAnnouncements } from "./corrections";
import { evidenceKeyOf } from "./stored-evidence";
import { buildStatement, buildWatchesStatement, comboWatchKeySql } from "./evaluate-sql";
import { queryWithoutJit } from "./no-jit";
import { rawEnv } from "@/lib/env/runtime";
import { alertEngineDiagnostics } from "@/lib/env/security";

export type EvaluateOptions = {
  now: Date;
  /** Measures that changed (new or edited measure or event): only watches on their lines are evaluated. */
  measureIds?: string[];
  /** HTS lines that changed (an approved HTS revision item, lib/tariffs/hts-import.ts): watches on lines under these digit prefixes are evaluated too. */
  htsPrefixes?: string[];
  /** Every watch (the nightly run); also checks the categories' CPI and prunes unreferenced documents. */
  full?: boolean;
  /** Check the CPI of the watched categories (default: with `full`). */
  cpi?: boolean;
};

/** `alertsWritten` counts the corrections too (`corrections`: docs/alerts.md, "Countdowns and corrections"). */
export type EvaluateResult = { watchesEvaluated: number; combos: number; alertsWritten: number; corrections: number; ms: number };

/** A change up to this many days old "just took effect" and still alerts. */
export const JUST_TOOK_EFFECT_DAYS = 30;
/** Below this central change (percent, absolute) a legal event does not visibly change this item's price: no alert. */
export const MIN_VISIBLE_PCT = 0.05;
/** Documents no alert and no watch references are removed by the nightly run once this many days old. */
export const DOCUMENT_KEEP_DAYS = 2;
/**
 * The advisory lock between the engine's statement (shared: runs may overlap) and the prune of
 * documents (exclusive): alerts reference their document by key, without a foreign key, so the
 * prune must not run while a statement writes alerts that reference a document it would delete.
 */
export const DOCUMENTS_LOCK = 7_300_211;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A combination of watches projected once: its line, whether the line is pinned ("i") or the category's ("c"), made-in ("" = sector), horizon, category. */
type ComboKey = { line: string; pinned: "i" | "c"; madeIn: string; horizon: number; category: string; n: number };

/** The watch every watch of a combo is, for the projection (the price is applied per watch). */
function comboWatch(key: ComboKey): WatchShape {
  return { categoryId: key.category, htsCode: key.pinned === "i" ? key.line : null, madeIn: key.madeIn || null, horizonDays: key.horizon };
}

/** Row shapes of the JSON parameters (snake case = SQL column names). */
type FigureRow = {
  central: number | null;
  low: number | null;
  high: number | null;
  unconfirmed: boolean;
  eff_days: number | null;
  event_ids: string[];
  title_suffix: string;
  reason: string;
  /** The key of the evidence document (alert_docs / alert_evidence). */
  ev_key: string;
};
type ComboRow = FigureRow & { k: number; line: string; pinned: "i" | "c"; made_in: string; horizon: number; category: string; figures_key: string };
type GroupRow = FigureRow & { gi: number; k: number; kind: "legal-event" | "relief" | "countdown"; ids_key: string; announced: AnnouncedEvent[];
  /** A countdown's announcing alert (dedupe key after the watch id) and the first day of its lead time: it fires only after an announcement made before that day. */
  ann_key?: string;
  due_from?: string;
};
type CpiRow = { pi?: number; category: string; period: string; change: number; unconfirmed: boolean; title_suffix: string; reason: string; evidence: unknown };
type CpiParamRow = Omit<CpiRow, "evidence"> & { ev_key: string };

const EVENT_VERB: Record<string, [future: string, past: string]> = {
  EFFECTIVE: ["takes effect", "took effect"],
  RATE_CHANGE: ["changes rate", "changed rate"],
  RESUMED: ["resumes", "resumed"],
  PAUSED: ["is paused", "was paused"],
  STRUCK_DOWN: ["is struck down", "was struck down"],
  EXPIRED: ["expires", "expired"],
};

function eventPhrase(event: MeasureEvent, measure: TariffMeasure | undefined, today: string): string {
  const [future, past] = EVENT_VERB[event.type] ?? ["changes", "changed"];
  const verb = event.date <= today ? past : future;
  const rate = event.rate !== undefined && event.rate !== null ? ` to ${Number((event.rate * 100).toFixed(2))}%` : "";
  const who = event.country ? ` for ${countryName(event.country)}` : "";
  return `${measure?.name ?? event.measureId} ${verb}${event.type === "RATE_CHANGE" ? rate : ""}${who} on ${event.date}`;
}

function bandTitle(band: Band | null, byDay: string | null): string {
  if (!band) return "price effect unknown";
  const lo = Math.min(band.low, band.high);
  const hi = Math.max(band.low, band.high);
  return `${signedPct(lo, 1)} to ${signedPct(hi, 1)} expected${byDay ? ` by ${formatPeriodShort(byDay.slice(0, 7))}` : ""}`;
}

/** Latest 12-month CPI change of each category's series (read from economic_observations). */
async function cpiRows(db: PrismaClient, categories: Iterable<ConsumerCategory>): Promise<CpiRow[]> {
  const bySeries = new Map<string, ConsumerCategory[]>();
  for (const c of categories) {
    if (!c.cpiSeriesId) continue;
    bySeries.set(c.cpiSeriesId, [...(bySeries.get(c.cpiSeriesId) ?? []), c]);
  }
  if (bySeries.size === 0) return [];
  const series = await db.economicSeries.findMany({ where: { seriesId: { in: [...bySeries.keys()] } }, include: { observations: true } });
  const rows: CpiRow[] = [];
  for (const s of series) {
    const stored: StoredSeries = {
      seriesId: s.seriesId,
      survey: s.survey === "PPI" ? "PPI" : "CPI",
      label: s.label,
      role: "category",
      sortOrder: s.sortOrder,
      observations: s.observations.map((o) => ({
        period: o.period,
        value: num(o.value),
        publishedChange12mo: num(o.publishedChange12mo),
        preliminary: o.preliminary,
        origin: o.origin,
        sourceRef: o.sourceRef,
        sourceUrl: o.sourceUrl,
        note: o.note,
        fetchedAt: o.fetchedAt,
      })),
    };
    const periods = stored.observations.map((o) => o.period).sort();
    const latest = periods[periods.length - 1];
    if (!latest) continue;
    const fig = figureAt(stored, latest);
    if (fig.change12mo === null) continue;
    const before = stored.observations.find((o) => o.period === addMonths(latest, -12));
    const at = stored.observations.find((o) => o.period === latest);
    for (const c of bySeries.get(s.seriesId) ?? []) {
      const label = c.cpiLabel ?? s.label;
      const formula =
        fig.change12moBasis === "computed" && at?.value !== null && at?.value !== undefined && before?.value !== null && before?.value !== undefined
          ? `${at.value} / ${before.value} − 1 = ${signedPct(fig.change12mo, 1)}`
          : "12-month change as printed by BLS";
      rows.push({
        category: c.id,
        period: latest,
        change: fig.change12mo,
        unconfirmed: fig.preliminary,
        title_suffix: `: consumer prices ${signedPct(fig.change12mo, 1)} over 12 months (${formatPeriod(latest)} CPI)`,
        reason: `${formatPeriod(latest)} CPI: ${label} ${signedPct(fig.change12mo, 1)} over 12 months (BLS series ${s.seriesId}).`,
        evidence: {
          kind: "cpi",
          category: { id: c.id, name: c.name },
          series: { id: s.seriesId, label },
          period: latest,
          nodes: [
            {
              id: "cpi",
              label: `CPI ${label}, 12-month change to ${formatPeriod(latest)}`,
              value: signedPct(fig.change12mo, 1),
              formula,
              inputs: [],
              sourceIds: ["bls-cpi"],
              ...(fig.preliminary ? { unconfirmed: true } : {}),
            },
          ],
          sources: [
            {
              id: "bls-cpi",
              title: `BLS Consumer Price Index, series ${s.seriesId}`,
              citation: at?.sourceRef ?? null,
              url: fig.sourceUrl || `https://data.bls.gov/timeseries/${s.seriesId}`,
              publisher: "US Bureau of Labor Statistics",
              publishedAt: isoDay(fig.fetchedAt),
            },
          ],
          dataVersions: { cpiPeriod: latest, origin: fig.origin, engine: ENGINE_VERSION },
        },
      });
    }
  }
  return rows;
}

let statement: string | null = null;
let watchesStatement: string | null = null;

/** Whether a combo's line (its digits) starts with one of the prefixes (digits only). */
function touchedBy(prefixes: readonly string[]): (key: Pick<ComboKey, "line">) => boolean {
  const set = new Set(prefixes);
  const lengths = [...new Set(prefixes.map((p) => p.length))];
  return (key) => {
    const digits = key.line.replace(/\D/g, "");
    return lengths.some((len) => digits.length >= len && set.has(digits.slice(0, len)));
  };
}

/** The changes' legal events in words ("Section 122 surcharge expired on 2026-07-24; ..."). */
function changePhrase(events: MeasureEvent[], first: string, measures: ReadonlyMap<string, TariffMeasure>, today: string): string {
  return events.length ? events.map((e) => eventPhrase(e, measures.get(e.measureId), today)).join("; ") : `A dated rule changes the duty on ${first}`;
}

/**
 * Evaluates the watches a change touches (or all, with `full`), writes their alerts and
 * stores their projections. Idempotent: a second run at the same moment writes no alert
 * (every alert has a dedupe key and a fired watch is disarmed).
 */
export async function evaluateWatches(db: PrismaClient, opts: EvaluateOptions): Promise<EvaluateResult> {
  const started = performance.now();
  // The time of each phase (ALERT_ENGINE_TIMING=1): the figures of docs/performance.md, "At scale on PostgreSQL".
  const diagnostics = alertEngineDiagnostics(rawEnv());
  const phases: string[] = [];
  let lap = started;
  const mark = (phase: string) => {
    const at = performance.now();
    phases.push(`${phase} ${Math.round(at - lap)} ms`);
    lap = at;
  };
  const { now } = opts;
  const full = Boolean(opts.full);
  const today = isoDay(now);
  // Announced events withdrawn, moved or changed since: corrections first, whatever the run touches.
  const corrections = await correctAnnouncements(db, now);
  mark("corrections");
  const nothing = () => ({ watchesEvaluated: 0, combos: 0, alertsWritten: corrections, corrections, ms: performance.now() - started });

  let prefixes: string[] = [];
  if (!full) {
    const ids = opts.measureIds ?? [];
    const lines = (opts.htsPrefixes ?? []).map((p) => p.replace(/\D/g, "")).filter(Boolean);
    if (ids.length === 0 && lines.length === 0) return nothing();
    const rows = ids.length ? await db.tariffMeasure.findMany({ where: { id: { in: ids } }, select: { products: true } }) : [];
    prefixes = [...new Set([...rows.flatMap((r) => r.products.map((p) => (p === "*" ? "*" : p.replace(/\D/g, "")))), ...lines].filter(Boolean))];
    if (prefixes.length === 0) return nothing();
  }

  // (a) touched watches, grouped into combos, in SQL (one scan of the watches); the combos'
  // lines (a thousand or so) are matched against the prefixes here, by a set lookup of each
  // prefix length: measures list thousands of HTS8 codes, and matching them in SQL re-ran a
  // regular expression per (combo, prefix) pair, 13 s for 1,170 combos on the 2-core machine.
  // A change on some lines: a category watch (its line the category's) is touched only in a
  // category whose line the change reaches, so the others are passed over before grouping.
  const every = full || prefixes.includes("*");
  const touched = touchedBy(prefixes);
  const touchedCategories = every ? null : (await db.consumerCategory.findMany({ select: { id: true, referenceHts: true } })).filter((c) => touched({ line: c.referenceHts })).map((c) => c.id);
  const grouped = await queryWithoutJit<ComboKey>(
    db,
    `SELECT COALESCE(w."htsCode", c."referenceHts") AS line, CASE WHEN w."htsCode" IS NULL THEN 'c' ELSE 'i' END AS pinned,
            COALESCE(w."madeIn", '') AS "madeIn", w."horizonDays" AS horizon, w."categoryId" AS category, count(*)::int AS n
     FROM watches w JOIN consumer_categories c ON c.id = w."categoryId"
     WHERE $1::text[] IS NULL OR w."htsCode" IS NOT NULL OR w."categoryId" = ANY($1::text[])
     GROUP BY 1, 2, 3, 4, 5`,
    touchedCategories,
  );
  const keys = every ? grouped : grouped.filter(touched);
  mark("combos");
  if (keys.length === 0) return nothing();

  // (b) one projection per combo, in JavaScript: THE projection of a watch (lib/tariffs/watch-projection.ts).
  const tables = await loadProjectionTables(db, keys.map((k) => ({ categoryId: k.category, htsCode: k.line })));
  const { law } = tables;
  mark("law");
  const measures = new Map(law.measures.map((m) => [m.id, m]));
  const comboRows: ComboRow[] = [];
  const groupRows: GroupRow[] = [];
  // Evidence documents by key (sha256 of the JSON): combos with the same document share one.
  const docs = new Map<string, string>();
  const docKey = (evidence: unknown): string => {
    const json = JSON.stringify(evidence);
    const key = evidenceKeyOf(json);
    docs.set(key, json);
    return key;
  };
  let watchesEvaluated = 0;
  const justFrom = addDays(today, -JUST_TOOK_EFFECT_DAYS);
  keys.forEach((key, k) => {
    const watch = comboWatch(key);
    const t = tables.tablesFor(watch);
    if (!t) return;
    const wp = projectWatch(t, watch, today);
    watchesEvaluated += key.n;
    const madeInText = key.madeIn ? ` (made in ${countryName(key.madeIn)})` : "";

    for (const c of wp.changes) {
      if (c.first < justFrom) continue;
      if (c.band && Math.abs(c.band.central) < MIN_VISIBLE_PCT) continue; // no visible change to this item
      const document = projectionDocument(wp, law, c.key);
      const figures = {
        k,
        central: c.band?.central ?? null,
        low: c.band?.low ?? null,
        high: c.band?.high ?? null,
        unconfirmed: c.unconfirmed,
        eff_days: daysBetween(today, c.first),
        event_ids: c.events.map((e) => e.id).sort(),
        ev_key: docKey(document),
        announced: announcedOf(c.events),
      };
      const band = bandTitle(c.band, addDays(c.first, RAMP_DAYS));
      const phrase = changePhrase(c.events, c.first, measures, today);
      const kind = document.kind === "relief" ? "relief" : "legal-event";
      groupRows.push({
        ...figures,
        gi: groupRows.length,
        kind,
        ids_key: c.key,
        title_suffix: `${madeInText}: ${band}`,
        reason: `${phrase}.`,
      });
      // The countdown to a scheduled change inside the horizon (docs/alerts.md, "Countdowns and corrections").
      const countdown = countdownOf(c, law, today, phrase);
      if (countdown) {
        groupRows.push({
          ...figures,
          gi: groupRows.length,
          kind: "countdown",
          ids_key: countdown.idsKey,
          ann_key: `${kind}:${c.key}`,
          due_from: addDays(c.first, -countdown.lead),
          title_suffix: `${madeInText}: ${countdown.titleSuffix}; ${band}`,
          reason: countdown.reason,
        });
      }
    }

    const first = wp.changes.find((c) => c.first >= today) ?? wp.changes[0];
    comboRows.push({
      k,
      line: key.line,
      pinned: key.pinned,
      made_in: key.madeIn,
      horizon: key.horizon,
      category: key.category,
      central: wp.band?.central ?? null,
      low: wp.band?.low ?? null,
      high: wp.band?.high ?? null,
      unconfirmed: wp.unconfirmed,
      eff_days: first ? daysBetween(today, first.first) : null,
      event_ids: wp.changes.flatMap((c) => c.events.map((e) => e.id)).sort(),
      title_suffix: `${madeInText}: ${bandTitle(wp.band, wp.by)}`,
      reason:
        wp.changes.length === 0
          ? "No scheduled tariff change on this line within your horizon."
          : `Projected shelf-price change from ${wp.changes.length === 1 ? "this change" : "these changes"}: ${wp.changes
              .map((c) => changePhrase(c.events, c.first, measures, today))
              .join("; ")}.`,
      // The watch's stored projection: its figures and its working (the threshold alert's
      // evidence too), each a shared document the watches of the combo point to by key.
      figures_key: docKey(storedProjectionOf(wp, watch)),
      ev_key: docKey(projectionDocument(wp, law)),
    });
  });

  const categories = full || opts.cpi ? (await categoriesByIdWith(db, law, keys.map((k) => k.category))).values() : [];
  const cpi: CpiParamRow[] = (full || opts.cpi ? await cpiRows(db, categories) : []).map(({ evidence, ...row }, pi) => ({ ...row, pi, ev_key: docKey(evidence) }));
  mark("projections");

  // (c) one statement: decisions, the INSERT and the UPDATE for every watch at once.
  statement ??= buildStatement();
  // The combos, groups and CPI rows go into temp tables (dropped at commit) with fresh
  // statistics, so the planner sees hundreds of rows, not a set-returning function's default
  // guess, and hashes the watch set against them instead of looping over them per watch.
  // One group per (combo, kind, key), so every alert's dedupe key is unique within the run and the
  // statement needs no DISTINCT over them (a sort of every candidate alert, on disk past 64 MB).
  const firstOfEach = new Map<string, GroupRow>();
  for (const g of groupRows) {
    const key = `${g.k}|${g.kind}|${g.ids_key}`;
    if (!firstOfEach.has(key)) firstOfEach.set(key, g);
  }
  const uniqueGroups = [...firstOfEach.values()];
  const params = [
    JSON.stringify(comboRows),
    JSON.stringify(uniqueGroups),
    JSON.stringify(cpi),
  ];
  let docsSent = 0;
  const sql = statement;
  const result = await db.$transaction(
    async (tx) => {
      // No prune of documents while this statement references them (DOCUMENTS_LOCK).
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock_shared($1::bigint)`, DOCUMENTS_LOCK);
      // The statement sorts tens of thousands of candidate rows (dedupe keys, the daily-cap rank): in memory.
      await tx.$executeRawUnsafe(`SET LOCAL work_mem = '64MB'`);
      // Hash joins, never merge joins: a merge join of the watch set sorts every watch by its
      // combo key (over a million watches, a sort on disk) to meet a few hundred combos.
      await tx.$executeRawUnsafe(`SET LOCAL enable_mergejoin = off`);
      // No JIT: the planner's row estimates over a million watches make it compile the
      // statement's ~300 expressions with full optimization, 13 s of the statement's 24 s
      // measured with 100,000 watches on the 2-core machine, for a plan of hash joins that runs
      // in seconds interpreted (docs/performance.md, "At scale on PostgreSQL").
      await tx.$executeRawUnsafe(`SET LOCAL jit = off`);
      await tx.$executeRawUnsafe(
        `CREATE TEMP TABLE alert_combos ON COMMIT DROP AS
           SELECT x.*, ${comboWatchKeySql("x")} AS wk, c.name AS category_name
           FROM jsonb_to_recordset($1::jsonb) AS x(k int, line text, pinned text, made_in text, horizon int, category text,
             central float8, low float8, high float8, unconfirmed boolean, eff_days int, event_ids text[], title_suffix text, reason text, ev_key text, figures_key text)
           JOIN consumer_categories c ON c.id = x.category`,
        params[0],
      );
      await tx.$executeRawUnsafe(
        `CREATE TEMP TABLE alert_groups ON COMMIT DROP AS SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(gi int, k int, kind text, ids_key text,
           central float8, low float8, high float8, unconfirmed boolean, eff_days int, event_ids text[], title_suffix text, reason text, ev_key text, announced jsonb, ann_key text, due_from date)`,
        params[1],
      );
      await tx.$executeRawUnsafe(
        `CREATE TEMP TABLE alert_cpi ON COMMIT DROP AS SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(pi int, category text, period text, change float8, unconfirmed boolean, title_suffix text, reason text, ev_key text)`,
        params[2],
      );
      // Only the documents not stored yet travel (a document is its sha256: a stored one is the
      // same); the shared lock above keeps the prune from removing one found here. The nightly run
      // finds nearly all of them stored (16 MB not sent over 1,170 combos).
      const stored = await tx.$queryRawUnsafe<{ key: string }[]>(`SELECT key FROM alert_evidence WHERE key = ANY($1::text[])`, [...docs.keys()]);
      for (const { key } of stored) docs.delete(key);
      const docsParam = `[${[...docs].map(([key, json]) => `{"key":${JSON.stringify(key)},"evidence":${json}}`).join(",")}]`;
      docsSent = docsParam.length;
      await tx.$executeRawUnsafe(`CREATE TEMP TABLE alert_docs ON COMMIT DROP AS SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(key text, evidence jsonb)`, docsParam);
      await tx.$executeRawUnsafe(`ANALYZE alert_combos, alert_groups, alert_cpi, alert_docs (key)`);
      // The embedded database (PGlite) has no autovacuum to keep statistics: the nightly full run
      // refreshes them for the tables the statement reads, or the planner takes 100,000 watches for a few.
      if (full) await tx.$executeRawUnsafe(`ANALYZE watches, subscriber_alerts, subscribers, free_trials, subscriptions`);
      mark("inputs");
      await tx.$executeRawUnsafe((watchesStatement ??= buildWatchesStatement()), now.toISOString(), [...new Set(comboRows.map((c) => c.category))]);
      await tx.$executeRawUnsafe(`ANALYZE alert_watches (id, k, sid)`);
      mark("watches");
      if (diagnostics.explain) {
        const analyze = diagnostics.explain === "analyze";
        if (analyze) await tx.$executeRawUnsafe(`SAVEPOINT explained`);
        const plan = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${analyze ? "(ANALYZE, BUFFERS) " : ""}${sql}`, now.toISOString(), law.stamp);
        if (analyze) await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT explained`);
        console.info(plan.map((r) => r["QUERY PLAN"]).join("\n"));
        mark("explain");
      }
      const written = await tx.$queryRawUnsafe<{ inserted: number; updated: number }[]>(sql, now.toISOString(), law.stamp);
      mark("statement");
      return written;
    },
    { maxWait: 60_000, timeout: 30 * 60_000 },
  );
  mark("commit");
  // Yesterday's projection documents that nothing references any more (the nightly run), once no
  // engine statement is writing references (DOCUMENTS_LOCK); the delete's snapshot is taken after
  // the lock, so it sees every alert and watch those statements committed.
  if (full) {
    await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock($1::bigint)`, DOCUMENTS_LOCK);
      await tx.$executeRawUnsafe(
        `DELETE FROM alert_evidence e WHERE e."createdAt" < $1::timestamptz - make_interval(days => $2)
           AND NOT EXISTS (SELECT 1 FROM subscriber_alerts a WHERE a."evidenceKey" = e.key)
           AND NOT EXISTS (SELECT 1 FROM watches w WHERE w."projectionKey" = e.key OR w."figuresKey" = e.key)`,
        now.toISOString(),
        DOCUMENT_KEEP_DAYS,
      );
    }, { maxWait: 60_000, timeout: 10 * 60_000 });
  }
  if (full) mark("prune");
  if (diagnostics.timing) {
    console.info(`[alerts] evaluate: ${phases.join(", ")}; groups ${groupRows.length}, documents not stored yet ${docs.size} (${Math.round(docsSent / 1024)} kB), params ${Math.round((params[0]!.length + params[1]!.length) / 1024)} kB`);
  }
  return {
    watchesEvaluated,
    combos: comboRows.length,
    alertsWritten: (result[0]?.inserted ?? 0) + corrections,
    corrections,
    ms: Math.round(performance.now() - started),
  };
}

