/**
 * Lower-tariff origins with real US supply (docs/tariffs.md, "Engine" → "Alternatives";
 * docs/tariffs.md, "Alternatives"). Statements about tariff exposure and supply presence only: never
 * "cheaper", never a brand. Origin shares are sector level (GTAP) and labelled so.
 */
import { dutyOn, pendingMeasures, type DutyLine, type DutyStack } from "./duty";
import { measureStatusOn } from "./status";
import type { MeasureEvent, OriginShare, TariffMeasure } from "./types";
import { fixedPct, ratePct } from "./evidence";

/** Minimum share of the sector's US imports for an origin to count as "real US supply" (docs/alerts.md). */
export const MIN_SUPPLY_SHARE = 0.02;

export type Alternative = { country: string; share: number; duty: DutyStack; gapPp: number; conditional: string[] };

export type AlternativesInput = {
  line: DutyLine;
  userOrigin: string | null;
  date: string;
  /** Already filtered to the category's sector. */
  originShares: OriginShare[];
  measures: TariffMeasure[];
  events: MeasureEvent[];
  domesticShare: number | null;
  /** Minimum share of US imports for "real US supply" (default 0.02). */
  minShare?: number;
  /** Minimum duty gap, percentage points (default 2). */
  minGapPp?: number;
};

export type AlternativesResult = {
  basis: "sector";
  year: number | null;
  alternatives: Alternative[];
  userDuty: DutyStack | null;
  domestic: { share: number | null; note: string };
  message: string;
};

export const USMCA_COUNTRIES: readonly string[] = ["CA", "MX"];
/** Partners of US free-trade agreements other than USMCA (their special-column rates are never assumed). */
export const FTA_COUNTRIES: readonly string[] = [
  "AU", "BH", "CL", "CO", "CR", "DO", "GT", "HN", "IL", "JO", "KR", "MA", "NI", "OM", "PA", "PE", "SG", "SV",
];

function conditionalNotes(input: AlternativesInput, country: string, duty: DutyStack): string[] {
  const notes: string[] = [];
  if (USMCA_COUNTRIES.includes(country)) {
    const exempted = input.measures.filter(
      (m) => m.excludedCountries.includes(country) && measureStatusOn(m, input.events, input.date).status === "in_force",
    );
    notes.push(
      exempted.length > 0
        ? `Only if USMCA-qualifying: ${exempted.map((m) => m.name).join(", ")} exempt(s) qualifying goods of ${country}; goods that do not meet the rules of origin pay more.`
        : `The general rate shown; a lower rate may apply if the goods qualify under USMCA (not assumed).`,
    );
  }
  if (FTA_COUNTRIES.includes(country)) {
    notes.push(`A lower preferential rate may apply if claimed under the US free-trade agreement with ${country} (not assumed).`);
  }
  const low = duty.parts.filter((p) => p.confidence === "low");
  if (low.length > 0) notes.push(`Unconfirmed: ${low.map((p) => p.name).join(", ")} (verify against the final legal text).`);
  for (const { measure, state } of pendingMeasures({ ...input, country })) {
    notes.push(`${measure.name} is ${state.status.replace("_", " ")}${state.nextChange ? ` (next: ${state.nextChange.type.toLowerCase()} on ${state.nextChange.date})` : ""}.`);
  }
  for (const part of duty.parts) {
    const litigated = input.events.some(
      (e) => e.measureId === part.measureId && e.type === "COURT_RULING" && e.date <= input.date,
    );
    if (litigated) notes.push(`${part.name} is under litigation.`);
  }
  return notes;
}

/**
 * Candidates: origins with at least `minShare` of the sector's US imports whose duty on the
 * line is at least `minGapPp` below the user's origin (or, when the origin is unknown,
 * below the import-weighted average of the origins with a known duty); ranked by the gap.
 */
export function findAlternatives(input: AlternativesInput): AlternativesResult {
  const minShare = input.minShare ?? MIN_SUPPLY_SHARE;
  const minGapPp = input.minGapPp ?? 2;
  const dutyFor = (country: string) =>
    dutyOn({ line: input.line, country, date: input.date, measures: input.measures, events: input.events });

  const years = input.originShares.map((o) => o.year);
  const year = years.length > 0 ? Math.max(...years) : null;
  const yearText = year === null ? "" : `, ${year}`;
  const sectorNote = `Origin data is sector level (US imports of the product's sector${yearText}), not this exact product.`;

  const domestic = {
    share: input.domesticShare,
    note:
      input.domesticShare === null
        ? "The domestic share of US consumption for this sector is unknown. Domestic prices also tend to rise when tariffs on imports rise."
        : `About ${fixedPct(input.domesticShare, 0)} of US consumption of this sector is made in the US (sector level). Domestic prices also tend to rise when tariffs on imports rise (Cavallo, Llamas & Vazquez 2025; Flaaen, Hortaçsu & Tintelnot 2020).`,
  };

  const userDuty = input.userOrigin ? dutyFor(input.userOrigin) : null;
  const withDuty = input.originShares.map((o) => ({ share: o, duty: dutyFor(o.country) }));

  let reference: number | null;
  let referenceText: string;
  if (input.userOrigin) {
    reference = userDuty?.total ?? null;
    referenceText = `${input.userOrigin} (${reference === null ? "duty unknown" : fixedPct(reference, 1)})`;
  } else {
    const known = withDuty.filter((x) => x.duty.total !== null && x.share.share > 0);
    const weight = known.reduce((sum, x) => sum + x.share.share, 0);
    reference = weight > 0 ? known.reduce((sum, x) => sum + x.share.share * (x.duty.total ?? 0), 0) / weight : null;
    referenceText = `the import-weighted average of ${reference === null ? "unknown" : fixedPct(reference, 1)}`;
  }

  if (reference === null) {
    return {
      basis: "sector",
      year,
      alternatives: [],
      userDuty,
      domestic,
      message: `We cannot compare tariff exposure: the duty for ${referenceText} is unknown. ${sectorNote}`,
    };
  }

  const alternatives: Alternative[] = withDuty
    .filter((x) => x.share.country !== input.userOrigin && x.share.share >= minShare && x.duty.total !== null)
    .map((x) => ({
      country: x.share.country,
      share: x.share.share,
      duty: x.duty,
      gapPp: (reference - (x.duty.total ?? 0)) * 100,
      conditional: conditionalNotes(input, x.share.country, x.duty),
    }))
    .filter((a) => a.gapPp >= minGapPp - 1e-9)
    .sort((a, b) => b.gapPp - a.gapPp || b.share - a.share);

  const message =
    alternatives.length === 0
      ? `No lower-tariff source with real US supply: no origin with at least ${ratePct(minShare)} of US imports has a duty ${minGapPp} points or more below ${referenceText}. ${sectorNote}`
      : `Lower tariff exposure than ${referenceText}: ` +
        alternatives
          .map((a) => `${a.country} ${fixedPct(a.duty.total ?? 0, 1)} (${fixedPct(a.share, 1)} of US imports${yearText}${a.conditional.length > 0 ? ", conditional" : ""})`)
          .join("; ") +
        `. Lower tariff exposure does not mean a lower shelf price. ${sectorNote}`;

  return { basis: "sector", year, alternatives, userDuty, domestic, message };
}
