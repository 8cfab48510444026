/**
 * Severity of an alert (docs/tariffs.md, "Engine" → "Severity").
 * Computed on the central retail change and its certainty; the high bound is shown but
 * never escalates.
 *
 * | severity | when |
 * |---|---|
 * | relief   | central ≤ −threshold (a projected decrease) |
 * | info     | proposed/announced, or central < threshold, or an input is unconfirmed |
 * | watch    | final/scheduled, central ≥ threshold (and not act/critical) |
 * | act      | final, central ≥ 5% or ≥ $25 on a stated price, effective within 60 days |
 * | critical | final, central ≥ 10%, in force or effective within 30 days |
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
  unconfirmed: boolean;
};

export function severityOf(input: SeverityInput): Severity {
  const { centralPct, thresholdPct, finality, effectiveInDays, centralCents, unconfirmed } = input;
  if (centralPct < 0 && centralPct <= -thresholdPct) return "relief";
  if (finality === "proposed" || unconfirmed || centralPct < thresholdPct) return "info";
  const within = (days: number) => effectiveInDays !== null && effectiveInDays <= days;
  if (centralPct >= 10 && within(30)) return "critical";
  if ((centralPct >= 5 || (centralCents !== null && centralCents >= 2500)) && within(60)) return "act";
  return "watch";
}
