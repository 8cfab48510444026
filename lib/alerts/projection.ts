/**
 * Projected shelf-price change for an item from a change in its duties, as a band with
 * every figure traced (docs/tariffs.md, "Engine" → "Projection").
 * Pure: all dates are arguments.
 *
 *   Δc_c  = (1 + τ(c, t1)) / (1 + τ(c, t0)) − 1           landed-cost change per origin
 *   Δc_M  = Σ w_c · Δc_c                                 weights normalised over origins with a known duty
 *   ΔP    = θ · [(1 − d) · Δc_M + d · s · Δc_M]           (θ, s) = (lowFactor·m, s_low), (m, s_central), (1, s_high)
 *   r(k)  = min(1, k / rampMonths)                        share on the shelf k months after the effective date
 *
 * A declared origin means the item is imported (d = 0). Origins whose duty is unknown are
 * listed in `unknowns` and left out of the weights; with no known origin there is no band.
 */
import { dutyOn, type DutyLine, type DutyStack } from "@/lib/tariffs/duty";
import type { MeasureEvent, PassThroughParams, TariffMeasure } from "@/lib/tariffs/types";
import { dutySourceIds, fixedPct, formulaText, signedDollars, signedPct, type EvidenceNode } from "./evidence";

export type ProjectionOrigin = {
  country: string;
  /** Share of US imports (sector level) or 1 for a declared origin; normalised inside. */
  weight: number;
  /** Optional provenance of the weight (OriginShare.year / sourceId). */
  year?: number | null;
  sourceId?: string | null;
};

export type ProjectionInput = {
  line: DutyLine;
  origins: ProjectionOrigin[];
  originBasis: "declared" | "sector" | "none";
  /** d: share of US consumption produced at home (sector level); null = unknown. */
  domesticShare: number | null;
  /**
   * m: producers' value ÷ purchasers' value of the item's PCE line; null = unknown (an HS group
   * no PCE line covers: docs/tariffs.md, "Every product"): the landed-cost change is shown, no band.
   */
  retailMargin: number | null;
  /** Baseline day of the duties (usually the day the price was seen). */
  t0: string;
  /** Target day of the duties (the triggering event's effective day, or today + horizon). */
  t1: string;
  /** The day the duty change takes effect (start of the ramp); null = timing unknown. */
  effectiveDate: string | null;
  /** The end of the subscriber's horizon: `byHorizon` is the part expected on the shelf by then. */
  horizonEnd: string;
  /** The item's price in cents, when the subscriber gave one. */
  priceCents: number | null;
  measures: TariffMeasure[];
  events: MeasureEvent[];
  params: PassThroughParams;
  /**
   * Optional: the day the price was observed when it is later than t0 (docs/tariffs.md, "Projection"):
   * the share r(k) of the change already on the shelf by then is not projected again.
   * Defaults to t0.
   */
  priceObservedAt?: string | null;
  /** Optional provenance used in the evidence. */
  sources?: {
    htsSourceId?: string | null;
    retailMarginSourceId?: string | null;
    pceLine?: string | null;
    /** Set when m is the PCE line of a whole HS chapter or heading, not of the product: "HS chapter 85 as a whole". */
    marginScope?: string | null;
    domesticShareSourceId?: string | null;
    domesticShareYear?: number | null;
  };
};

export type Band = { low: number; central: number; high: number };

export type Projection = {
  perOrigin: { country: string; weight: number; before: DutyStack; after: DutyStack; landedChangePct: number | null }[];
  /** Import-weighted landed-cost change Δc_M, percent. */
  landedChangePct: number | null;
  /** Eventual shelf change, percent (what is still to come after priceObservedAt). */
  band: Band | null;
  /** The part of the band expected on the shelf by horizonEnd, percent. */
  byHorizon: Band | null;
  /** The band on priceCents, in whole cents. */
  dollars: Band | null;
  /** Cumulative share r(k) on the shelf k months after the effective date, k = 0..rampMonths. */
  ramp: { month: number; share: number }[];
  unconfirmed: boolean;
  unknowns: string[];
  evidence: EvidenceNode[];
};

const DAY_MS = 86_400_000;
const MONTH_DAYS = 365.25 / 12;

/** Months (fractional, 30.44 days each) from one ISO day to another; negative when `to` is earlier. */
export function monthsBetween(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return (b - a) / DAY_MS / MONTH_DAYS;
}

/** r(k) = min(1, k / rampMonths), 0 before the effective date. */
export function rampShare(months: number, rampMonths: number): number {
  if (rampMonths <= 0) return months >= 0 ? 1 : 0;
  return Math.min(1, Math.max(0, months / rampMonths));
}

const CENTRAL_SOURCES = ["fed-feds-note-2026-04-08"];
const LOW_SOURCES = ["paper-cavallo-llamas-vazquez-2025", "paper-cavallo-gopinath-neiman-tang-2021"];
const HIGH_SOURCES = ["paper-flaaen-hortacsu-tintelnot-2020"];
const SPILLOVER_SOURCES = ["paper-cavallo-llamas-vazquez-2025", "paper-flaaen-hortacsu-tintelnot-2020"];
const RAMP_SOURCES = ["fed-feds-note-2026-04-08", "paper-cavallo-llamas-vazquez-2025"];

/** The given ids that the parameters cite, or all of the parameters' ids when none match. */
function cited(params: PassThroughParams, wanted: string[]): string[] {
  const hit = params.sourceIds.filter((id) => wanted.includes(id));
  return hit.length > 0 ? hit : [...params.sourceIds];
}

function num(x: number, decimals = 4): string {
  return String(Number(x.toFixed(decimals)));
}

export function projectPriceChange(input: ProjectionInput): Projection {
  const { line, params } = input;
  const sources = input.sources ?? {};
  const unknowns: string[] = [];
  const evidence: EvidenceNode[] = [];

  const perOrigin = input.origins.map((origin) => {
    const before = dutyOn({ line, country: origin.country, date: input.t0, measures: input.measures, events: input.events });
    const after = dutyOn({ line, country: origin.country, date: input.t1, measures: input.measures, events: input.events });
    const landedChangePct =
      before.total === null || after.total === null ? null : ((1 + after.total) / (1 + before.total) - 1) * 100;
    return { country: origin.country, weight: origin.weight, before, after, landedChangePct };
  });

  evidence.push({
    id: "mfn",
    label: `General (MFN) rate of HTS ${line.code}`,
    value: line.generalAdValorem === null ? `${line.generalRateText} (not ad valorem)` : line.generalRateText,
    formula: null,
    inputs: [],
    sourceIds: sources.htsSourceId ? [sources.htsSourceId] : [],
  });

  for (const o of perOrigin) {
    for (const [key, stack] of [["t0", o.before], ["t1", o.after]] as const) {
      evidence.push({
        id: `duty:${o.country}:${key}`,
        label: `Duty on HTS ${line.code} from ${o.country} on ${stack.date}`,
        value: stack.total === null ? "unknown" : fixedPct(stack.total, 1),
        formula: formulaText(stack),
        inputs: ["mfn"],
        sourceIds: dutySourceIds(stack, sources.htsSourceId),
        ...(stack.unconfirmed ? { unconfirmed: true } : {}),
      });
    }
    if (o.landedChangePct === null) {
      const why = [...o.before.notes, ...o.after.notes].find((n) => n.includes("unknown") || n.includes("column 2"));
      unknowns.push(`${o.country}: duty unknown${why ? ` (${why})` : ""}; left out of the weights.`);
    } else {
      evidence.push({
        id: `landed:${o.country}`,
        label: `Landed-cost change, ${o.country}`,
        value: signedPct(o.landedChangePct),
        formula: `(1 + ${fixedPct(o.after.total ?? 0, 1)}) / (1 + ${fixedPct(o.before.total ?? 0, 1)}) − 1 = ${signedPct(o.landedChangePct)}`,
        inputs: [`duty:${o.country}:t0`, `duty:${o.country}:t1`],
        sourceIds: [],
      });
    }
  }

  const known = perOrigin.filter((o) => o.landedChangePct !== null && o.weight > 0);
  const weightSum = known.reduce((sum, o) => sum + o.weight, 0);
  const unconfirmed = known.some((o) => o.before.unconfirmed || o.after.unconfirmed);

  const ramp = Array.from({ length: Math.max(0, Math.ceil(params.rampMonths)) + 1 }, (_, month) => ({
    month,
    share: rampShare(month, params.rampMonths),
  }));

  const empty = (): Projection => ({
    perOrigin,
    landedChangePct: null,
    band: null,
    byHorizon: null,
    dollars: null,
    ramp,
    unconfirmed,
    unknowns,
    evidence,
  });

  if (input.originBasis === "none") {
    unknowns.push("Origin mix unknown: no origin-specific projection (we do not guess where it was made).");
    return empty();
  }
  if (known.length === 0 || weightSum <= 0) {
    unknowns.push("No origin with a known duty: no projection.");
    return empty();
  }

  // Weights, normalised over the origins with a known duty.
  const weightIds: string[] = [];
  const terms: string[] = [];
  let landed = 0;
  for (const o of known) {
    const w = o.weight / weightSum;
    landed += w * ((o.landedChangePct ?? 0) / 100);
    const origin = input.origins.find((x) => x.country === o.country);
    const id = `weight:${o.country}`;
    weightIds.push(id, `landed:${o.country}`);
    terms.push(`${fixedPct(w, 1)} × ${signedPct(o.landedChangePct ?? 0)}`);
    evidence.push({
      id,
      label:
        input.originBasis === "declared"
          ? `Declared origin: ${o.country}`
          : `Share of ${o.country} in US imports of the sector${origin?.year ? `, ${origin.year}` : ""} (sector level, not this product)`,
      value:
        input.originBasis === "declared"
          ? fixedPct(w, 1)
          : `${fixedPct(w, 1)} of the origins counted (raw share ${fixedPct(o.weight, 1)})`,
      formula: known.length > 1 ? `${num(o.weight, 4)} / ${num(weightSum, 4)} = ${num(w, 4)}` : null,
      inputs: [],
      sourceIds: origin?.sourceId ? [origin.sourceId] : [],
    });
  }
  const landedPct = landed * 100;
  evidence.push({
    id: "landed",
    label: "Import-weighted landed-cost change (Δc_M)",
    value: signedPct(landedPct),
    formula: `${terms.join(" + ")} = ${signedPct(landedPct)}`,
    inputs: weightIds,
    sourceIds: [],
    ...(unconfirmed ? { unconfirmed: true } : {}),
  });

  // Domestic share d.
  let d: number;
  if (input.originBasis === "declared") {
    d = 0;
    evidence.push({
      id: "d",
      label: "Domestic share (d)",
      value: "0 (declared origin: the item is imported)",
      formula: null,
      inputs: [],
      sourceIds: [],
    });
  } else if (input.domesticShare === null) {
    d = 0;
    unknowns.push("Domestic share of US consumption unknown: computed as if the item is imported (d = 0), the upper end of the low and central figures.");
    evidence.push({
      id: "d",
      label: "Domestic share (d)",
      value: "unknown; 0 assumed (as if imported)",
      formula: null,
      inputs: [],
      sourceIds: [],
      unconfirmed: true,
    });
  } else {
    d = input.domesticShare;
    evidence.push({
      id: "d",
      label: `Domestic share of US consumption (sector level${sources.domesticShareYear ? `, ${sources.domesticShareYear}` : ""})`,
      value: fixedPct(d, 1),
      formula: null,
      inputs: [],
      sourceIds: sources.domesticShareSourceId ? [sources.domesticShareSourceId] : [],
    });
  }

  const m = input.retailMargin;
  if (m === null) {
    unknowns.push("Share of the shelf price that is product value (m) unknown: no BEA PCE line covers a household purchase of these goods. The duty and landed-cost change are shown; the shelf-price change is not.");
    evidence.push({ id: "m", label: "Product value share of the shelf price (m)", value: "unknown (no PCE line)", formula: null, inputs: [], sourceIds: [] });
    return { ...empty(), landedChangePct: landedPct };
  }
  const s = params.domesticSpillover;
  const theta = { low: params.lowFactor * m, central: m, high: 1 };
  evidence.push({
    id: "m",
    label: `Product value share of the shelf price (m)${sources.pceLine ? `, PCE line "${sources.pceLine}"` : ""}${sources.marginScope ? `, for ${sources.marginScope}, not this product` : ""}`,
    value: num(m),
    formula: "producers' value ÷ purchasers' value (BEA PCE Bridge)",
    inputs: [],
    sourceIds: sources.retailMarginSourceId ? [sources.retailMarginSourceId] : cited(params, ["bea-pce-bridge"]),
  });
  evidence.push({
    id: "theta",
    label: "Shelf pass-through θ (low / central / high)",
    value: `${num(theta.low)} / ${num(theta.central)} / ${num(theta.high)}`,
    formula: `low = ${num(params.lowFactor)} × m = ${num(theta.low)}; central = m = ${num(theta.central)}; high = 1`,
    inputs: ["m"],
    sourceIds: cited(params, [...CENTRAL_SOURCES, ...LOW_SOURCES, ...HIGH_SOURCES]),
  });
  evidence.push({
    id: "spillover",
    label: "Domestic spill-over s (low / central / high)",
    value: `${num(s.low)} / ${num(s.central)} / ${num(s.high)}`,
    formula: null,
    inputs: [],
    sourceIds: cited(params, SPILLOVER_SOURCES),
  });

  const shelf = (th: number, sp: number) => th * ((1 - d) * landed + d * sp * landed) * 100;
  const full: Band = { low: shelf(theta.low, s.low), central: shelf(theta.central, s.central), high: shelf(theta.high, s.high) };

  // Timing: the share already on the shelf when the price was seen is not projected again.
  const observedAt = input.priceObservedAt ?? input.t0;
  let already = 0;
  let byHorizonShare: number | null = null;
  if (input.effectiveDate === null) {
    unknowns.push("Effective date unknown: no estimate of how much reaches the shelf by the horizon.");
  } else {
    already = rampShare(monthsBetween(input.effectiveDate, observedAt), params.rampMonths);
    byHorizonShare = Math.max(0, rampShare(monthsBetween(input.effectiveDate, input.horizonEnd), params.rampMonths) - already);
  }
  const remaining = 1 - already;
  const scale = (b: Band, k: number): Band => ({ low: b.low * k, central: b.central * k, high: b.high * k });
  const band = scale(full, remaining);
  const byHorizon = byHorizonShare === null ? null : scale(full, byHorizonShare);

  const bandText = (b: Band) => `${signedPct(b.low)} / ${signedPct(b.central)} / ${signedPct(b.high)}`;
  evidence.push({
    id: "ramp",
    label: "Timing: share on the shelf k months after the effective date",
    value: input.effectiveDate
      ? `1/${num(params.rampMonths)} per month from ${input.effectiveDate}; ${fixedPct(already, 0)} already in the price seen on ${observedAt}`
      : "unknown (no effective date)",
    formula: `r(k) = min(1, k / ${num(params.rampMonths)})`,
    inputs: [],
    sourceIds: cited(params, RAMP_SOURCES),
  });
  evidence.push({
    id: "band",
    label: "Shelf price change, eventual (low / central / high)",
    value: bandText(band),
    formula:
      `θ × [(1 − d) × Δc_M + d × s × Δc_M] × remaining share, d = ${num(d)}, Δc_M = ${signedPct(landedPct)}, remaining ${num(remaining)}: ` +
      `low ${num(theta.low)} × [${num(1 - d)} + ${num(d)} × ${num(s.low)}] × ${signedPct(landedPct)} = ${signedPct(band.low)}; ` +
      `central ${num(theta.central)} × [${num(1 - d)} + ${num(d)} × ${num(s.central)}] × ${signedPct(landedPct)} = ${signedPct(band.central)}; ` +
      `high ${num(theta.high)} × [${num(1 - d)} + ${num(d)} × ${num(s.high)}] × ${signedPct(landedPct)} = ${signedPct(band.high)}`,
    inputs: ["landed", "d", "m", "theta", "spillover", "ramp"],
    sourceIds: [],
    ...(unconfirmed ? { unconfirmed: true } : {}),
  });
  if (byHorizon && byHorizonShare !== null) {
    evidence.push({
      id: "byHorizon",
      label: `Expected on the shelf by ${input.horizonEnd}`,
      value: bandText(byHorizon),
      formula: `eventual change × ${num(byHorizonShare)} (r at ${input.horizonEnd} minus the share already in the price)`,
      inputs: ["band", "ramp"],
      sourceIds: [],
      ...(unconfirmed ? { unconfirmed: true } : {}),
    });
  }

  let dollars: Band | null = null;
  if (input.priceCents !== null) {
    const cents = (pct: number) => Math.round(((input.priceCents ?? 0) * pct) / 100);
    dollars = { low: cents(band.low), central: cents(band.central), high: cents(band.high) };
    evidence.push({
      id: "dollars",
      label: `On your price of $${(input.priceCents / 100).toFixed(2)}`,
      value: `${signedDollars(dollars.low)} / ${signedDollars(dollars.central)} / ${signedDollars(dollars.high)}`,
      formula: `$${(input.priceCents / 100).toFixed(2)} × (${bandText(band)})`,
      inputs: ["band"],
      sourceIds: [],
      ...(unconfirmed ? { unconfirmed: true } : {}),
    });
  }

  return { perOrigin, landedChangePct: landedPct, band, byHorizon, dollars, ramp, unconfirmed, unknowns, evidence };
}
