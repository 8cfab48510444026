/**
 * The duty stack on one HTS line, for one origin, on one day (docs/tariffs.md, "Engine" →
 * "Duty stack"). Pure: measures, events and the day are arguments. Rates are fractions.
 */
import { measureStatusOn, type MeasureState } from "./status";
import type { Authority, Confidence, CountryOverride, MeasureEvent, MeasureStatus, ProductExemption, ScopeCondition, TariffMeasure } from "./types";

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
  /** Set when the part applies only if a fact about the article holds (an `unknown` condition): the condition in words. */
  onlyIf?: string;
  /** Exemptions the importer may claim (never assumed): the conditions in words. */
  exemptIf?: string[];
  /** Caveats beside the counted rate (e.g. the over-quota tier), in words. */
  caveats?: string[];
};

/** A measure that reaches some statistical lines under the asked code but not the code as a whole. */
export type PartialCoverage = { measureId: string; name: string; rate: number; lines: string[] };

export type DutyStack = {
  country: string;
  date: string;
  /** The general (column 1) rate when plain ad valorem or Free; null otherwise. */
  mfn: number | null;
  mfnText: string;
  /** The parts applied, assuming every `unknown` condition holds (such parts carry `onlyIf`). */
  parts: DutyPart[];
  /** MFN + the parts; null when anything is unknown (a non ad valorem general rate, an origin out of the model, an unknown condition). */
  total: number | null;
  /** When the only unknowns are conditions about the article: the total if none holds (low) and if all hold (high). */
  range: { low: number; high: number } | null;
  /** Why the total is null, in plain words (empty when it is known). */
  unknowns: string[];
  /** Measures that reach only some statistical lines under the code asked (pick the 10-digit line to know). */
  partial: PartialCoverage[];
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
 * "Reference rows held with the law").
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

/** Does the measure reach this line and country at all (whatever its status and the day)? */
export function measureCovers(measure: TariffMeasure, digits: string, country: string): boolean {
  return measure.authority !== "MFN" && countryInScope(measure, country) && productInScope(measure, digits);
}

/** Does a dated window hold on the day? `from` included, `to` excluded; open ends hold. */
export function holdsOn(window: { from?: string; to?: string }, date: string): boolean {
  return (window.from === undefined || window.from <= date) && (window.to === undefined || date < window.to);
}

const prefixSets = new WeakMap<object, ReadonlySet<string>>();
function setOf(owner: { products?: string[] }): ReadonlySet<string> | null {
  if (!owner.products) return null;
  let set = prefixSets.get(owner);
  if (!set) {
    set = new Set(owner.products);
    prefixSets.set(owner, set);
  }
  return set;
}

/** Does a product list (absent = every product) reach the line? */
function listReaches(owner: { products?: string[] }, digits: string): boolean {
  const set = setOf(owner);
  return set === null || startsWithAny(digits, set);
}

/** The dated exemption that takes the line out of the measure on the day, if any. */
export function exemptionOn(measure: TariffMeasure, digits: string, country: string, date: string): ProductExemption | null {
  for (const exemption of measure.exemptions ?? []) {
    if (!holdsOn(exemption, date)) continue;
    if (exemption.countries && !exemption.countries.includes(country)) continue;
    if (listReaches(exemption, digits)) return exemption;
  }
  return null;
}

/** The country rule in force on the day (the latest-starting one when several hold), if any. */
export function overrideOn(measure: TariffMeasure, country: string, date: string): CountryOverride | null {
  let found: CountryOverride | null = null;
  for (const o of measure.countryOverrides) {
    if (o.country !== country || !holdsOn(o, date)) continue;
    if (!found || (o.from ?? "") >= (found.from ?? "")) found = o;
  }
  return found;
}

/** The conditions about the article that bear on the line, origin and day. */
export function conditionsOn(measure: TariffMeasure, digits: string, country: string, date: string): ScopeCondition[] {
  return (measure.conditions ?? []).filter(
    (c) => holdsOn(c, date) && (!c.countries || c.countries.includes(country)) && listReaches(c, digits),
  );
}

/**
 * The statistical lines under a shorter code that a measure lists (e.g. 9401.61.40.11 under
 * 9401.61.40): the measure reaches them but not the code as a whole. Prefixes by length, built once.
 */
const descendantIndex = new WeakMap<TariffMeasure, Map<string, string[]>>();
function listedUnder(measure: TariffMeasure, digits: string): string[] {
  let index = descendantIndex.get(measure);
  if (!index) {
    index = new Map();
    for (const p of measure.products) {
      if (p === "*") continue;
      for (let k = 2; k < p.length; k++) {
        const head = p.slice(0, k);
        const list = index.get(head);
        if (list) list.push(p);
        else index.set(head, [p]);
      }
    }
    descendantIndex.set(measure, index);
  }
  return index.get(digits) ?? [];
}

type Candidate = {
  measure: TariffMeasure;
  state: MeasureState;
  rate: number;
  basis: "additional" | "floor";
  onlyIf: string | null;
  exemptIf: string[];
  caveats: string[];
};

function pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}

/** 6403996000 -> 6403.99.60.00; 64039960 -> 6403.99.60. */
export function dottedCode(digits: string): string {
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8), digits.slice(8, 10)].filter(Boolean).join(".");
}

/** The stacking rules over the candidates of one scenario: notWith, then the largest of each MAX authority. */
function stack(all: Candidate[], notes: string[] | null): Candidate[] {
  // yieldsTo: a measure gives way to a named measure that applies here too (even of its own authority).
  const ids = new Set(all.map((c) => c.measure.id));
  const candidates = all.filter((c) => {
    const winner = (c.measure.yieldsTo ?? []).find((id) => ids.has(id));
    if (winner) {
      notes?.push(`${c.measure.name} does not apply: the line is covered by ${all.find((o) => o.measure.id === winner)?.measure.name ?? winner}.`);
      return false;
    }
    return true;
  });
  // notWith: decided against the authorities present before any drop, so the order of measures never matters;
  // a measure named in `notWithExcept` does not count as its authority being present.
  const afterNotWith = candidates.filter((c) => {
    const except = c.measure.notWithExcept ?? [];
    const present = new Set(candidates.filter((o) => !except.includes(o.measure.id)).map((o) => o.measure.authority));
    const blocker = c.measure.notWith.find((authority) => authority !== c.measure.authority && present.has(authority));
    if (blocker) {
      notes?.push(`${c.measure.name} does not apply: the line is covered by ${authorityLabel(blocker)}.`);
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
  return afterNotWith.filter((c) => {
    if (c.measure.stacking !== "MAX_WITHIN_AUTHORITY") return true;
    const keep = best.get(c.measure.authority);
    if (keep !== c && keep) {
      notes?.push(`${c.measure.name} (${pct(c.rate)}) is not added: only the largest ${authorityLabel(c.measure.authority)} rate applies (${keep.measure.name}, ${pct(keep.rate)}).`);
      return false;
    }
    return true;
  });
}

/**
 * τ(h, c, t) = MFN + Σ additional rates of the measures in force on the day that reach the
 * line and origin, after the stacking rules:
 * - a measure does not reach the line while a dated exemption of its own holds on the day;
 * - a measure's rate for the origin = its country rule on the day (rate, or floor → max(0, floor − MFN))
 *   ?? a per-country rate from its events ?? its current rate (a measure with neither does not reach the origin);
 * - a measure whose `notWith` names an authority that also applies here is dropped
 *   (Section 122, IEEPA and forced-labor 301 do not apply to Section 232 goods);
 * - MAX_WITHIN_AUTHORITY: of several such measures of one authority, only the largest applies;
 * - a part that applies only if a fact about the article holds (an `unknown` condition) makes the
 *   total unknown: the stack is computed with and without such parts and shown as a range.
 */
export function dutyOn(input: DutyInput): DutyStack {
  const { line, country, date, measures, events } = input;
  const mfn = line.generalAdValorem;
  const notes: string[] = [];
  const unknowns: string[] = [];
  const partial: PartialCoverage[] = [];

  if (COLUMN2_COUNTRIES.includes(country)) {
    const why = `${country} is a column 2 country: its goods pay the column 2 rate, which this engine does not model.`;
    return { country, date, mfn: null, mfnText: line.generalRateText, parts: [], total: null, range: null, unknowns: [why], partial, unconfirmed: false, notes: [why] };
  }
  if (mfn === null) {
    const why = `The general rate "${line.generalRateText}" is not plain ad valorem (a per-unit or compound duty), so the total is unknown.`;
    notes.push(why);
    unknowns.push(why);
  }

  const candidates: Candidate[] = [];
  for (const measure of measures) {
    if (measure.authority === "MFN" || !countryInScope(measure, country)) continue;
    if (!productInScope(measure, line.digits)) {
      const scope = productScopeOf(measure);
      if ((scope.all || startsWithAny(line.digits, scope.prefixes)) && measureStatusOn(measure, events, date).status === "in_force") {
        notes.push(`${measure.name} does not apply: the line is on its list of excluded products.`);
        continue;
      }
      if (line.digits.length < 10) {
        const under = listedUnder(measure, line.digits);
        if (under.length) {
          const state = measureStatusOn(measure, events, date);
          const override = overrideOn(measure, country, date);
          const rate = override?.rate ?? state.countryRates[country] ?? state.rate;
          if (state.status === "in_force" && rate !== null && override?.floor === undefined) {
            partial.push({ measureId: measure.id, name: measure.name, rate, lines: under.map(dottedCode) });
            notes.push(`${measure.name} (+${pct(rate)}) reaches only ${under.map(dottedCode).join(", ")} under this code: ask for the 10-digit line to know.`);
          }
        }
      }
      continue;
    }
    const state = measureStatusOn(measure, events, date);
    if (state.status !== "in_force") continue;
    const exemption = exemptionOn(measure, line.digits, country, date);
    if (exemption) {
      notes.push(`${measure.name} does not apply: ${exemption.note}`);
      continue;
    }
    const conditions = conditionsOn(measure, line.digits, country, date);
    const onlyIf = conditions.filter((c) => c.effect === "unknown").map((c) => c.text);
    const exemptIf = conditions.filter((c) => c.effect === "exempt-if").map((c) => c.text);
    const caveats = conditions.filter((c) => c.effect === "note").map((c) => c.text);
    const base = { measure, state, onlyIf: onlyIf.length ? onlyIf.join("; and ") : null, exemptIf, caveats };
    const override = overrideOn(measure, country, date);
    if (override && override.rate !== undefined) {
      candidates.push({ ...base, rate: override.rate, basis: "additional" });
    } else if (override && override.floor !== undefined) {
      if (mfn === null) {
        notes.push(
          `${measure.name}: an all-in floor of ${pct(override.floor)} applies, but the additional duty is unknown because the general rate is not ad valorem.`,
        );
        continue;
      }
      candidates.push({ ...base, rate: Math.max(0, override.floor - mfn), basis: "floor" });
    } else {
      const rate = state.countryRates[country] ?? state.rate;
      if (rate === null) continue;
      if (measure.rateBasis === "floor") {
        if (mfn === null) {
          notes.push(`${measure.name}: an all-in total of ${pct(rate)} applies, but the additional duty is unknown because the general rate is not ad valorem.`);
          continue;
        }
        candidates.push({ ...base, rate: Math.max(0, rate - mfn), basis: "floor" });
      } else candidates.push({ ...base, rate, basis: "additional" });
    }
  }

  const applied = stack(candidates, notes);
  const conditional = candidates.some((c) => c.onlyIf !== null);
  let range: DutyStack["range"] = null;
  if (conditional) {
    const without = stack(candidates.filter((c) => c.onlyIf === null), null);
    const sum = (cs: Candidate[]) => cs.reduce((s, c) => s + c.rate, mfn ?? 0);
    if (mfn !== null) {
      const withAll = sum(applied);
      const withNone = sum(without);
      range = { low: Math.min(withAll, withNone), high: Math.max(withAll, withNone) };
    }
    // Both ends alike: what the condition decides does not change the total.
    if (range && range.low === range.high) range = null;
    for (const c of range || mfn === null ? applied.filter((x) => x.onlyIf !== null) : []) {
      unknowns.push(
        mfn !== null && range
          ? `${c.measure.name} (+${pct(c.rate)}) applies only if ${c.onlyIf}: the total is ${pct(range.high)} if so, ${pct(range.low)} if not.`
          : `${c.measure.name} (+${pct(c.rate)}) applies only if ${c.onlyIf}.`,
      );
    }
  }

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
    ...(c.onlyIf !== null ? { onlyIf: c.onlyIf } : {}),
    ...(c.exemptIf.length ? { exemptIf: c.exemptIf } : {}),
    ...(c.caveats.length ? { caveats: c.caveats } : {}),
  }));
  const known = mfn !== null && (!applied.some((c) => c.onlyIf !== null) || (conditional && range === null));
  const total = known ? parts.reduce((sum, part) => sum + part.rate, mfn) : null;
  return {
    country,
    date,
    mfn,
    mfnText: line.generalRateText,
    parts,
    total,
    range: total === null ? range : null,
    unknowns,
    partial,
    unconfirmed: parts.some((part) => part.confidence === "low"),
    notes,
  };
}

const AUTHORITY_LABELS: Record<Authority, string> = {
  MFN: "the general (MFN) rate",
  S301_CHINA: "Section 301 (China)",
  S301_FORCED_LABOR: "Section 301 (forced labor)",
  S301_BRAZIL: "Section 301 (Brazil)",
  S301_NICARAGUA: "Section 301 (Nicaragua)",
  S232: "Section 232",
  S201: "Section 201 (safeguard)",
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
