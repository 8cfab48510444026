/**
 * The alert engine's one statement (docs/alerts.md, "Evaluation", step 3): decisions for
 * every evaluated watch (legal-event, relief, threshold and CPI alerts; fire, re-arm, snooze,
 * daily cap; severity), the ONE insert of alerts, the evidence documents they and the watches'
 * stored projections reference, and the ONE update of the watches (fire state and the keys of
 * their stored projection's documents), all on one snapshot. Its inputs are the temp tables alert_combos, alert_groups,
 * alert_cpi and alert_docs that lib/alerts/evaluate.ts fills; `$1` = now, `$2` = the law's
 * change stamp the projections were computed under.
 */
import { PLAN_ENTITLEMENTS } from "@/lib/entitlements";
import { armedAfterSql, centsSql, fireSql, severitySql, suppressedSql, type FireColumns } from "./fire-sql";

/**
 * A watch's combination key in SQL: line | c (category line) or i (pinned item line) | made-in |
 * horizon | category; the same as `comboKeyOf` in lib/alerts/evaluate.ts.
 */
export const COMBO_KEY_SQL = `COALESCE(w."htsCode", c."referenceHts") || '|' || CASE WHEN w."htsCode" IS NULL THEN 'c' ELSE 'i' END || '|' || COALESCE(w."madeIn", '') || '|' || w."horizonDays" || '|' || w."categoryId"`;

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

export function buildStatement(): string {
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
    -- watches instead of tens of thousands, and loop over the groups per watch (docs/alerts.md, "Evaluation")
    JOIN combos co ON co.ck = ${COMBO_KEY_SQL}
  ),
  -- per watch: does it get a legal-event (or relief) alert not written before? (a new legal event for decideFire)
  -- One pass (base x groups, the small side hashed; the alert lookup by its unique index) and one
  -- aggregate: no self-join of the watch set, which the planner would loop over.
  flags AS (
    SELECT b.id, b.k, bool_or(g.gi IS NOT NULL AND x.id IS NULL) AS new_event
    FROM base b
    LEFT JOIN groups g ON g.k = b.k AND g.kind <> 'countdown'
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
    -- legal events (and relief) on the watch's line, and the countdowns to them (docs/alerts.md, "Countdowns and corrections")
    SELECT w.id AS watch_id, w."subscriberId" AS sid, w."categoryId" AS category, w."snoozedUntil" AS snoozed_until, a.rank,
      w.id::text || ':' || g.kind || ':' || g.ids_key AS dedupe_key, g.kind,
      CASE WHEN g.kind = 'relief' THEN 'relief' WHEN g.central IS NULL THEN 'info' ELSE ${severitySql({
        centralPct: "g.central",
        thresholdPct: `w."thresholdPct"`,
        finality: "'final'",
        effectiveInDays: "g.eff_days",
        centralCents: centsOf("g.central"),
      })} END AS severity, g.unconfirmed,
      ${nameSql} || g.title_suffix AS title, g.reason, g.central, g.low, g.high, ${centsOf("g.central")} AS cents, g.event_ids,
      g.ev_key, w."priceCents" AS price_cents, ${nameSql} AS item, g.announced
    FROM decided d
    JOIN watches w ON w.id = d.id
    JOIN consumer_categories c ON c.id = w."categoryId"
    JOIN groups g ON g.k = d.k
    JOIN access a ON a.sid = w."subscriberId" AND a.rank IS NOT NULL
    -- a countdown reminds of a change already announced: only when the change's legal-event (or
    -- relief) alert was written before its lead time began, so an announcement and a reminder never
    -- arrive together (the announcement of a change 10 days away is followed by the 7-day reminder only)
    WHERE g.kind <> 'countdown' OR EXISTS (
      SELECT 1 FROM subscriber_alerts x WHERE x."dedupeKey" = w.id::text || ':' || g.ann_key AND x."createdAt" < (g.due_from::timestamp AT TIME ZONE 'UTC'))
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
      })}, co.unconfirmed,
      ${nameSql} || co.title_suffix, co.reason, co.central, co.low, co.high, ${centsOf("co.central")}, co.event_ids,
      co.ev_key, w."priceCents", ${nameSql}, NULL::jsonb
    FROM decided d
    JOIN watches w ON w.id = d.id
    JOIN consumer_categories c ON c.id = w."categoryId"
    JOIN combos co ON co.k = d.k
    WHERE d.fire AND NOT d.new_event
    UNION ALL
    -- the category's 12-month CPI change crosses the threshold (once per period)
    SELECT w.id, w."subscriberId", w."categoryId", w."snoozedUntil", d.rank,
      w.id::text || ':cpi:' || p.period, 'cpi',
      CASE WHEN p.change <= -(w."thresholdPct")::float8 THEN 'relief' ELSE 'watch' END, p.unconfirmed,
      ${nameSql} || p.title_suffix, p.reason, p.change, p.change, p.change, NULL::int, ARRAY[]::text[], p.ev_key, NULL::int, ${nameSql}, NULL::jsonb
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
  -- the evidence documents (tens of kB each) the new alerts and the watches' stored projections
  -- reference (docs/alerts.md, "The stored projection"), each stored once
  docs_written AS (
    INSERT INTO alert_evidence (key, evidence, "createdAt")
    SELECT d.key, d.evidence, $1::timestamptz FROM alert_docs d WHERE d.key IN (SELECT ev_key FROM capped UNION SELECT ev_key FROM combos)
    ON CONFLICT (key) DO NOTHING
    RETURNING 1
  ),
  -- each alert: its key to the shared document, and in evidence only what is its own
  inserted AS (
    INSERT INTO subscriber_alerts ("subscriberId", "watchId", "dedupeKey", kind, severity, unconfirmed, "categoryId", title, reason, "centralPct", "lowPct", "highPct",
      "centralCents", "eventIds", "evidenceKey", evidence, "createdAt", suppressed, announced)
    SELECT cp.sid, cp.watch_id, cp.dedupe_key, cp.kind, cp.severity, cp.unconfirmed, cp.category, left(cp.title, 300), cp.reason,
      round(cp.central::numeric, 3), round(cp.low::numeric, 3), round(cp.high::numeric, 3), cp.cents, cp.event_ids, cp.ev_key,
      jsonb_build_object('price', ${priceJson("cp.price_cents", "cp.low", "cp.central", "cp.high")}, 'item', cp.item)
        || CASE WHEN cp.suppressed_reason IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('suppressed', cp.suppressed_reason) END,
      $1::timestamptz, cp.suppressed_reason IS NOT NULL, cp.announced
    FROM capped cp
    ON CONFLICT ("dedupeKey") DO NOTHING
    RETURNING 1
  ),
  -- the documents the watches now point to, their figures and their working (docs/alerts.md, "The stored projection")
  projection_docs AS (
    INSERT INTO alert_evidence (key, evidence, "createdAt")
    SELECT d.key, d.evidence, $1::timestamptz FROM alert_docs d WHERE d.key IN (SELECT ev_key FROM combos UNION SELECT figures_key FROM combos)
    ON CONFLICT (key) DO NOTHING
    RETURNING 1
  ),
  -- each watch: its stored projection and its fire state; a watch edited since the snapshot keeps
  -- its own (the key is checked again on the row's newest version)
  updated AS (
    UPDATE watches w SET
      "lastCentralPct" = round(d.central::numeric, 3),
      "evaluatedAt" = $1::timestamptz,
      "figuresKey" = co.figures_key,
      "projectionKey" = co.ev_key,
      "projectedOn" = ($1::timestamptz AT TIME ZONE 'UTC')::date,
      "projectionStamp" = $2,
      armed = d.armed_after,
      "lastFiredAt" = CASE WHEN d.fire THEN $1::timestamptz ELSE w."lastFiredAt" END,
      "lastFiredPct" = CASE WHEN d.fire THEN round(d.central::numeric, 3) ELSE w."lastFiredPct" END
    FROM decided d JOIN combos co ON co.k = d.k
    WHERE w.id = d.id AND w."horizonDays" = co.horizon AND COALESCE(w."madeIn", '') = co.made_in AND w."categoryId" = co.category
      AND (w."htsCode" IS NULL) = (co.pinned = 'c') AND (w."htsCode" IS NULL OR w."htsCode" = co.line)
    RETURNING 1
  )
SELECT (SELECT count(*)::int FROM inserted) AS inserted, (SELECT count(*)::int FROM updated) AS updated`;
}

