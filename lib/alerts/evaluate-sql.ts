/**
 * The alert engine's one statement (docs/alerts.md, "Evaluation", step 3): decisions for
 * every evaluated watch (legal-event, relief, threshold and CPI alerts; fire, re-arm, snooze,
 * daily cap; severity), the ONE insert of alerts, the evidence documents they and the watches'
 * stored projections reference, and the ONE update of the watches (fire state and the keys of
 * their stored projection's documents), all on one snapshot. Its inputs are the temp tables alert_combos, alert_groups,
 * alert_cpi and alert_docs that lib/alerts/evaluate.ts fills, and alert_watches (the touched
 * watches, `buildWatchesStatement`); `$1` = now, `$2` = the law's change stamp the projections
 * were computed under.
 */
import { PLAN_ENTITLEMENTS } from "@/lib/entitlements";
import { armedAfterSql, centsSql, fireSql, severitySql, suppressedSql, type FireColumns } from "./fire-sql";

/**
 * A watch's combination key in SQL, from the watch's own columns: category | "c" (the
 * category's line) or "i" + its pinned line | made-in | horizon. `alert_combos.wk` is the same
 * key built from a combo's columns (lib/alerts/evaluate.ts), so the watch set is matched to
 * the combos in one hash join on one key, with no join to the categories and nothing sorted.
 */
export const WATCH_COMBO_KEY_SQL = `w."categoryId" || '|' || COALESCE('i' || w."htsCode", 'c') || '|' || COALESCE(w."madeIn", '') || '|' || w."horizonDays"`;
export const comboWatchKeySql = (x: string) => `${x}.category || '|' || CASE ${x}.pinned WHEN 'i' THEN 'i' || ${x}.line ELSE 'c' END || '|' || ${x}.made_in || '|' || ${x}.horizon`;

/** Plan rank → alerts per day, as SQL (rank 0 = free trial), of an alert `r` with its subscriber's rank. */
const CAP_SQL = `(CASE r.rank WHEN 0 THEN ${PLAN_ENTITLEMENTS["free-trial"].alertsPerDay} WHEN 1 THEN ${PLAN_ENTITLEMENTS.consumer.alertsPerDay} WHEN 2 THEN ${PLAN_ENTITLEMENTS.professional.alertsPerDay} ELSE ${PLAN_ENTITLEMENTS["pro-alerts"].alertsPerDay} END)`;

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

/**
 * The evaluated watches, read ONCE into the temp table alert_watches (one scan of the watch set,
 * hashed against the few hundred combos on one key), with every column the decisions and the
 * alerts use and the subscriber's access: the statement never goes back to the watch set (over a
 * million watches, each pass hashed or sorted the whole set), and after ANALYZE the planner knows
 * how many watches a change touched (36,330 of 100,000), not a guess from the join's selectivity.
 * `$1` = now, `$2` = the combos' categories.
 */
export function buildWatchesStatement(): string {
  return `CREATE TEMP TABLE alert_watches ON COMMIT DROP AS
WITH ${ACCESS_CTE}
SELECT w.id, w."subscriberId" AS sid, w."categoryId" AS category, w."snoozedUntil" AS snoozed_until, w."thresholdPct"::float8 AS threshold,
  w.direction, w.armed, w."lastFiredAt" AS last_fired_at, w."lastFiredPct" AS last_fired_pct, w."rearmDays" AS rearm_days,
  w."priceCents" AS price_cents, COALESCE(NULLIF(w.name, ''), co.category_name) AS item, a.rank,
  co.k, co.wk, co.central, co.figures_key, co.ev_key AS projection_key
FROM watches w
JOIN alert_combos co ON co.wk = ${WATCH_COMBO_KEY_SQL}
LEFT JOIN access a ON a.sid = w."subscriberId"
-- the combos' categories ($2): a watch of another category is passed over before its key is built
WHERE w."categoryId" = ANY($2::text[])`;
}

export function buildStatement(): string {
  const fire: FireColumns = {
    armed: `b.armed`,
    lastFiredAt: `b.last_fired_at`,
    lastFiredPct: `b.last_fired_pct`,
    snoozedUntil: `b.snoozed_until`,
    rearmDays: `b.rearm_days`,
    firedToday: `0`,
    maxPerDay: `0`,
    centralPct: `b.central`,
    thresholdPct: `b.threshold`,
    direction: `b.direction`,
    newEvent: `(ne.watch_id IS NOT NULL)`,
    now: `$1::timestamptz`,
  };
  const centsOf = (pct: string) => centsSql(`b.price_cents`, pct);
  const priceJson = (price: string, low: string, central: string, high: string) =>
    `CASE WHEN ${price} IS NULL OR ${central} IS NULL THEN 'null'::jsonb ELSE jsonb_build_object('priceCents', ${price}, 'lowCents', ${centsSql(price, low)}, 'centralCents', ${centsSql(price, central)}, 'highCents', ${centsSql(price, high)}) END`;
  return `
WITH
  combos AS (SELECT * FROM alert_combos),
  groups AS (SELECT * FROM alert_groups),
  cpi AS (SELECT * FROM alert_cpi),
  today AS (
    SELECT "subscriberId" AS sid, count(*)::int AS n FROM subscriber_alerts
    WHERE "createdAt" >= date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND NOT suppressed
    GROUP BY "subscriberId"
  ),
  base AS (SELECT * FROM alert_watches),
  -- legal events (and relief) on the watch's line not alerted before, and the countdowns to them
  -- (docs/alerts.md, "Countdowns and corrections"); the alert lookups by the unique dedupe key.
  -- The candidate alerts carry their group (gi), combo (ck) or CPI row (pi), not its texts: the
  -- texts join in at the insert, so the rows sorted for the daily cap stay narrow.
  events AS MATERIALIZED (
    SELECT b.id AS watch_id, b.sid, b.category, b.snoozed_until, b.rank, b.price_cents, b.item, b.threshold,
      b.id::text || ':' || g.kind || ':' || g.ids_key AS dedupe_key, g.kind, g.gi, g.central, g.eff_days, g.ev_key
    FROM base b
    JOIN groups g ON g.k = b.k
    WHERE NOT EXISTS (SELECT 1 FROM subscriber_alerts x WHERE x."dedupeKey" = b.id::text || ':' || g.kind || ':' || g.ids_key)
      -- a countdown reminds of a change already announced: only when the change's legal-event (or
      -- relief) alert was written before its lead time began, so an announcement and a reminder never
      -- arrive together (the announcement of a change 10 days away is followed by the 7-day reminder only)
      AND (g.kind <> 'countdown' OR EXISTS (
        SELECT 1 FROM subscriber_alerts x WHERE x."dedupeKey" = b.id::text || ':' || g.ann_key AND x."createdAt" < (g.due_from::timestamp AT TIME ZONE 'UTC')))
  ),
  -- per watch: does it get a legal-event (or relief) alert not written before? (a new legal event for decideFire)
  decided AS MATERIALIZED (
    SELECT b.*, ne.watch_id IS NOT NULL AS new_event,
      (b.rank IS NOT NULL AND b.central IS NOT NULL AND ${fireSql(fire)}) AS fire,
      CASE WHEN b.rank IS NOT NULL AND b.central IS NOT NULL THEN ${armedAfterSql(fire)} ELSE b.armed END AS armed_after
    FROM base b
    LEFT JOIN (SELECT DISTINCT watch_id FROM events WHERE kind <> 'countdown') ne ON ne.watch_id = b.id
  ),
  candidates AS (
    SELECT e.watch_id, e.sid, e.category, e.snoozed_until, e.rank, e.dedupe_key, e.kind,
      CASE WHEN e.kind = 'relief' THEN 'relief' WHEN e.central IS NULL THEN 'info' ELSE ${severitySql({
        centralPct: "e.central",
        thresholdPct: "e.threshold",
        finality: "'final'",
        effectiveInDays: "e.eff_days",
        centralCents: centsSql("e.price_cents", "e.central"),
      })} END AS severity,
      e.ev_key, e.price_cents, e.item, e.gi, NULL::int AS ck, NULL::int AS pi
    FROM events e
    WHERE e.rank IS NOT NULL
    UNION ALL
    -- threshold crossings (decideFire), unless a legal-event alert for the watch is new in this run (it carries the crossing)
    SELECT b.id, b.sid, b.category, b.snoozed_until, b.rank,
      b.id::text || ':threshold:' || to_char($1::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'threshold',
      ${severitySql({
        centralPct: "co.central",
        thresholdPct: "b.threshold",
        finality: "'final'",
        effectiveInDays: "co.eff_days",
        centralCents: centsOf("co.central"),
      })},
      co.ev_key, b.price_cents, b.item, NULL::int, co.k, NULL::int
    FROM decided b
    JOIN combos co ON co.k = b.k
    WHERE b.fire AND NOT b.new_event
      AND NOT EXISTS (SELECT 1 FROM subscriber_alerts x WHERE x."dedupeKey" = b.id::text || ':threshold:' || to_char($1::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
    UNION ALL
    -- the category's 12-month CPI change crosses the threshold (once per period)
    SELECT b.id, b.sid, b.category, b.snoozed_until, b.rank,
      b.id::text || ':cpi:' || p.period, 'cpi',
      CASE WHEN p.change <= -b.threshold THEN 'relief' ELSE 'watch' END,
      p.ev_key, NULL::int, b.item, NULL::int, NULL::int, p.pi
    FROM base b
    JOIN cpi p ON p.category = b.category
    WHERE b.rank IS NOT NULL AND (CASE b.direction WHEN 'up' THEN p.change >= b.threshold WHEN 'down' THEN p.change <= -b.threshold ELSE abs(p.change) >= b.threshold END)
      AND NOT EXISTS (SELECT 1 FROM subscriber_alerts x WHERE x."dedupeKey" = b.id::text || ':cpi:' || p.period)
  ),
  -- every candidate's dedupe key is unique in the run (one group per combo, kind and key:
  -- lib/alerts/evaluate.ts) and was checked against the stored alerts above
  ranked AS (
    SELECT f.*, (f.snoozed_until IS NOT NULL AND $1::timestamptz < f.snoozed_until) AS snoozed,
      row_number() OVER (PARTITION BY f.sid, (f.snoozed_until IS NOT NULL AND $1::timestamptz < f.snoozed_until) ORDER BY ${SEVERITY_RANK} DESC, f.dedupe_key) AS rn
    FROM candidates f
  ),
  capped AS (
    SELECT r.*, ${suppressedSql({
      snoozedUntil: "r.snoozed_until",
      now: "$1::timestamptz",
      firedToday: "(COALESCE(t.n, 0) + r.rn - 1)",
      maxPerDay: CAP_SQL,
    })} AS suppressed_reason
    FROM ranked r
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
    SELECT cp.sid, cp.watch_id, cp.dedupe_key, cp.kind, cp.severity, f.unconfirmed, cp.category, left(cp.item || f.title_suffix, 300), f.reason,
      round(f.central::numeric, 3), round(f.low::numeric, 3), round(f.high::numeric, 3), ${centsSql("cp.price_cents", "f.central")}, f.event_ids, cp.ev_key,
      jsonb_build_object('price', ${priceJson("cp.price_cents", "f.low", "f.central", "f.high")}, 'item', cp.item)
        || CASE WHEN cp.suppressed_reason IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('suppressed', cp.suppressed_reason) END,
      $1::timestamptz, cp.suppressed_reason IS NOT NULL, f.announced
    FROM capped cp
    LEFT JOIN groups g ON g.gi = cp.gi
    LEFT JOIN combos co ON co.k = cp.ck
    LEFT JOIN cpi p ON p.pi = cp.pi
    -- the figures and texts of the one of the three it came from
    CROSS JOIN LATERAL (
      SELECT CASE WHEN cp.gi IS NOT NULL THEN g.unconfirmed WHEN cp.ck IS NOT NULL THEN co.unconfirmed ELSE p.unconfirmed END AS unconfirmed,
        CASE WHEN cp.gi IS NOT NULL THEN g.title_suffix WHEN cp.ck IS NOT NULL THEN co.title_suffix ELSE p.title_suffix END AS title_suffix,
        CASE WHEN cp.gi IS NOT NULL THEN g.reason WHEN cp.ck IS NOT NULL THEN co.reason ELSE p.reason END AS reason,
        CASE WHEN cp.gi IS NOT NULL THEN g.central WHEN cp.ck IS NOT NULL THEN co.central ELSE p.change END AS central,
        CASE WHEN cp.gi IS NOT NULL THEN g.low WHEN cp.ck IS NOT NULL THEN co.low ELSE p.change END AS low,
        CASE WHEN cp.gi IS NOT NULL THEN g.high WHEN cp.ck IS NOT NULL THEN co.high ELSE p.change END AS high,
        CASE WHEN cp.gi IS NOT NULL THEN g.event_ids WHEN cp.ck IS NOT NULL THEN co.event_ids ELSE ARRAY[]::text[] END AS event_ids,
        g.announced
    ) f
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
      "figuresKey" = d.figures_key,
      "projectionKey" = d.projection_key,
      "projectedOn" = ($1::timestamptz AT TIME ZONE 'UTC')::date,
      "projectionStamp" = $2,
      armed = d.armed_after,
      "lastFiredAt" = CASE WHEN d.fire THEN $1::timestamptz ELSE w."lastFiredAt" END,
      "lastFiredPct" = CASE WHEN d.fire THEN round(d.central::numeric, 3) ELSE w."lastFiredPct" END
    FROM decided d
    WHERE w.id = d.id AND ${WATCH_COMBO_KEY_SQL} = d.wk
    RETURNING 1
  )
SELECT (SELECT count(*)::int FROM inserted) AS inserted, (SELECT count(*)::int FROM updated) AS updated`;
}

