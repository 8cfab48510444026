/**
 * Projected shelf-price change for an item from a change in its duties, as a band with
 * every figure traced (docs/tariffs.md, "Engine" → "Projection").
 * Pure: all dates are arguments.
 *
 *   Δc_c  = (1 + τ(c, t1)) / (1 + τ(c, t0)) − 1           landed-cost change per origin
 *   Δc_M  = Σ w_c · Δc_c                                 weights normalised over origins with a known duty
 *   ΔP    = θ · [(1 − d) + d · s] · Δc_M · (1 − r(k0))   (θ, s) = (lowFactor·m, s_low), (m, s_central), (1, s_high)
 *   r(k)  = min(1, k / rampMonths)                        share on the shelf k months after the effective date
 *
 * A declared origin means the item is imported (d = 0). Origins whose duty is unknown are
 * listed in `unknowns` and left out of the weights; with no known origin, or no retail
 * margin m for the category, there is no band.
 *
 * The evidence writes every product out factor by factor (`EvidenceNode.lines`), each factor
 * named in words, so the shown working adds up: no factor is applied that is not shown
 * (docs/tariffs.md, "Every factor shown").
 */
import { dutyOn, type DutyLine, type DutyStack } from "./duty";
import { dutySourceIds, fixedPct, formulaText, ratePct, shownNumber, signedDollars, signedPct, type EvidenceNode, type FormulaLine } from "./evidence";
import type { MeasureEvent, PassThroughParams, TariffMeasure } from "./types";

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
  /** Baseline day of the duties (usually the day before the change). */
  t0: string;
  /** Target day of the duties (the change's last day). */
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
  /** The share of the change still to reach the shelf after the price was seen (1 − r(k0)); null without a band. */
  remainingShare: number | null;
  unconfirmed: boolean;
  unknowns: string[];
  evidence: EvidenceNode[];
};

const DAY_MS = 86_400_000;
/** Days in a month, on average (365.25 / 12). */
export const MONTH_DAYS = 365.25 / 12;

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

/**
 * The symbols of the working, each named in words: the legend every "How we computed this"
 * shows above the figures (docs/tariffs.md, "Every factor shown").
 */
export const SYMBOLS: readonly { symbol: string; words: string }[] = [
  { symbol: "τ", words: "the duty rate on the item (all duties stacked, as a share of its value at the border)" },
  { symbol: "Δc", words: "the change in the landed cost: what the item costs the importer once the duty is paid" },
  { symbol: "w", words: "the weight of an origin: its share of the imports counted" },
  { symbol: "Δc_M", words: "the average change in the landed cost over the origins, weighted by w" },
  { symbol: "d", words: "the share of what US shoppers buy of these goods that is made in the US" },
  { symbol: "s", words: "how far US makers raise their own prices along with the imports (0 = not at all, 1 = as much)" },
  { symbol: "m", words: "the product's share of the shelf price: what the maker is paid, the rest being transport, wholesale and retail" },
  { symbol: "θ", words: "the share of a tariff dollar that reaches the shelf price (low 0.5 × m, central m, high 1)" },
  { symbol: "r", words: "the share of the change already on the shelf some months after it takes effect (it arrives evenly over the ramp)" },
];

/** The given ids that the parameters cite, or all of the parameters' ids when none match. */
function cited(params: PassThroughParams, wanted: string[]): string[] {
  const hit = params.sourceIds.filter((id) => wanted.includes(id));
  return hit.length > 0 ? hit : [...params.sourceIds];
}

/** A percentage (in percent) as a working shows it: sign and three decimals ("+1.918%"). */
function workingPct(percent: number): string {
  return signedPct(percent, 3);
}

const CASES = ["low", "central", "high"] as const;

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
    label: `General (MFN) duty rate of HTS ${line.code}, the rate every origin pays before other measures`,
    value: line.generalAdValorem === null ? `${line.generalRateText} (not a plain percentage)` : line.generalRateText,
    formula: null,
    inputs: [],
    sourceIds: sources.htsSourceId ? [sources.htsSourceId] : [],
  });

  for (const o of perOrigin) {
    for (const [key, stack] of [["t0", o.before], ["t1", o.after]] as const) {
      evidence.push({
        id: `duty:${o.country}:${key}`,
        label: `Duty rate (τ) on HTS ${line.code} from ${o.country} on ${stack.date}`,
        value: stack.total === null ? "unknown" : fixedPct(stack.total, 1),
        formula: formulaText(stack),
        inputs: ["mfn"],
        sourceIds: dutySourceIds(stack, sources.htsSourceId),
        ...(stack.unconfirmed ? { unconfirmed: true } : {}),
        ...(stack.notes.length ? { notes: [...stack.notes] } : {}),
      });
    }
    if (o.landedChangePct === null) {
      const why = [...o.before.notes, ...o.after.notes].find((n) => n.includes("unknown") || n.includes("column 2"));
      unknowns.push(`${o.country}: duty unknown${why ? ` (${why})` : ""}; left out of the weights.`);
    } else {
      evidence.push({
        id: `landed:${o.country}`,
        label: `Change in the landed cost (Δc) from ${o.country}`,
        value: signedPct(o.landedChangePct),
        formula: `(1 + ${ratePct(o.after.total ?? 0, 3)}) / (1 + ${ratePct(o.before.total ?? 0, 3)}) − 1 = ${workingPct(o.landedChangePct)}`,
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
    remainingShare: null,
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
    terms.push(`${shownNumber(w, 4)} × ${workingPct(o.landedChangePct ?? 0)}`);
    evidence.push({
      id,
      label:
        input.originBasis === "declared"
          ? `Weight (w) of ${o.country}: the origin you declared`
          : `Weight (w) of ${o.country}: its share of US imports of the sector${origin?.year ? `, ${origin.year}` : ""} (sector level, not this product)`,
      value:
        input.originBasis === "declared"
          ? fixedPct(w, 1)
          : `${fixedPct(w, 1)} of the origins counted (raw share ${fixedPct(o.weight, 1)})`,
      formula: known.length > 1 ? `${shownNumber(o.weight, 4)} / ${shownNumber(weightSum, 4)} = ${shownNumber(w, 4)}` : null,
      inputs: [],
      sourceIds: origin?.sourceId ? [origin.sourceId] : [],
    });
  }
  const landedPct = landed * 100;
  evidence.push({
    id: "landed",
    label: "Average change in the landed cost, weighted by origin (Δc_M)",
    value: signedPct(landedPct),
    formula: `${terms.join(" + ")} = ${workingPct(landedPct)}`,
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
      label: "Share of US purchases made in the US (d)",
      value: "0 (you declared where it is made: the item is imported)",
      formula: null,
      inputs: [],
      sourceIds: [],
    });
  } else if (input.domesticShare === null) {
    d = 0;
    unknowns.push("Domestic share of US consumption unknown: computed as if the item is imported (d = 0), the upper end of the low and central figures.");
    evidence.push({
      id: "d",
      label: "Share of US purchases made in the US (d)",
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
      label: `Share of US purchases made in the US (d), sector level${sources.domesticShareYear ? `, ${sources.domesticShareYear}` : ""}`,
      value: fixedPct(d, 1),
      formula: null,
      inputs: [],
      sourceIds: sources.domesticShareSourceId ? [sources.domesticShareSourceId] : [],
    });
  }

  const m = input.retailMargin;
  if (m === null) {
    unknowns.push("The product's share of the shelf price (m) is unknown: no BEA PCE line covers a household purchase of these goods. The duty and landed-cost change are shown; the shelf-price change is not.");
    evidence.push({ id: "m", label: "The product's share of the shelf price (m)", value: "unknown (no PCE line)", formula: null, inputs: [], sourceIds: [] });
    return { ...empty(), landedChangePct: landedPct };
  }
  const s = params.domesticSpillover;
  const theta = { low: params.lowFactor * m, central: m, high: 1 };
  evidence.push({
    id: "m",
    label: `The product's share of the shelf price (m)${sources.pceLine ? `, consumer spending line "${sources.pceLine}"` : ""}${sources.marginScope ? `, for ${sources.marginScope}, not this product` : ""}`,
    value: shownNumber(m),
    formula: "what the maker is paid ÷ what the shopper pays (BEA PCE Bridge)",
    inputs: [],
    sourceIds: sources.retailMarginSourceId ? [sources.retailMarginSourceId] : cited(params, ["bea-pce-bridge"]),
  });
  evidence.push({
    id: "theta",
    label: "Share of a tariff dollar that reaches the shelf price (θ), low / central / high",
    value: `${shownNumber(theta.low)} / ${shownNumber(theta.central)} / ${shownNumber(theta.high)}`,
    formula: `low = ${shownNumber(params.lowFactor)} × m = ${shownNumber(theta.low)}; central = m = ${shownNumber(theta.central)}; high = 1 (the whole percentage)`,
    inputs: ["m"],
    sourceIds: cited(params, [...CENTRAL_SOURCES, ...LOW_SOURCES, ...HIGH_SOURCES]),
  });
  evidence.push({
    id: "spillover",
    label: "How far US makers raise their prices along with the imports (s), low / central / high",
    value: `${shownNumber(s.low)} / ${shownNumber(s.central)} / ${shownNumber(s.high)}`,
    formula: null,
    inputs: [],
    sourceIds: cited(params, SPILLOVER_SOURCES),
  });

  // Each case's product: θ × [(1 − d) + d × s] × Δc_M, then the timing share.
  const adjustment = { low: 1 - d + d * s.low, central: 1 - d + d * s.central, high: 1 - d + d * s.high };
  const shelf = (k: (typeof CASES)[number]) => theta[k] * adjustment[k] * landed * 100;
  const full: Band = { low: shelf("low"), central: shelf("central"), high: shelf("high") };

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
    label: "Timing: the change reaches the shelf evenly over the ramp (r)",
    value: input.effectiveDate
      ? `1/${shownNumber(params.rampMonths)} per month from ${input.effectiveDate}; ${fixedPct(already, 0)} already in the price seen on ${observedAt}, so ${shownNumber(remaining)} of it is still to come`
      : "unknown (no effective date)",
    formula: `r(k) = min(1, k / ${shownNumber(params.rampMonths)}) after k months`,
    inputs: [],
    sourceIds: cited(params, RAMP_SOURCES),
  });

  const caseLine = (k: (typeof CASES)[number], share: number, shareName: string, result: number): FormulaLine => ({
    label: k,
    factors: [
      { name: "share of a tariff dollar that reaches the shelf price (θ)", value: shownNumber(theta[k]) },
      { name: "US-made share adjustment, (1 − d) + d × s", value: shownNumber(adjustment[k]) },
      { name: "average change in the landed cost (Δc_M)", value: workingPct(landedPct) },
      { name: shareName, value: shownNumber(share) },
    ],
    result: signedPct(result),
  });
  const remainingName = `share of the change still to reach the shelf after the price was seen on ${observedAt} (1 − r)`;
  evidence.push({
    id: "band",
    label: "Shelf-price change still to come, low / central / high",
    value: bandText(band),
    formula: "θ × [(1 − d) + d × s] × Δc_M × (1 − r)",
    lines: CASES.map((k) => caseLine(k, remaining, remainingName, band[k])),
    inputs: ["landed", "d", "m", "theta", "spillover", "ramp"],
    sourceIds: [],
    ...(unconfirmed ? { unconfirmed: true } : {}),
  });
  if (byHorizon && byHorizonShare !== null) {
    const shareName = `share reaching the shelf between ${observedAt} and ${input.horizonEnd} (r at ${input.horizonEnd} − r at ${observedAt})`;
    evidence.push({
      id: "byHorizon",
      label: `Of which on the shelf by ${input.horizonEnd}, the end of your horizon`,
      value: bandText(byHorizon),
      formula: "θ × [(1 − d) + d × s] × Δc_M × (r at the horizon − r when the price was seen)",
      lines: CASES.map((k) => caseLine(k, byHorizonShare, shareName, byHorizon[k])),
      inputs: ["band", "ramp"],
      sourceIds: [],
      ...(unconfirmed ? { unconfirmed: true } : {}),
    });
  }

  let dollars: Band | null = null;
  if (input.priceCents !== null) {
    const price = input.priceCents;
    dollars = dollarsOn(price, band);
    evidence.push(dollarsNode(price, band, dollars, unconfirmed));
  }

  return { perOrigin, landedChangePct: landedPct, band, byHorizon, dollars, ramp, remainingShare: remaining, unconfirmed, unknowns, evidence };
}

/** The band on a price, whole cents (half away from zero as Math.round does: the SQL twin is fire-sql.ts `centsSql`). */
export function dollarsOn(priceCents: number, band: Band): Band {
  const cents = (pct: number) => Math.round((priceCents * pct) / 100);
  return { low: cents(band.low), central: cents(band.central), high: cents(band.high) };
}

/** "$120.00" */
export function priceText(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The dollars on a price as a node: price × percent = dollars, each case on its line. */
export function dollarsNode(priceCents: number, band: Band, dollars: Band, unconfirmed: boolean): EvidenceNode {
  return {
    id: "dollars",
    label: `On your price of ${priceText(priceCents)}`,
    value: `${signedDollars(dollars.low)} / ${signedDollars(dollars.central)} / ${signedDollars(dollars.high)}`,
    formula: "your price × the shelf-price change",
    lines: CASES.map((k) => ({
      label: k,
      factors: [
        { name: "your price", value: priceText(priceCents) },
        { name: "shelf-price change", value: workingPct(band[k]) },
      ],
      result: signedDollars(dollars[k]),
    })),
    inputs: ["band"],
    sourceIds: [],
    ...(unconfirmed ? { unconfirmed: true } : {}),
  };
}
