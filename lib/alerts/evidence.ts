/**
 * Evidence: every figure an alert shows is a node with its value, the formula with the
 * numbers substituted, the nodes it was computed from and the sources it rests on
 * (docs/tariffs.md, "Engine"; docs/alerts.md, "The alerts page"). The page renders them as
 * "How we computed this"; a node marked unconfirmed is drawn with a dashed badge.
 */
import type { DutyStack } from "@/lib/tariffs/duty";

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
};

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
