/**
 * Severity of an alert (docs/alerts.md, "Severity"). Computed on the size of the central
 * retail change and its timing; the high bound is shown but never escalates. Whether a figure
 * rests on an unconfirmed row does not change the severity: the alert carries an "unconfirmed"
 * label (its `unconfirmed` column, shown beside the severity on the page, in the email's
 * subject and in the SMS), so a large rise reaches paid plans at once, marked.
 *
 * | severity | when (checked in this order) |
 * |---|---|
 * | relief   | central ≤ −threshold (a projected decrease) |
 * | info     | proposed/announced, or central < threshold |
 * | critical | final, central ≥ 10%, in force or effective within 30 days |
 * | act      | final, central ≥ 5% or ≥ $25 on a stated price, effective within 60 days |
 * | watch    | final, central ≥ threshold (and not act/critical) |
 */
export type Severity = "relief" | "info" | "watch" | "act" | "critical";

export type SeverityInput = {
  /** Central eventual shelf change, percent. */
  centralPct: number;
  /** High bound, percent: shown, never used to escalate. */
  highPct: number;
  /** The subscriber's threshold, percent (positive). */
  thresholdPct: number;
  finality: "proposed" | "final";
  /** Days until the change takes effect; ≤ 0 = already in force; null = unknown. */
  effectiveInDays: number | null;
  /** Central change in cents on the stated price; null without a price. */
  centralCents: number | null;
};

/** The size levels (percent, cents, days) of the table above. */
export const SEVERITY_LEVELS = { criticalPct: 10, criticalDays: 30, actPct: 5, actCents: 2500, actDays: 60 } as const;

export function severityOf(input: SeverityInput): Severity {
  const { centralPct, thresholdPct, finality, effectiveInDays, centralCents } = input;
  const L = SEVERITY_LEVELS;
  if (centralPct < 0 && centralPct <= -thresholdPct) return "relief";
  if (finality === "proposed" || centralPct < thresholdPct) return "info";
  const within = (days: number) => effectiveInDays !== null && effectiveInDays <= days;
  if (centralPct >= L.criticalPct && within(L.criticalDays)) return "critical";
  if ((centralPct >= L.actPct || (centralCents !== null && centralCents >= L.actCents)) && within(L.actDays)) return "act";
  return "watch";
}
