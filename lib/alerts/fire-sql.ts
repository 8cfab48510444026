/**
 * The fire / re-arm / snooze / daily-cap rule of lib/alerts/rearm.ts (`decideFire`) and
 * the severity rule of lib/alerts/severity.ts (`severityOf`) as SQL expressions, so the
 * engine decides for every watch at once inside one statement (lib/alerts/evaluate.ts).
 * Arithmetic is done in float8 (IEEE doubles, like JavaScript numbers) so a value on a
 * boundary decides the same way in both; tests/integration/alerts-engine.test.ts runs a
 * table of cases through both and compares.
 *
 * Each function takes SQL expressions (column references) and returns a SQL expression.
 */
import { DEFAULT_REARM_DAYS, HYSTERESIS_PP } from "./rearm";
import { SEVERITY_LEVELS } from "./severity";

export type FireColumns = {
  /** boolean */
  armed: string;
  /** timestamptz or null */
  lastFiredAt: string;
  /** numeric/float or null */
  lastFiredPct: string;
  /** timestamptz or null */
  snoozedUntil: string;
  /** int */
  rearmDays: string;
  /** int: alerts sent (not suppressed) today before this one */
  firedToday: string;
  /** int */
  maxPerDay: string;
  /** float: the new central projection, percent */
  centralPct: string;
  /** float: threshold, percent */
  thresholdPct: string;
  /** text: up, down, both */
  direction: string;
  /** boolean: a legal event not seen by this watch before triggered this run */
  newEvent: string;
  /** timestamptz: the evaluation time */
  now: string;
};

const f = (expr: string) => `(${expr})::float8`;

/** The threshold condition holds (rearm.ts `holds`). */
export function holdsSql(central: string, threshold: string, direction: string): string {
  const c = f(central);
  const t = f(threshold);
  return `(CASE ${direction} WHEN 'up' THEN ${c} >= ${t} WHEN 'down' THEN ${c} <= -${t} ELSE abs(${c}) >= ${t} END)`;
}

/** The projection moved back past threshold − 1 pp (rearm.ts `backPast`). */
export function backPastSql(central: string, threshold: string, direction: string): string {
  const c = f(central);
  const level = `(${f(threshold)} - ${HYSTERESIS_PP}::float8)`;
  return `(CASE ${direction} WHEN 'up' THEN ${c} < ${level} WHEN 'down' THEN ${c} > -${level} ELSE abs(${c}) < ${level} END)`;
}

/** Re-armed (or still armed) before the fire test: armed, or re-armed by a new event that moved the projection, or by the re-arm period. */
export function rearmedSql(c: FireColumns): string {
  const moved = `(${c.lastFiredPct} IS NOT NULL AND abs(${f(c.centralPct)} - ${f(c.lastFiredPct)}) >= greatest(1::float8, 0.25::float8 * abs(${f(c.lastFiredPct)})))`;
  const days = `(CASE WHEN ${c.rearmDays} = -1 THEN ${DEFAULT_REARM_DAYS} ELSE ${c.rearmDays} END)`;
  const periodPassed = `(${days} > 0 AND ${c.lastFiredAt} IS NOT NULL AND (${c.now} - ${c.lastFiredAt}) >= ${days} * interval '1 day')`;
  const holds = holdsSql(c.centralPct, c.thresholdPct, c.direction);
  const back = backPastSql(c.centralPct, c.thresholdPct, c.direction);
  return `(${c.armed} OR (NOT ${back} AND ((${c.newEvent} AND ${moved}) OR (${periodPassed} AND ${holds}))))`;
}

/** `decideFire(...).fire` */
export function fireSql(c: FireColumns): string {
  return `(${rearmedSql(c)} AND ${holdsSql(c.centralPct, c.thresholdPct, c.direction)})`;
}

/** `decideFire(...).armed` */
export function armedAfterSql(c: FireColumns): string {
  const back = backPastSql(c.centralPct, c.thresholdPct, c.direction);
  return `(CASE WHEN ${fireSql(c)} THEN false WHEN NOT ${c.armed} AND ${back} THEN true ELSE ${rearmedSql(c)} END)`;
}

/** Delivery suppression of an alert that fires: 'snoozed', 'daily-cap' or null (`decideFire(...).suppressed`). */
export function suppressedSql(c: Pick<FireColumns, "snoozedUntil" | "now" | "firedToday" | "maxPerDay">): string {
  return `(CASE WHEN ${c.snoozedUntil} IS NOT NULL AND ${c.now} < ${c.snoozedUntil} THEN 'snoozed' WHEN ${c.firedToday} >= ${c.maxPerDay} THEN 'daily-cap' ELSE NULL END)`;
}

export type SeverityColumns = {
  centralPct: string;
  thresholdPct: string;
  /** text: proposed or final */
  finality: string;
  /** int or null */
  effectiveInDays: string;
  /** int or null */
  centralCents: string;
};

/** `severityOf(...)`: the size decides; "unconfirmed" is a label of its own (lib/alerts/severity.ts). */
export function severitySql(s: SeverityColumns): string {
  const c = f(s.centralPct);
  const t = f(s.thresholdPct);
  const L = SEVERITY_LEVELS;
  const within = (days: number) => `(${s.effectiveInDays} IS NOT NULL AND ${s.effectiveInDays} <= ${days})`;
  return `(CASE
    WHEN ${c} < 0 AND ${c} <= -${t} THEN 'relief'
    WHEN ${s.finality} = 'proposed' OR ${c} < ${t} THEN 'info'
    WHEN ${c} >= ${L.criticalPct} AND ${within(L.criticalDays)} THEN 'critical'
    WHEN (${c} >= ${L.actPct} OR (${s.centralCents} IS NOT NULL AND ${s.centralCents} >= ${L.actCents})) AND ${within(L.actDays)} THEN 'act'
    ELSE 'watch' END)`;
}

/** Math.round(price × pct / 100) in SQL (half up, like JavaScript). */
export function centsSql(priceCents: string, pct: string): string {
  return `(CASE WHEN ${priceCents} IS NULL OR ${pct} IS NULL THEN NULL ELSE floor(${f(priceCents)} * ${f(pct)} / 100::float8 + 0.5::float8)::int END)`;
}
