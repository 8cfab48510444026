/**
 * A measure's legal life as the law files record it (docs/tariffs.md "The law as of
 * 2026-11-27"): announced (signed, proposed or decided), published (Federal Register),
 * in the HTS (the revision that printed its Chapter 99 heading), effective, changed,
 * suspended, ended. Pure: reads parsed law files, writes the documentation table.
 *
 * No `server-only`: the table script and tests import it.
 */
import { EU27, type LawFamily, type LawMeasure } from "./law-files";

/** The three steps before a measure applies whose day the law files must give or explain (`undated`). */
export const DATED_STAGES = ["announced", "published", "in-hts"] as const;
export type DatedStage = (typeof DATED_STAGES)[number];

export type Lifecycle = DatedStage | "effective" | "changed" | "suspended" | "ruling" | "ended";

type LawEvent = LawMeasure["events"][number];
type LawSource = { id: string; citation: string | null; title: string; url: string };

/** Which step of the measure's life an event records. A FINAL event is the signing or decision unless marked `stage: published`. */
export function lifecycleOf(event: LawEvent): Lifecycle {
  switch (event.type) {
    case "ANNOUNCED":
    case "PROPOSED":
      return "announced";
    case "FINAL":
      return event.stage === "published" ? "published" : "announced";
    case "IN_HTS":
      return "in-hts";
    case "EFFECTIVE":
    case "RESUMED":
      return "effective";
    case "RATE_CHANGE":
      return "changed";
    case "PAUSED":
      return "suspended";
    case "COURT_RULING":
      return "ruling";
    case "STRUCK_DOWN":
    case "EXPIRED":
      return "ended";
  }
}

/**
 * The dated steps a measure neither records nor explains, and the steps it both records and
 * calls undated (both are mistakes in a law file).
 */
export function lifecycleProblems(measure: LawMeasure): string[] {
  const recorded = new Set(measure.events.map(lifecycleOf));
  const undated = new Set((measure.undated ?? []).map((u) => u.stage));
  const problems: string[] = [];
  for (const stage of DATED_STAGES) {
    if (!recorded.has(stage) && !undated.has(stage)) problems.push(`${measure.id}: no ${stage} event and no reason it is undated`);
    if (recorded.has(stage) && undated.has(stage)) problems.push(`${measure.id}: ${stage} is both dated and listed as undated`);
  }
  return problems;
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;
const READING: Record<LawEvent["confidence"], string> = { confirmed: "", secondary: " (secondary)", unconfirmed: " (unconfirmed)" };

function countryCount(list: readonly string[]): number {
  return new Set(list.flatMap((c) => (c === "@EU27" ? [...EU27] : [c]))).size;
}

function rateCell(m: LawMeasure): string {
  const base = m.rate === null ? "per country" : `${percent(m.rate)}${m.rateBasis === "floor" ? " all-in" : ""}`;
  const rules = (m.overrides ?? []).reduce((n, o) => n + countryCount(o.countries), 0);
  return rules ? `${base}; ${rules} country rules` : base;
}

function datesCell(events: LawEvent[], stage: Lifecycle, measure: LawMeasure): string {
  const days = [...new Set(events.filter((e) => lifecycleOf(e) === stage).map((e) => `${e.date}${READING[e.confidence]}`))];
  if (days.length) return days.join("; ");
  return (measure.undated ?? []).some((u) => u.stage === stage) ? "not dated" : "—";
}

/** Later steps in date order: rate changes (grouped by day when they name countries), suspensions, rulings, ends. */
function laterCell(events: LawEvent[]): string {
  const parts: string[] = [];
  const byDay = new Map<string, LawEvent[]>();
  for (const e of events) {
    const stage = lifecycleOf(e);
    if (stage === "changed") {
      const list = byDay.get(e.date) ?? [];
      if (!list.length) {
        byDay.set(e.date, list);
        parts.push(`changed:${e.date}`);
      }
      list.push(e);
    } else if (stage === "suspended") parts.push(`${e.date} suspended${READING[e.confidence]}`);
    else if (stage === "ruling") parts.push(`${e.date} court ruling`);
    else if (stage === "ended") parts.push(`${e.date} ${e.type === "STRUCK_DOWN" ? "struck down" : "ended"}${READING[e.confidence]}`);
  }
  return (
    parts
      .map((p) => {
        if (!p.startsWith("changed:")) return p;
        const day = p.slice("changed:".length);
        const changes = byDay.get(day) ?? [];
        const countries = changes.flatMap((e) => (e.countries ? [...e.countries] : e.country ? [e.country] : []));
        if (!countries.length) return `${day} → ${changes.map((e) => (e.rate == null ? "rate changed" : percent(e.rate))).join(", ")}`;
        const only = changes.length === 1 ? changes[0] : undefined;
        if (only && only.rate != null) return `${day} ${countries.join(", ")} ${percent(only.rate)}`;
        return `${day} rates for ${countryCount(countries)} countries`;
      })
      .join("; ") || "—"
  );
}

const sortedEvents = (m: LawMeasure) =>
  m.events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.date < b.e.date ? -1 : a.e.date > b.e.date ? 1 : a.i - b.i))
    .map(({ e }) => e);

/** The documentation table of the law: one row per measure, its dated steps, citation and confidence. */
export function lawTableMarkdown(families: LawFamily[], sources: LawSource[]): string {
  const byId = new Map(sources.map((s) => [s.id, s]));
  const rows = [
    "| measure | rate | announced | published | in the HTS | effective | later | citation | confidence |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const family of families) {
    for (const m of family.measures) {
      const events = sortedEvents(m);
      const source = byId.get(m.source);
      const citation = source ? `[${source.citation ?? source.title}](${source.url})` : m.source;
      rows.push(
        `| \`${m.id}\` (${m.ch99.join(", ") || "no heading"}) | ${rateCell(m)} | ${datesCell(events, "announced", m)} | ${datesCell(events, "published", m)} | ${datesCell(events, "in-hts", m)} | ${datesCell(events, "effective", m)} | ${laterCell(events)} | ${citation} | ${m.confidence} |`,
      );
    }
  }
  return rows.join("\n");
}

const STAGE_WORDS: Record<DatedStage, string> = { announced: "announced", published: "published", "in-hts": "in the HTS" };

/** The undated steps, one line each: the measure, the step, why. */
export function lawGapsMarkdown(families: LawFamily[]): string {
  return families
    .flatMap((f) => f.measures.flatMap((m) => (m.undated ?? []).map((u) => `- \`${m.id}\`, ${STAGE_WORDS[u.stage]}: ${u.reason}`)))
    .join("\n");
}
