/**
 * The duty stack on one HTS line, for one origin, on one day (docs/tariffs.md, "Engine" →
 * "Duty stack"). Pure: measures, events and the day are arguments. Rates are fractions.
 */
import { measureStatusOn, type MeasureState } from "./status";
import type { Authority, Confidence, MeasureEvent, MeasureStatus, TariffMeasure } from "./types";

export type DutyLine = { code: string; digits: string; generalAdValorem: number | null; generalRateText: string };

export type DutyPart = {
  measureId: string;
  authority: Authority;
  name: string;
  /** Additional ad valorem rate (fraction) this measure adds on the line. */
  rate: number;
  status: MeasureStatus;
  confidence: Confidence;
  sourceId: string;
  ch99: string[];
  /** "floor": the rate is an all-in floor minus MFN (e.g. EU 15% all-in). */
  basis: "additional" | "floor";
};

export type DutyStack = {
  country: string;
  date: string;
  /** The general (column 1) rate when plain ad valorem or Free; null otherwise. */
  mfn: number | null;
  mfnText: string;
  parts: DutyPart[];
  /** MFN + the parts; null when MFN is not plain ad valorem (unknown, never 0) or the origin is out of scope. */
  total: number | null;
  /** Some applied part rests on a measure of confidence "low". */
  unconfirmed: boolean;
  notes: string[];
};

export type DutyInput = {
  line: DutyLine;
  country: string;
  date: string;
  measures: TariffMeasure[];
  events: MeasureEvent[];
};

/** Column 2 countries (Cuba, North Korea, Russia, Belarus): a different schedule, not modelled. */
export const COLUMN2_COUNTRIES: readonly string[] = ["CU", "KP", "RU", "BY"];

/** The measure's country scope: "ALL" or listed, and not excluded. */
export function countryInScope(measure: TariffMeasure, country: string): boolean {
  if (measure.excludedCountries.includes(country)) return false;
  return measure.countries === "ALL" || measure.countries.includes(country);
}

/** A measure's product prefixes as sets: "*" (every product) apart, the rest looked up by prefix. */
type ProductScope = { all: boolean; prefixes: ReadonlySet<string>; allExcluded: boolean; excluded: ReadonlySet<string> };

/**
 * Built once per measure object. Measures come from the law (lib/tariffs/law.ts), read once per
 * change of the law and never modified; a projection asks about the same measures thousands of
 * times, and some list thousands of prefixes (4,296 excluded products on the reciprocal tariff),
 * which a scan per question made the largest cost of a watch list (docs/performance.md,
 * "Product scope by lookup").
 */
const productScopes = new WeakMap<TariffMeasure, ProductScope>();

function productScopeOf(measure: TariffMeasure): ProductScope {
  let scope = productScopes.get(measure);
  if (!scope) {
    scope = {
      all: measure.products.includes("*"),
      prefixes: new Set(measure.products),
      allExcluded: measure.excludedProducts.includes("*"),
      excluded: new Set(measure.excludedProducts),
    };
    productScopes.set(measure, scope);
  }
  return scope;
}

/** Does `digits` start with one of the prefixes? Looks up each of its own prefixes (at most 11). */
function startsWithAny(digits: string, prefixes: ReadonlySet<string>): boolean {
  for (let length = 0; length <= digits.length; length++) {
    if (prefixes.has(digits.slice(0, length))) return true;
  }
  return false;
}

/** The measure's product scope: the digits start with a listed prefix ("*" = all) and with no excluded one. */
export function productInScope(measure: TariffMeasure, digits: string): boolean {
  const scope = productScopeOf(measure);
  if (!scope.all && !startsWithAny(digits, scope.prefixes)) return false;
  return !(scope.allExcluded || startsWithAny(digits, scope.excluded));
}

/** Does the measure reach this line and country at all (whatever its status)? */
export function measureCovers(measure: TariffMeasure, digits: string, country: string): boolean {
  return measure.authority !== "MFN" && countryInScope(measure, country) && productInScope(measure, digits);
}

type Candidate = { measure: TariffMeasure; state: MeasureState; rate: number; basis: "additional" | "floor" };

function pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}

/**
 * τ(h, c, t) = MFN + Σ additional rates of the measures in force on the day that reach the
 * line and origin, after the stacking rules:
 * - a measure's rate for the origin = its country override (rate, or floor → max(0, floor − MFN))
 *   ?? a per-country rate from its events ?? its current rate (a measure with neither does not reach the origin);
 * - a measure whose `notWith` names an authority that also applies here is dropped
 *   (Section 122, IEEPA and forced-labor 301 do not apply to Section 232 goods);
 * - MAX_WITHIN_AUTHORITY: of several such measures of one authority, only the largest applies.
 */
export function dutyOn(input: DutyInput): DutyStack {
  const { line, country, date, measures, events } = input;
  const mfn = line.generalAdValorem;
  const notes: string[] = [];

  if (COLUMN2_COUNTRIES.includes(country)) {
    return {
      country,
      date,
      mfn: null,
      mfnText: line.generalRateText,
      parts: [],
      total: null,
      unconfirmed: false,
      notes: [`${country} is a column 2 country: its goods pay the column 2 rate, which this engine does not model.`],
    };
  }
  if (mfn === null) {
    notes.push(`The general rate "${line.generalRateText}" is not plain ad valorem, so the total is unknown.`);
  }

  const candidates: Candidate[] = [];
  for (const measure of measures) {
    if (!measureCovers(measure, line.digits, country)) continue;
    const state = measureStatusOn(measure, events, date);
    if (state.status !== "in_force") continue;
    const override = measure.countryOverrides.find((o) => o.country === country);
    if (override && override.rate !== undefined) {
      candidates.push({ measure, state, rate: override.rate, basis: "additional" });
    } else if (override && override.floor !== undefined) {
      if (mfn === null) {
        notes.push(
          `${measure.name}: an all-in floor of ${pct(override.floor)} applies, but the additional duty is unknown because the general rate is not ad valorem.`,
        );
        continue;
      }
      candidates.push({ measure, state, rate: Math.max(0, override.floor - mfn), basis: "floor" });
    } else {
      const rate = state.countryRates[country] ?? state.rate;
      if (rate === null) continue;
      candidates.push({ measure, state, rate, basis: "additional" });
    }
  }

  // notWith: decided against the authorities present before any drop, so the order of measures never matters.
  const present = new Set(candidates.map((c) => c.measure.authority));
  const afterNotWith = candidates.filter((c) => {
    const blocker = c.measure.notWith.find((authority) => authority !== c.measure.authority && present.has(authority));
    if (blocker) {
      notes.push(`${c.measure.name} does not apply: the line is covered by ${authorityLabel(blocker)}.`);
      return false;
    }
    return true;
  });

  // MAX_WITHIN_AUTHORITY: keep the largest of each authority's MAX measures (first given wins a tie).
  const best = new Map<Authority, Candidate>();
  for (const c of afterNotWith) {
    if (c.measure.stacking !== "MAX_WITHIN_AUTHORITY") continue;
    const current = best.get(c.measure.authority);
    if (!current || c.rate > current.rate) best.set(c.measure.authority, c);
  }
  const applied = afterNotWith.filter((c) => {
    if (c.measure.stacking !== "MAX_WITHIN_AUTHORITY") return true;
    const keep = best.get(c.measure.authority);
    if (keep !== c && keep) {
      notes.push(`${c.measure.name} (${pct(c.rate)}) is not added: only the largest ${authorityLabel(c.measure.authority)} rate applies (${keep.measure.name}, ${pct(keep.rate)}).`);
      return false;
    }
    return true;
  });

  const parts: DutyPart[] = applied.map((c) => ({
    measureId: c.measure.id,
    authority: c.measure.authority,
    name: c.measure.name,
    rate: c.rate,
    status: c.state.status,
    confidence: c.measure.confidence,
    sourceId: c.measure.sourceId,
    ch99: c.measure.ch99Headings,
    basis: c.basis,
  }));
  const total = mfn === null ? null : parts.reduce((sum, part) => sum + part.rate, mfn);
  return {
    country,
    date,
    mfn,
    mfnText: line.generalRateText,
    parts,
    total,
    unconfirmed: parts.some((part) => part.confidence === "low"),
    notes,
  };
}

const AUTHORITY_LABELS: Record<Authority, string> = {
  MFN: "the general (MFN) rate",
  S301_CHINA: "Section 301 (China)",
  S301_FORCED_LABOR: "Section 301 (forced labor)",
  S232: "Section 232",
  S122: "Section 122",
  IEEPA_RECIPROCAL: "IEEPA reciprocal",
  IEEPA_FENTANYL: "IEEPA fentanyl",
  S338: "Section 338",
  DE_MINIMIS: "the de minimis rules",
};

export function authorityLabel(authority: Authority): string {
  return AUTHORITY_LABELS[authority];
}

/**
 * Measures that reach the line and origin but are not in force on the day and may become so
 * (announced, proposed, scheduled, paused): what an "alternatives" or "what's next" note flags.
 */
export function pendingMeasures(
  input: DutyInput,
): { measure: TariffMeasure; state: MeasureState }[] {
  const out: { measure: TariffMeasure; state: MeasureState }[] = [];
  for (const measure of input.measures) {
    if (!measureCovers(measure, input.line.digits, input.country)) continue;
    const state = measureStatusOn(measure, input.events, input.date);
    if (["announced", "proposed", "scheduled", "paused"].includes(state.status)) out.push({ measure, state });
  }
  return out;
}
