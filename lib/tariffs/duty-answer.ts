/**
 * The duty lookup for anyone (docs/tariffs.md "Duty lookup"): the duty stack on one HTS line,
 * for one origin, on any day past or future, line by line with its legal basis, how sure each
 * reading is, and what is unknown said as unknown. Serves GET /api/v1/duty and the /duty page.
 * Reads the law from the database (./law: the seeded tables plus any operator's change).
 */
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { COUNTRY_NAMES } from "@/lib/watchlist/countries";
import { dottedCode, dutyOn, type DutyLine, type DutyPart } from "./duty";
import { htsLinesWith, loadLaw, type Law } from "./law";
import { isIsoDay } from "./days";
import { measureStatusOn } from "./status";
import metaFile from "@/data/tariffs/meta.json";
import { DUTY_FIRST_DAY, DUTY_LAST_DAY } from "@/lib/api/limits";
import type { Confidence, HtsLine, SourceDocument, TariffMeasure } from "./types";

/** The law's as-of day and the HTS release of the committed tables (the small meta file, not the tables). */
const tablesMeta = metaFile as { measuresVersion: string; htsRelease: string };


const HTS_MESSAGE = "hts must be an 8- or 10-digit HTS code, e.g. 6403.99.60 or 9401.61.40.11.";

/** The query of /api/v1/duty and the /duty form: an HTS code (dots optional), an ISO-2 origin, an optional day (today by default). */
export const dutyQuerySchema = z.object({
  hts: z
    .string({ error: HTS_MESSAGE })
    .trim()
    .min(1, { error: HTS_MESSAGE })
    .max(20, { error: HTS_MESSAGE })
    .transform((s) => s.replace(/[.\s]/g, ""))
    .refine((s) => /^(\d{8}|\d{10})$/.test(s), { error: HTS_MESSAGE }),
  origin: z
    .string({ error: "origin is required: the two-letter country code where the goods were made, e.g. VN." })
    .trim()
    .toUpperCase()
    .refine((s) => s in COUNTRY_NAMES, { error: "origin must be a two-letter country code (ISO 3166-1 alpha-2), e.g. CN, VN, DE." }),
  date: z
    .string()
    .trim()
    .refine(isIsoDay, { error: "date must be a real day written YYYY-MM-DD, e.g. 2027-01-01." })
    .refine((d) => d >= DUTY_FIRST_DAY && d <= DUTY_LAST_DAY, { error: `date must be between ${DUTY_FIRST_DAY} and ${DUTY_LAST_DAY}.` })
    .optional(),
});
export type DutyQuery = z.output<typeof dutyQuerySchema>;

export type Evidence = "confirmed" | "secondary" | "unconfirmed";
const EVIDENCE_OF: Record<Confidence, Evidence> = { high: "confirmed", medium: "secondary", low: "unconfirmed" };

export type Citation = { id: string; title: string; citation: string | null; url: string; publishedAt: string };

export type DutyAnswerLine = {
  /** The measure's name ("General (MFN) rate" for the line's own rate). */
  measure: string;
  /** Its id in the tables (null for the general rate). */
  measureId: string | null;
  /** Chapter 99 heading(s), or the HTS line for the general rate. */
  heading: string;
  /** The rate it adds (fraction; the general rate for the first line); null when not ad valorem. */
  rate: number | null;
  /** How the rate is reached, in words: "general rate", "additional", "all-in floor". */
  basis: string;
  /** "in_force", or "conditional" when it applies only if a fact about the article holds. */
  status: "in_force" | "conditional";
  citation: Citation | null;
  confidence: Evidence;
  /** The condition it depends on (conditional lines). */
  onlyIf?: string;
  /** Exemptions the importer may claim (never assumed). */
  exemptIf?: string[];
  /** Caveats beside the counted rate. */
  caveats?: string[];
};

export type ScheduledChange = { date: string; totalRate: number | null; what: string[]; citations: Citation[] };

export type DutyAnswer = {
  hts: string;
  description: string;
  descriptionPath: string;
  origin: string;
  originName: string;
  date: string;
  /** MFN plus every line; null when any part is unknown (see `unknown`). */
  totalRate: number | null;
  /** When the only unknowns are facts about the article: the total if none holds and if all hold. */
  range: { low: number; high: number } | null;
  /** Why the total is unknown, in words (empty when known). */
  unknown: string[];
  lines: DutyAnswerLine[];
  /** Measures that reach only some statistical lines under the code asked. */
  partial: { measure: string; rate: number; lines: string[] }[];
  /** Why measures that might be expected do not apply (exemptions, stacking rules). */
  notes: string[];
  /** Duty-free entry of low-value shipments: whether it is available on the day. */
  deMinimis: { available: boolean; text: string; citation: Citation | null };
  /** The next changes to this stack after the day (scheduled events included), at most five within two years. */
  next: ScheduledChange[];
  asOf: { law: string; lawUpdated: string | null; htsRevision: string };
};

export type DutyLookupResult = { ok: true; answer: DutyAnswer } | { ok: false; status: 404; message: string };

function citationOf(sources: Map<string, SourceDocument>, id: string): Citation | null {
  const s = sources.get(id);
  return s ? { id: s.id, title: s.title, citation: s.citation, url: s.url, publishedAt: s.publishedAt } : null;
}


/** A fraction as a percent with at most one decimal: 0.125 -> "12.5%". */
export function percentText(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}
const pct = percentText;

function partLine(part: DutyPart, sources: Map<string, SourceDocument>): DutyAnswerLine {
  return {
    measure: part.name,
    measureId: part.measureId,
    heading: part.ch99.join(", "),
    rate: part.rate,
    basis: part.basis === "floor" ? "all-in floor (the rate shown is the floor minus the general rate)" : "additional",
    status: part.onlyIf ? "conditional" : "in_force",
    citation: citationOf(sources, part.sourceId),
    confidence: EVIDENCE_OF[part.confidence],
    ...(part.onlyIf ? { onlyIf: part.onlyIf } : {}),
    ...(part.exemptIf ? { exemptIf: part.exemptIf } : {}),
    ...(part.caveats ? { caveats: part.caveats } : {}),
  };
}

/** De minimis on the day: available unless the suspension measure is in force for the origin. */
function deMinimisOn(law: Law, origin: string, date: string): DutyAnswer["deMinimis"] {
  const measure = law.measures.find((m) => m.authority === "DE_MINIMIS" && (m.countries === "ALL" || m.countries.includes(origin)));
  const state = measure ? measureStatusOn(measure, law.events, date) : null;
  if (!measure || !state || state.status !== "in_force") {
    return {
      available: true,
      text: "On this day a shipment worth $800 or less could enter duty-free (de minimis, 19 U.S.C. 1321): the duties below applied to larger orders.",
      citation: measure ? citationOf(law.sources, measure.sourceId) : null,
    };
  }
  return {
    available: false,
    text: `No duty-free entry under $800 on this day (suspended for all countries since ${state.since}): an order from an overseas site pays the duties below whatever its value.`,
    citation: citationOf(law.sources, measure.sourceId),
  };
}

const CHANGING_EVENTS = new Set(["EFFECTIVE", "RATE_CHANGE", "EXPIRED", "STRUCK_DOWN", "PAUSED", "RESUMED"]);

/** The next changes of the stack after the day: each later event day of a measure that reaches the line and origin, where the answer moves. */
function nextChanges(law: Law, line: DutyLine, origin: string, date: string, total: number | null, parts: DutyPart[]): ScheduledChange[] {
  const horizon = `${Number(date.slice(0, 4)) + 2}${date.slice(4)}`;
  const reaching = new Set(law.measures.filter((m) => reachesSomeDay(m, line.digits, origin)).map((m) => m.id));
  const days = [...new Set(law.events.filter((e) => reaching.has(e.measureId) && CHANGING_EVENTS.has(e.type) && e.date > date && e.date <= horizon).map((e) => e.date))].sort();
  const out: ScheduledChange[] = [];
  let previous = { total, key: parts.map((p) => `${p.measureId}:${p.rate}`).join("|") };
  for (const day of days) {
    const stack = dutyOn({ line, country: origin, date: day, measures: law.measures, events: law.events });
    const key = stack.parts.map((p) => `${p.measureId}:${p.rate}`).join("|");
    if (key === previous.key && stack.total === previous.total) continue;
    const dayEvents = law.events.filter((e) => e.date === day && reaching.has(e.measureId) && CHANGING_EVENTS.has(e.type) && (!e.country || e.country === origin));
    out.push({
      date: day,
      totalRate: stack.total,
      what: dayEvents.map((e) => `${law.measures.find((m) => m.id === e.measureId)?.name ?? e.measureId}: ${e.note}`),
      citations: [...new Set(dayEvents.map((e) => e.sourceId))].map((id) => citationOf(law.sources, id)).filter((c): c is Citation => c !== null),
    });
    previous = { total: stack.total, key };
    if (out.length >= 5) break;
  }
  return out;
}

/** Whether the measure could reach the line and origin on some day (scope only, whatever the status). */
function reachesSomeDay(measure: TariffMeasure, digits: string, origin: string): boolean {
  if (measure.authority === "MFN" || measure.excludedCountries.includes(origin)) return false;
  if (measure.countries !== "ALL" && !measure.countries.includes(origin)) return false;
  const starts = (prefixes: string[]) => prefixes.some((p) => p === "*" || digits.startsWith(p));
  return starts(measure.products) && !starts(measure.excludedProducts);
}

type Db = Parameters<typeof loadLaw>[0] & Pick<PrismaClient, "htsLine">;

/** The duty answer for a valid query on `today` when the query gives no day; a 404 when the code is not in the schedule. */
export async function lookupDuty(db: Db, query: DutyQuery, today: string): Promise<DutyLookupResult> {
  const law = await loadLaw(db);
  const code = dottedCode(query.hts);
  const found = await htsLinesWith(db, law, [code]);
  const row: (HtsLine & { releaseId: string }) | undefined = found.get(code);
  if (!row) {
    return { ok: false, status: 404, message: `${code} is not a line of the HTS schedule we hold (${law.htsRelease ?? tablesMeta.htsRelease}). Check the code: 8 digits (e.g. 6403.99.60) or 10 (e.g. 6403.99.60.75).` };
  }
  const date = query.date ?? today;
  const line: DutyLine = { code: row.code, digits: row.digits, generalAdValorem: row.generalAdValorem, generalRateText: row.generalRateText };
  const stack = dutyOn({ line, country: query.origin, date, measures: law.measures, events: law.events });
  const htsSource = [...law.sources.values()].find((s) => s.id === `hts-${row.releaseId.replace(/_/g, "-")}`) ?? null;
  const mfnLine: DutyAnswerLine = {
    measure: "General (MFN) rate",
    measureId: null,
    heading: row.code,
    rate: row.generalAdValorem,
    basis: `general rate as printed: ${row.generalRateText || "none"}`,
    status: "in_force",
    citation: htsSource ? citationOf(law.sources, htsSource.id) : null,
    confidence: "confirmed",
  };
  return {
    ok: true,
    answer: {
      hts: row.code,
      description: row.description,
      descriptionPath: row.descriptionPath,
      origin: query.origin,
      originName: COUNTRY_NAMES[query.origin] ?? query.origin,
      date,
      totalRate: stack.total,
      range: stack.range,
      unknown: stack.unknowns,
      lines: [mfnLine, ...stack.parts.map((p) => partLine(p, law.sources))],
      partial: stack.partial.map((p) => ({ measure: p.name, rate: p.rate, lines: p.lines })),
      notes: stack.notes.filter((n) => !stack.unknowns.includes(n)),
      deMinimis: deMinimisOn(law, query.origin, date),
      next: nextChanges(law, line, query.origin, date, stack.total, stack.parts),
      asOf: { law: tablesMeta.measuresVersion, lawUpdated: law.measuresUpdated, htsRevision: row.releaseId },
    },
  };
}

/** "25%" / "unknown" for a total, with the range when there is one. */
export function totalText(answer: Pick<DutyAnswer, "totalRate" | "range">): string {
  if (answer.totalRate !== null) return pct(answer.totalRate);
  if (answer.range) return `unknown: ${pct(answer.range.low)} to ${pct(answer.range.high)}`;
  return "unknown";
}
