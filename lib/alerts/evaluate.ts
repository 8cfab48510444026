/**
 * The alert engine (docs/alerts.md). Set-based:
 *
 * (a) the watches a change touches are found in SQL: a watch's line (its pinned HTS code,
 *     else its category's reference line) has digits starting with a product prefix of a
 *     changed measure ("*" = every line); `full` takes every watch;
 * (b) they are grouped into distinct combos (line, made-in or sector origins, horizon,
 *     category) — a few hundred at most however many watches — and each combo's
 *     projections are computed once in JavaScript with the pure engine functions
 *     (lib/alerts/projection.ts, lib/tariffs/duty.ts);
 * (c) the results go back in ONE statement for all watches at once: the combos travel as
 *     one JSON parameter (jsonb_to_recordset), the decision for every watch (legal-event,
 *     relief, threshold and CPI alerts; fire/re-arm/snooze/daily cap; severity) is SQL
 *     (lib/alerts/fire-sql.ts, the same rules as rearm.ts and severity.ts), and two
 *     data-modifying CTEs do the ONE `INSERT INTO subscriber_alerts ... ON CONFLICT
 *     ("dedupeKey") DO NOTHING` and the ONE `UPDATE watches` on the same snapshot.
 *     Evidence documents (10-40 kB each) are stored once per (combo, trigger) in
 *     alert_evidence, keyed by their sha256, and the alerts reference them
 *     (lib/alerts/stored-evidence.ts): the statement writes only the documents its new
 *     alerts reference, and each alert row stays small.
 *
 * Alerts are written only for subscribers whose access grants alerts (a subscription that
 * is active, trialing or past due, or an active trial not past its end); lapsed accounts
 * keep their watches, get their projections refreshed, and no alerts.
 */
import type { PrismaClient } from "@/lib/db/generated/client";
import { addMonths, formatPeriod, formatPeriodShort } from "@/lib/economy/periods";
import { figureAt, type StoredSeries } from "@/lib/economy/figures";
import { PLAN_ENTITLEMENTS } from "@/lib/entitlements";
import { measureCovers, type DutyLine } from "@/lib/tariffs/duty";
import { marginScope } from "@/lib/tariffs/hts-schedule";
import { lawVersion, loadLaw, num, type Law } from "@/lib/tariffs/law";
import { PASS_THROUGH } from "@/lib/tariffs/pass-through";
import type { CategoryKind, ConsumerCategory, MeasureEvent, MeasureEventType, SourceDocument, TariffMeasure } from "@/lib/tariffs/types";
import { countryName } from "@/lib/watchlist/countries";
import { signedPct, type EvidenceNode } from "./evidence";
import { evidenceKeyOf } from "./stored-evidence";
import { armedAfterSql, centsSql, fireSql, severitySql, suppressedSql, type FireColumns } from "./fire-sql";
import { projectPriceChange, type Band, type ProjectionOrigin } from "./projection";
import { rawEnv } from "@/lib/env/runtime";
import { alertEngineDiagnostics } from "@/lib/env/security";

export type EvaluateOptions = {
  now: Date;
  /** Measures that changed (new or edited measure or event): only watches on their lines are evaluated. */
  measureIds?: string[];
  /** HTS lines that changed (an approved HTS revision item, lib/tariffs/hts-import.ts): watches on lines under these digit prefixes are evaluated too. */
  htsPrefixes?: string[];
  /** Every watch (the nightly run); also checks the categories' CPI. */
  full?: boolean;
  /** Check the CPI of the watched categories (default: with `full`). */
  cpi?: boolean;
};

export type EvaluateResult = { watchesEvaluated: number; combos: number; alertsWritten: number; ms: number };

/** Event types that change a duty on their day: these trigger legal-event (and relief) alerts. */
export const TRIGGER_EVENT_TYPES: ReadonlySet<MeasureEventType> = new Set(["EFFECTIVE", "RATE_CHANGE", "RESUMED", "PAUSED", "STRUCK_DOWN", "EXPIRED"]);
/** An event up to this many days old "just took effect" and still alerts. */
export const JUST_TOOK_EFFECT_DAYS = 30;
/** Below this central change (percent, absolute) a legal event does not visibly change this item's price: no alert. */
export const MIN_VISIBLE_PCT = 0.05;
export const ENGINE_VERSION = "alert-engine 1";

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

type ComboKey = { line: string; madeIn: string; horizon: number; category: string; n: number };

/** One date's trigger events on a combo's line and what they do to its shelf price. */
type GroupResult = {
  date: string;
  events: MeasureEvent[];
  band: Band | null;
  byHorizon: Band | null;
  unconfirmed: boolean;
  nodes: EvidenceNode[];
  unknowns: string[];
};

/** Row shapes of the JSON parameters (snake case = SQL column names). */
type ComboRow = {
  k: number;
  line: string;
  made_in: string;
  horizon: number;
  category: string;
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
type GroupRow = ComboRow & { gi: number; kind: "legal-event" | "relief"; ids_key: string };
type CpiRow = { pi?: number; category: string; period: string; change: number; title_suffix: string; reason: string; evidence: unknown };
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

function monthLabel(day: string): string {
  return formatPeriodShort(day.slice(0, 7));
}

function bandTitle(band: Band | null, byDay: string | null): string {
  if (!band) return "price effect unknown";
  const lo = Math.min(band.low, band.high);
  const hi = Math.max(band.low, band.high);
  return `${signedPct(lo, 1)} to ${signedPct(hi, 1)} expected${byDay ? ` by ${monthLabel(byDay)}` : ""}`;
}

function sourcesOf(ids: Iterable<string>, law: Law): SourceDocument[] {
  const out: SourceDocument[] = [];
  for (const id of new Set(ids)) {
    const s = law.sources.get(id);
    if (s) out.push(s);
  }
  return out;
}

function sumBands(bands: (Band | null)[]): Band | null {
  const known = bands.filter((b): b is Band => b !== null);
  if (known.length === 0) return null;
  return known.reduce((a, b) => ({ low: a.low + b.low, central: a.central + b.central, high: a.high + b.high }), { low: 0, central: 0, high: 0 });
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const round3Band = (b: Band | null): Band | null => (b ? { low: round3(b.low), central: round3(b.central), high: round3(b.high) } : null);

type Context = {
  law: Law;
  lawVersion: string;
  today: string;
  categories: Map<string, ConsumerCategory & { name: string }>;
  lines: Map<string, DutyLine & { description: string; releaseId: string }>;
  origins: Map<string, { shares: ProjectionOrigin[]; year: number | null }>;
};

/** Projections of one combo: every trigger-date group on its line within [today − ramp, horizon end]. */
function projectCombo(key: ComboKey, ctx: Context): { groups: GroupResult[]; originsLabel: string; basis: "declared" | "sector" | "none" } | null {
  const line = ctx.lines.get(key.line);
  const category = ctx.categories.get(key.category);
  if (!line || !category) return null;
  const sector = ctx.origins.get(category.gtapSector);
  const basis: "declared" | "sector" | "none" = key.madeIn ? "declared" : sector && sector.shares.length > 0 ? "sector" : "none";
  const origins: ProjectionOrigin[] = key.madeIn ? [{ country: key.madeIn, weight: 1 }] : (sector?.shares ?? []);
  const horizonEnd = addDays(ctx.today, key.horizon);
  const from = addDays(ctx.today, -Math.ceil(PASS_THROUGH.rampMonths * 30.44));
  const measures = new Map(ctx.law.measures.map((m) => [m.id, m]));

  const byDate = new Map<string, MeasureEvent[]>();
  for (const event of ctx.law.events) {
    if (!TRIGGER_EVENT_TYPES.has(event.type) || event.date < from || event.date > horizonEnd) continue;
    const measure = measures.get(event.measureId);
    if (!measure || !origins.some((o) => measureCovers(measure, line.digits, o.country))) continue;
    if (event.country && !origins.some((o) => o.country === event.country)) continue;
    const list = byDate.get(event.date) ?? [];
    list.push(event);
    byDate.set(event.date, list);
  }

  const groups: GroupResult[] = [];
  for (const [date, events] of [...byDate].sort((a, b) => a[0].localeCompare(b[0]))) {
    const p = projectPriceChange({
      line,
      origins,
      originBasis: basis,
      domesticShare: key.madeIn ? 0 : category.importShare === null ? null : 1 - category.importShare,
      retailMargin: category.retailMargin,
      t0: addDays(date, -1),
      t1: date,
      effectiveDate: date,
      horizonEnd,
      priceCents: null,
      measures: ctx.law.measures,
      events: ctx.law.events,
      params: PASS_THROUGH,
      priceObservedAt: ctx.today,
      sources: {
        htsSourceId: null,
        retailMarginSourceId: category.retailMarginSourceId,
        pceLine: category.pceLine,
        marginScope: marginScope(category),
        domesticShareSourceId: category.importShareSourceId,
      },
    });
    groups.push({ date, events, band: round3Band(p.band), byHorizon: round3Band(p.byHorizon), unconfirmed: p.unconfirmed, nodes: p.evidence, unknowns: p.unknowns });
  }
  const originsLabel = key.madeIn
    ? countryName(key.madeIn)
    : basis === "sector"
      ? `sector import mix (${category.gtapSector}${sector?.year ? `, ${sector.year}` : ""})`
      : "origin unknown";
  return { groups, originsLabel, basis };
}

function evidenceJson(
  ctx: Context,
  key: ComboKey,
  groups: GroupResult[],
  band: Band | null,
  extra: { kind: string; originsLabel: string; horizonEnd: string },
): unknown {
  const line = ctx.lines.get(key.line)!;
  const category = ctx.categories.get(key.category)!;
  const measures = new Map(ctx.law.measures.map((m) => [m.id, m]));
  const multi = groups.length > 1;
  const nodes: EvidenceNode[] = [];
  for (const g of groups) {
    const prefix = multi ? `${g.date}/` : "";
    for (const n of g.nodes) {
      nodes.push({ ...n, id: `${prefix}${n.id}`, label: multi ? `${n.label} (change of ${g.date})` : n.label, inputs: n.inputs.map((i) => `${prefix}${i}`) });
    }
  }
  if (multi && band) {
    nodes.push({
      id: "total",
      label: "Shelf price change, all changes in the horizon (low / central / high)",
      value: `${signedPct(band.low)} / ${signedPct(band.central)} / ${signedPct(band.high)}`,
      formula: `sum of ${groups.map((g) => `the change of ${g.date}`).join(" + ")}`,
      inputs: groups.map((g) => `${g.date}/band`),
      sourceIds: [],
      ...(groups.some((g) => g.unconfirmed) ? { unconfirmed: true } : {}),
    });
  }
  const events = groups.flatMap((g) => g.events);
  const sourceIds = new Set<string>();
  for (const n of nodes) for (const id of n.sourceIds) sourceIds.add(id);
  for (const e of events) sourceIds.add(e.sourceId);
  for (const e of events) {
    const m = measures.get(e.measureId);
    if (m) sourceIds.add(m.sourceId);
  }
  for (const id of PASS_THROUGH.sourceIds) sourceIds.add(id);
  const sector = ctx.origins.get(category.gtapSector);
  return {
    kind: extra.kind,
    line: { code: line.code, description: line.description, releaseId: line.releaseId },
    category: { id: category.id, name: category.name },
    origins: extra.originsLabel,
    madeIn: key.madeIn || null,
    horizonEnd: extra.horizonEnd,
    band,
    events: events.map((e) => ({
      id: e.id,
      measureId: e.measureId,
      measureName: measures.get(e.measureId)?.name ?? e.measureId,
      type: e.type,
      date: e.date,
      rate: e.rate ?? null,
      country: e.country ?? null,
      note: e.note,
      sourceId: e.sourceId,
      confidence: measures.get(e.measureId)?.confidence ?? null,
    })),
    nodes,
    sources: sourcesOf(sourceIds, ctx.law).map((s) => ({
      id: s.id,
      title: s.title,
      citation: s.citation,
      url: s.url,
      publisher: s.publisher,
      publishedAt: s.publishedAt,
    })),
    unknowns: [...new Set(groups.flatMap((g) => g.unknowns))],
    assumptions: "Ignores exchange rates, AD/CVD, shipping, retailer promotions and substitution.",
    dataVersions: {
      htsRelease: line.releaseId,
      law: ctx.lawVersion,
      originShares: sector?.year ? `sector shares ${sector.year}` : null,
      engine: ENGINE_VERSION,
    },
  };
}

async function loadContext(db: PrismaClient, keys: ComboKey[], today: string): Promise<Context> {
  const lineCodes = [...new Set(keys.map((k) => k.line))];
  const categoryIds = [...new Set(keys.map((k) => k.category))];
  const [law, version, lineRows, categoryRows] = await Promise.all([
    loadLaw(db),
    lawVersion(db),
    db.htsLine.findMany({ where: { code: { in: lineCodes } } }),
    db.consumerCategory.findMany({ where: { id: { in: categoryIds } } }),
  ]);
  const categories = new Map(
    categoryRows.map((c) => [
      c.id,
      {
        id: c.id,
        name: c.name,
        htsPrefixes: c.htsPrefixes,
        referenceHts: c.referenceHts,
        kind: c.kind as CategoryKind,
        pceLine: c.pceLine,
        retailMargin: num(c.retailMargin),
        retailMarginSourceId: c.retailMarginSourceId,
        cpiSeriesId: c.cpiSeriesId,
        cpiLabel: c.cpiLabel,
        gtapSector: c.gtapSector,
        importShare: num(c.importShare),
        importShareSourceId: c.importShareSourceId,
      },
    ]),
  );
  const sectors = [...new Set(categoryRows.map((c) => c.gtapSector))];
  const shareRows = await db.originShare.findMany({ where: { gtapSector: { in: sectors } }, orderBy: [{ share: "desc" }, { country: "asc" }] });
  const origins = new Map<string, { shares: ProjectionOrigin[]; year: number | null }>();
  for (const r of shareRows) {
    const entry = origins.get(r.gtapSector) ?? { shares: [], year: null };
    entry.shares.push({ country: r.country, weight: num(r.share) ?? 0, year: r.year, sourceId: r.sourceId });
    entry.year = Math.max(entry.year ?? 0, r.year);
    origins.set(r.gtapSector, entry);
  }
  const lines = new Map(
    lineRows.map((l) => [
      l.code,
      { code: l.code, digits: l.digits, generalAdValorem: num(l.generalAdValorem), generalRateText: l.generalRateText, description: l.description, releaseId: l.releaseId },
    ]),
  );
  return { law, lawVersion: version, today, categories, lines, origins };
}

/** Latest 12-month CPI change of each category's series (read from economic_observations). */
async function cpiRows(db: PrismaClient, ctx: Context): Promise<CpiRow[]> {
  const bySeries = new Map<string, ConsumerCategory[]>();
  for (const c of ctx.categories.values()) {
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

/** Plan rank → alerts per day, as SQL (rank 0 = free trial). */
const CAP_SQL = `(CASE a.rank WHEN 0 THEN ${PLAN_ENTITLEMENTS["free-trial"].alertsPerDay} WHEN 1 THEN ${PLAN_ENTITLEMENTS.consumer.alertsPerDay} WHEN 2 THEN ${PLAN_ENTITLEMENTS.professional.alertsPerDay} ELSE ${PLAN_ENTITLEMENTS["pro-alerts"].alertsPerDay} END)`;

/**
 * Access per subscriber as SQL (the same rule as lib/entitlements `accessOn`): the best
 * granting subscription (active, trialing or past due, and not past its period end when
 * cancelled at period end), else an active trial not past its end. `$1` = now.
 */
export const ACCESS_CTE = `
  paid AS (
    SELECT "subscriberId" AS sid, max(CASE "planId" WHEN 'consumer' THEN 1 WHEN 'professional' THEN 2 WHEN 'pro-alerts' THEN 3 END) AS rank
    FROM subscriptions
    WHERE "subscriberId" IS NOT NULL AND status IN ('active', 'trialing', 'past_due') AND "planId" IN ('consumer', 'professional', 'pro-alerts')
      AND NOT ("cancelAtPeriodEnd" AND "currentPeriodEnd" IS NOT NULL AND "currentPeriodEnd" <= $1::timestamptz)
    GROUP BY "subscriberId"
  ),
  trial AS (
    SELECT DISTINCT ON ("subscriberId") "subscriberId" AS sid, ("isActive" AND "endDate" > $1::timestamptz) AS ok
    FROM free_trials WHERE "subscriberId" IS NOT NULL ORDER BY "subscriberId", "startDate" DESC
  ),
  access AS (
    SELECT s.id AS sid, COALESCE(p.rank, CASE WHEN t.ok THEN 0 END) AS rank
    FROM subscribers s LEFT JOIN paid p ON p.sid = s.id LEFT JOIN trial t ON t.sid = s.id
  )`;

const SEVERITY_RANK = `(CASE severity WHEN 'critical' THEN 5 WHEN 'act' THEN 4 WHEN 'relief' THEN 3 WHEN 'watch' THEN 2 ELSE 1 END)`;

function buildStatement(): string {
  const fire: FireColumns = {
    armed: `w.armed`,
    lastFiredAt: `w."lastFiredAt"`,
    lastFiredPct: `w."lastFiredPct"`,
    snoozedUntil: `w."snoozedUntil"`,
    rearmDays: `w."rearmDays"`,
    firedToday: `0`,
    maxPerDay: `0`,
    centralPct: `co.central`,
    thresholdPct: `w."thresholdPct"`,
    direction: `w.direction`,
    newEvent: `ne.new_event`,
    now: `$1::timestamptz`,
  };
  const centsOf = (pct: string) => centsSql(`w."priceCents"`, pct);
  const nameSql = `COALESCE(NULLIF(w.name, ''), c.name)`;
  const priceJson = (price: string, low: string, central: string, high: string) =>
    `CASE WHEN ${price} IS NULL OR ${central} IS NULL THEN 'null'::jsonb ELSE jsonb_build_object('priceCents', ${price}, 'lowCents', ${centsSql(price, low)}, 'centralCents', ${centsSql(price, central)}, 'highCents', ${centsSql(price, high)}) END`;
  return `
WITH
  combos AS (SELECT * FROM alert_combos),
  groups AS (SELECT * FROM alert_groups),
  cpi AS (SELECT * FROM alert_cpi),
  ${ACCESS_CTE},
  today AS (
    SELECT "subscriberId" AS sid, count(*)::int AS n FROM subscriber_alerts
    WHERE "createdAt" >= date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND NOT suppressed
    GROUP BY "subscriberId"
  ),
  base AS (
    SELECT w.id, co.k
    FROM watches w
    JOIN consumer_categories c ON c.id = w."categoryId"
    -- one key, not four equalities: their multiplied selectivities made the planner expect a few
    -- watches instead of tens of thousands, and loop over the groups per watch (docs/alerts.md "Evaluation")
    JOIN combos co ON co.ck = COALESCE(w."htsCode", c."referenceHts") || '|' || COALESCE(w."madeIn", '') || '|' || w."horizonDays" || '|' || w."categoryId"
  ),
  -- per watch: does it get a legal-event (or relief) alert not written before? (a new legal event for decideFire)
  -- One pass (base x groups, the small side hashed; the alert lookup by its unique index) and one
  -- aggregate: no self-join of the watch set, which the planner would loop over.
  flags AS (
    SELECT b.id, b.k, bool_or(g.gi IS NOT NULL AND x.id IS NULL) AS new_event
    FROM base b
    LEFT JOIN groups g ON g.k = b.k
    LEFT JOIN subscriber_alerts x ON x."dedupeKey" = b.id::text || ':' || g.kind || ':' || g.ids_key
    GROUP BY b.id, b.k
  ),
  decided AS (
    SELECT w.id, w."subscriberId" AS sid, co.k, co.central, a.rank, ne.new_event,
      (a.rank IS NOT NULL AND co.central IS NOT NULL AND ${fireSql(fire)}) AS fire,
      CASE WHEN a.rank IS NOT NULL AND co.central IS NOT NULL THEN ${armedAfterSql(fire)} ELSE w.armed END AS armed_after
    FROM flags ne
    JOIN watches w ON w.id = ne.id
    JOIN combos co ON co.k = ne.k
    LEFT JOIN access a ON a.sid = w."subscriberId"
  ),
  candidates AS (
    -- legal events (and relief) on the watch's line
    SELECT w.id AS watch_id, w."subscriberId" AS sid, w."categoryId" AS category, w."snoozedUntil" AS snoozed_until, a.rank,
      w.id::text || ':' || g.kind || ':' || g.ids_key AS dedupe_key, g.kind,
      CASE WHEN g.kind = 'relief' THEN 'relief' WHEN g.central IS NULL THEN 'info' ELSE ${severitySql({
        centralPct: "g.central",
        thresholdPct: `w."thresholdPct"`,
        finality: "'final'",
        effectiveInDays: "g.eff_days",
        centralCents: centsOf("g.central"),
        unconfirmed: "g.unconfirmed",
      })} END AS severity,
      ${nameSql} || g.title_suffix AS title, g.reason, g.central, g.low, g.high, ${centsOf("g.central")} AS cents, g.event_ids,
      g.ev_key, w."priceCents" AS price_cents
    FROM decided d
    JOIN watches w ON w.id = d.id
    JOIN consumer_categories c ON c.id = w."categoryId"
    JOIN groups g ON g.k = d.k
    JOIN access a ON a.sid = w."subscriberId" AND a.rank IS NOT NULL
    UNION ALL
    -- threshold crossings (decideFire), unless a legal-event alert for the watch is new in this run (it carries the crossing)
    SELECT w.id, w."subscriberId", w."categoryId", w."snoozedUntil", d.rank,
      w.id::text || ':threshold:' || to_char($1::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'threshold',
      ${severitySql({
        centralPct: "co.central",
        thresholdPct: `w."thresholdPct"`,
        finality: "'final'",
        effectiveInDays: "co.eff_days",
        centralCents: centsOf("co.central"),
        unconfirmed: "co.unconfirmed",
      })},
      ${nameSql} || co.title_suffix, co.reason, co.central, co.low, co.high, ${centsOf("co.central")}, co.event_ids,
      co.ev_key, w."priceCents"
    FROM decided d
    JOIN watches w ON w.id = d.id
    JOIN consumer_categories c ON c.id = w."categoryId"
    JOIN combos co ON co.k = d.k
    WHERE d.fire AND NOT d.new_event
    UNION ALL
    -- the category's 12-month CPI change crosses the threshold (once per period)
    SELECT w.id, w."subscriberId", w."categoryId", w."snoozedUntil", d.rank,
      w.id::text || ':cpi:' || p.period, 'cpi',
      CASE WHEN p.change <= -(w."thresholdPct")::float8 THEN 'relief' ELSE 'watch' END,
      ${nameSql} || p.title_suffix, p.reason, p.change, p.change, p.change, NULL::int, ARRAY[]::text[], p.ev_key, NULL::int
    FROM decided d
    JOIN watches w ON w.id = d.id
    JOIN consumer_categories c ON c.id = w."categoryId"
    JOIN cpi p ON p.category = w."categoryId"
    WHERE d.rank IS NOT NULL AND (CASE w.direction WHEN 'up' THEN p.change >= (w."thresholdPct")::float8 WHEN 'down' THEN p.change <= -(w."thresholdPct")::float8 ELSE abs(p.change) >= (w."thresholdPct")::float8 END)
  ),
  fresh AS (
    SELECT DISTINCT ON (dedupe_key) * FROM candidates cand
    WHERE NOT EXISTS (SELECT 1 FROM subscriber_alerts x WHERE x."dedupeKey" = cand.dedupe_key)
    ORDER BY dedupe_key
  ),
  ranked AS (
    SELECT f.*, (f.snoozed_until IS NOT NULL AND $1::timestamptz < f.snoozed_until) AS snoozed,
      row_number() OVER (PARTITION BY f.sid, (f.snoozed_until IS NOT NULL AND $1::timestamptz < f.snoozed_until) ORDER BY ${SEVERITY_RANK} DESC, f.dedupe_key) AS rn
    FROM fresh f
  ),
  capped AS (
    SELECT r.*, ${suppressedSql({
      snoozedUntil: "r.snoozed_until",
      now: "$1::timestamptz",
      firedToday: "(COALESCE(t.n, 0) + r.rn - 1)",
      maxPerDay: CAP_SQL,
    })} AS suppressed_reason
    FROM ranked r
    JOIN access a ON a.sid = r.sid
    LEFT JOIN today t ON t.sid = r.sid
  ),
  -- the evidence documents (tens of kB each) the new alerts reference, each stored once
  docs_written AS (
    INSERT INTO alert_evidence (key, evidence, "createdAt")
    SELECT d.key, d.evidence, $1::timestamptz FROM alert_docs d WHERE d.key IN (SELECT ev_key FROM capped)
    ON CONFLICT (key) DO NOTHING
    RETURNING 1
  ),
  -- each alert: its key to the shared document, and in evidence only what is its own
  inserted AS (
    INSERT INTO subscriber_alerts ("subscriberId", "watchId", "dedupeKey", kind, severity, "categoryId", title, reason, "centralPct", "lowPct", "highPct",
      "centralCents", "eventIds", "evidenceKey", evidence, "createdAt", suppressed)
    SELECT cp.sid, cp.watch_id, cp.dedupe_key, cp.kind, cp.severity, cp.category, left(cp.title, 300), cp.reason,
      round(cp.central::numeric, 3), round(cp.low::numeric, 3), round(cp.high::numeric, 3), cp.cents, cp.event_ids, cp.ev_key,
      jsonb_build_object('price', ${priceJson("cp.price_cents", "cp.low", "cp.central", "cp.high")})
        || CASE WHEN cp.suppressed_reason IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('suppressed', cp.suppressed_reason) END,
      $1::timestamptz, cp.suppressed_reason IS NOT NULL
    FROM capped cp
    ON CONFLICT ("dedupeKey") DO NOTHING
    RETURNING 1
  ),
  updated AS (
    UPDATE watches w SET
      "lastCentralPct" = round(d.central::numeric, 3),
      "evaluatedAt" = $1::timestamptz,
      armed = d.armed_after,
      "lastFiredAt" = CASE WHEN d.fire THEN $1::timestamptz ELSE w."lastFiredAt" END,
      "lastFiredPct" = CASE WHEN d.fire THEN round(d.central::numeric, 3) ELSE w."lastFiredPct" END
    FROM decided d WHERE w.id = d.id
    RETURNING 1
  )
SELECT (SELECT count(*)::int FROM inserted) AS inserted, (SELECT count(*)::int FROM updated) AS updated`;
}

let statement: string | null = null;

/**
 * Evaluates the watches a change touches (or all, with `full`) and writes their alerts.
 * Idempotent: a second run at the same moment writes nothing (every alert has a dedupe key
 * and a fired watch is disarmed).
 */
export async function evaluateWatches(db: PrismaClient, opts: EvaluateOptions): Promise<EvaluateResult> {
  const started = performance.now();
  const { now } = opts;
  const full = Boolean(opts.full);
  const today = isoDay(now);

  let prefixes: string[] = [];
  if (!full) {
    const ids = opts.measureIds ?? [];
    const lines = (opts.htsPrefixes ?? []).map((p) => p.replace(/\D/g, "")).filter(Boolean);
    if (ids.length === 0 && lines.length === 0) return { watchesEvaluated: 0, combos: 0, alertsWritten: 0, ms: performance.now() - started };
    const rows = ids.length ? await db.tariffMeasure.findMany({ where: { id: { in: ids } }, select: { products: true } }) : [];
    prefixes = [...new Set([...rows.flatMap((r) => r.products.map((p) => (p === "*" ? "*" : p.replace(/\D/g, "")))), ...lines].filter(Boolean))];
    if (prefixes.length === 0) return { watchesEvaluated: 0, combos: 0, alertsWritten: 0, ms: performance.now() - started };
  }

  // (a) touched watches, grouped into combos, in SQL.
  // Watches are grouped first (one scan), then the distinct lines are matched against the
  // prefixes by hashed lookups of each prefix length: measures list thousands of HTS8 codes.
  const keys = await db.$queryRawUnsafe<ComboKey[]>(
    `WITH p AS (SELECT DISTINCT value AS prefix FROM jsonb_array_elements_text($2::jsonb)),
          lens AS (SELECT DISTINCT length(prefix) AS len FROM p WHERE prefix <> '*'),
          k AS (
            SELECT COALESCE(w."htsCode", c."referenceHts") AS line, COALESCE(w."madeIn", '') AS "madeIn", w."horizonDays" AS horizon,
                   w."categoryId" AS category, count(*)::int AS n
            FROM watches w JOIN consumer_categories c ON c.id = w."categoryId"
            GROUP BY 1, 2, 3, 4)
     SELECT * FROM k
     WHERE $1::boolean OR EXISTS (SELECT 1 FROM p WHERE prefix = '*')
        OR EXISTS (SELECT 1 FROM lens WHERE left(regexp_replace(k.line, '\\D', '', 'g'), lens.len) IN (SELECT prefix FROM p))`,
    full,
    JSON.stringify(prefixes),
  );
  if (keys.length === 0) return { watchesEvaluated: 0, combos: 0, alertsWritten: 0, ms: performance.now() - started };

  // (b) one projection per combo (and per trigger date on its line), in JavaScript.
  const ctx = await loadContext(db, keys, today);
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
    const projected = projectCombo(key, ctx);
    if (!projected) return;
    watchesEvaluated += key.n;
    const horizonEnd = addDays(today, key.horizon);
    const madeInText = key.madeIn ? ` (made in ${countryName(key.madeIn)})` : "";
    const measures = new Map(ctx.law.measures.map((m) => [m.id, m]));

    for (const g of projected.groups) {
      if (g.date < justFrom) continue;
      if (g.band && Math.abs(g.band.central) < MIN_VISIBLE_PCT) continue; // no visible change to this item (e.g. a measure displaced by Section 232)
      const ids = g.events.map((e) => e.id).sort();
      const kind = g.band && g.band.central < 0 ? "relief" : "legal-event";
      const byDay = addDays(g.date, Math.round(PASS_THROUGH.rampMonths * 30.44));
      groupRows.push({
        gi: groupRows.length,
        k,
        kind,
        ids_key: ids.join(","),
        line: key.line,
        made_in: key.madeIn,
        horizon: key.horizon,
        category: key.category,
        central: g.band?.central ?? null,
        low: g.band?.low ?? null,
        high: g.band?.high ?? null,
        unconfirmed: g.unconfirmed,
        eff_days: daysBetween(today, g.date),
        event_ids: ids,
        title_suffix: `${madeInText}: ${bandTitle(g.band, byDay)}`,
        reason: `${g.events.map((e) => eventPhrase(e, measures.get(e.measureId), today)).join("; ")}.`,
        ev_key: docKey(evidenceJson(ctx, key, [g], g.band, { kind, originsLabel: projected.originsLabel, horizonEnd })),
      });
    }

    const band = sumBands(projected.groups.map((g) => g.band));
    const first = projected.groups.find((g) => g.date >= today) ?? projected.groups[0];
    const last = projected.groups[projected.groups.length - 1];
    const byDay = last ? addDays(last.date, Math.round(PASS_THROUGH.rampMonths * 30.44)) : null;
    comboRows.push({
      k,
      line: key.line,
      made_in: key.madeIn,
      horizon: key.horizon,
      category: key.category,
      // No trigger on the line in the window: the projection is flat (nothing to come), not unknown.
      central: projected.groups.length === 0 ? 0 : (band ? round3(band.central) : null),
      low: projected.groups.length === 0 ? 0 : (band ? round3(band.low) : null),
      high: projected.groups.length === 0 ? 0 : (band ? round3(band.high) : null),
      unconfirmed: projected.groups.some((g) => g.unconfirmed),
      eff_days: first ? daysBetween(today, first.date) : null,
      event_ids: projected.groups.flatMap((g) => g.events.map((e) => e.id)).sort(),
      title_suffix: `${madeInText}: ${bandTitle(band, byDay)}`,
      reason:
        projected.groups.length === 0
          ? "No scheduled tariff change on this line within your horizon."
          : `Projected shelf-price change from ${projected.groups.length === 1 ? "this change" : "these changes"}: ${projected.groups
              .flatMap((g) => g.events.map((e) => eventPhrase(e, measures.get(e.measureId), today)))
              .join("; ")}.`,
      ev_key: docKey(evidenceJson(ctx, key, projected.groups, round3Band(band), { kind: "threshold", originsLabel: projected.originsLabel, horizonEnd })),
    });
  });

  const cpi: CpiParamRow[] = (full || opts.cpi ? await cpiRows(db, ctx) : []).map(({ evidence, ...row }, pi) => ({ ...row, pi, ev_key: docKey(evidence) }));
  const jsMs = performance.now() - started;

  // (c) one statement: decisions, the INSERT and the UPDATE for every watch at once.
  statement ??= buildStatement();
  // The combos, groups and CPI rows go into temp tables (dropped at commit) with fresh
  // statistics, so the planner sees hundreds of rows, not a set-returning function's default
  // guess, and hashes the watch set against them instead of looping over them per watch.
  const params = [
    JSON.stringify(comboRows),
    JSON.stringify(groupRows),
    JSON.stringify(cpi),
    `[${[...docs].map(([key, json]) => `{"key":${JSON.stringify(key)},"evidence":${json}}`).join(",")}]`,
  ];
  const sql = statement;
  const result = await db.$transaction(
    async (tx) => {
      // The statement sorts tens of thousands of candidate rows (dedupe keys, the daily-cap rank): in memory.
      await tx.$executeRawUnsafe(`SET LOCAL work_mem = '64MB'`);
      await tx.$executeRawUnsafe(
        `CREATE TEMP TABLE alert_combos ON COMMIT DROP AS SELECT *, line || '|' || made_in || '|' || horizon || '|' || category AS ck FROM jsonb_to_recordset($1::jsonb) AS x(k int, line text, made_in text, horizon int, category text,
           central float8, low float8, high float8, unconfirmed boolean, eff_days int, event_ids text[], title_suffix text, reason text, ev_key text)`,
        params[0],
      );
      await tx.$executeRawUnsafe(
        `CREATE TEMP TABLE alert_groups ON COMMIT DROP AS SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(gi int, k int, kind text, ids_key text,
           central float8, low float8, high float8, unconfirmed boolean, eff_days int, event_ids text[], title_suffix text, reason text, ev_key text)`,
        params[1],
      );
      await tx.$executeRawUnsafe(
        `CREATE TEMP TABLE alert_cpi ON COMMIT DROP AS SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(pi int, category text, period text, change float8, title_suffix text, reason text, ev_key text)`,
        params[2],
      );
      await tx.$executeRawUnsafe(`CREATE TEMP TABLE alert_docs ON COMMIT DROP AS SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(key text, evidence jsonb)`, params[3]);
      await tx.$executeRawUnsafe(`ANALYZE alert_combos, alert_groups, alert_cpi, alert_docs`);
      // The embedded database (PGlite) has no autovacuum to keep statistics: the nightly full run
      // refreshes them for the tables the statement reads, or the planner takes 100,000 watches for a few.
      if (full) await tx.$executeRawUnsafe(`ANALYZE watches, subscriber_alerts, subscribers, free_trials, subscriptions`);
      if (alertEngineDiagnostics(rawEnv()).explain) {
        const plan = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${sql}`, now.toISOString());
        console.info(plan.map((r) => r["QUERY PLAN"]).join("\n"));
      }
      return tx.$queryRawUnsafe<{ inserted: number; updated: number }[]>(sql, now.toISOString());
    },
    { maxWait: 60_000, timeout: 30 * 60_000 },
  );
  if (alertEngineDiagnostics(rawEnv()).timing) {
    console.info(`[alerts] evaluate: projections ${Math.round(jsMs)} ms, statement ${Math.round(performance.now() - started - jsMs)} ms, groups ${groupRows.length}, documents ${docs.size} (${Math.round(params[3]!.length / 1024)} kB), params ${Math.round((params[0]!.length + params[1]!.length) / 1024)} kB`);
  }
  return {
    watchesEvaluated,
    combos: comboRows.length,
    alertsWritten: result[0]?.inserted ?? 0,
    ms: Math.round(performance.now() - started),
  };
}

/** The measures an event or measure edit touches, for callers that know event ids. */
export async function measureIdsOfEvents(db: PrismaClient, eventIds: string[]): Promise<string[]> {
  const rows = await db.measureEvent.findMany({ where: { id: { in: eventIds } }, select: { measureId: true } });
  return [...new Set(rows.map((r) => r.measureId))];
}
