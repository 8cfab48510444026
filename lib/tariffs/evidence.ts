/**
 * Evidence: every figure a projection shows is a node with its value, the formula with the
 * numbers substituted, the nodes it was computed from and the sources it rests on
 * (docs/tariffs.md, "Engine"; docs/alerts.md, "The alerts page"). The watch page and the
 * alert page render them as "How we computed this"; a node marked unconfirmed is drawn with
 * a dashed badge. A product is written as `lines`: every factor with its name in words and
 * its value as shown, and the result, so the shown working adds up (docs/tariffs.md,
 * "Projection": "Every factor shown").
 */
import type { DutyStack } from "./duty";

/** One factor of a shown product: its name in words (with its symbol) and its value as shown, e.g. {name: "product's share of the shelf price (m)", value: "0.355"}. */
export type Factor = { name: string; value: string };

/** A product written out: label (e.g. "central"), every factor, the result as shown. `result` = the product of the factors' values. */
export type FormulaLine = { label: string; factors: Factor[]; result: string };

export type EvidenceNode = {
  id: string;
  label: string;
  value: string;
  /** The computation with its numbers, e.g. "(1 + 28.5%) / (1 + 26.0%) − 1 = +1.98%"; null for inputs. */
  formula: string | null;
  /** Ids of the nodes this one is computed from. */
  inputs: string[];
  sourceIds: string[];
  unconfirmed?: boolean;
  /** The node's products, one per line (low / central / high), every factor named. */
  lines?: FormulaLine[];
  /** Plain-language notes on the figure (e.g. a measure displaced by Section 232). */
  notes?: string[];
};

/** "low: 0.5 × 0.355 × +1.918% × 0.4107 = +0.14%": a line as text, values only (the names are in the page's legend). */
export function lineText(line: FormulaLine): string {
  return `${line.label}: ${line.factors.map((f) => f.value).join(" × ")} = ${line.result}`;
}

/** A number as shown in a working: at most `decimals` decimals, no trailing zeros ("0.355", "1", "0.4107"). */
export function shownNumber(x: number, decimals = 4): string {
  const value = Number(x.toFixed(decimals));
  return String(Object.is(value, -0) ? 0 : value);
}

/** A fraction as a percentage with at most `maxDecimals` decimals and no trailing zeros: 0.075 → "7.5%", 0.1 → "10%". */
export function ratePct(fraction: number, maxDecimals = 2): string {
  const value = Number((fraction * 100).toFixed(maxDecimals));
  return `${Object.is(value, -0) ? 0 : value}%`;
}

/** A fraction as a percentage with exactly `decimals` decimals: 0.26 → "26.0%". */
export function fixedPct(fraction: number, decimals = 1): string {
  return `${(fraction * 100).toFixed(decimals)}%`;
}

/** A percentage (already in percent) with a sign: 1.4369 → "+1.44%", -0.5 → "−0.50%". */
export function signedPct(percent: number, decimals = 2): string {
  const rounded = Number(percent.toFixed(decimals));
  if (rounded === 0) return `${(0).toFixed(decimals)}%`;
  return `${rounded > 0 ? "+" : "−"}${Math.abs(rounded).toFixed(decimals)}%`;
}

/** Cents as dollars with a sign: 61 → "+$0.61". */
export function signedDollars(cents: number): string {
  if (cents === 0) return "$0.00";
  return `${cents > 0 ? "+" : "−"}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

/**
 * The duty stack as one line with its numbers:
 * "8.5% MFN + 7.5% (China 301 List 4A) + 10% (Section 122) = 26.0%".
 * A floor part reads "6.5% (EU floor 15% all-in: IEEPA reciprocal)"; an unknown total reads "= unknown".
 */
export function formulaText(stack: DutyStack): string {
  if (stack.mfn === null && stack.parts.length === 0 && stack.total === null && stack.notes.some((n) => n.includes("column 2"))) {
    return `${stack.country}: column 2 rate (not modelled) = unknown`;
  }
  const terms = [stack.mfn === null ? `"${stack.mfnText}" MFN (not ad valorem)` : `${ratePct(stack.mfn)} MFN`];
  for (const part of stack.parts) {
    terms.push(`${ratePct(part.rate)} (${part.name}${part.basis === "floor" ? ", to the all-in floor" : ""})`);
  }
  return `${terms.join(" + ")} = ${stack.total === null ? "unknown" : fixedPct(stack.total, 1)}`;
}

/** Source ids of a duty stack: the HTS release the MFN comes from (when known) and each part's legal source. */
export function dutySourceIds(stack: DutyStack, htsSourceId?: string | null): string[] {
  const ids = [...(htsSourceId ? [htsSourceId] : []), ...stack.parts.map((part) => part.sourceId)];
  return [...new Set(ids)];
}
