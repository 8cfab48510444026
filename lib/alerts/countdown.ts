/**
 * Countdown alerts (docs/alerts.md, "Countdowns and corrections"): a scheduled change of the
 * duty on a watch's line, inside its horizon, alerts at set lead times before its effective day
 * (data/alerts/countdown.json: 30 days, 7 days, the day itself), once per (watch, event, day,
 * lead time), saying where the event stands in its legal life and citing its instrument. Pure:
 * the day and the law are arguments.
 */
import { z } from "zod";
import countdownFile from "@/data/alerts/countdown.json";
import type { Law } from "@/lib/tariffs/law";
import type { MeasureEvent, TariffMeasure } from "@/lib/tariffs/types";

const CountdownConfig = z.object({
  about: z.string(),
  leadDays: z.array(z.number().int().min(0).max(365)).min(1),
  lateDays: z.number().int().min(0).max(30),
});
export type CountdownConfig = z.infer<typeof CountdownConfig>;

/** The lead times, validated (a bad file fails at build and in the unit test, not at night). */
export const COUNTDOWN: CountdownConfig = (() => {
  const c = CountdownConfig.parse(countdownFile);
  return { ...c, leadDays: [...new Set(c.leadDays)].sort((a, b) => b - a) };
})();

/** An event as an alert announced it (stored in `subscriber_alerts.announced`): what a correction compares with the law. */
export type AnnouncedEvent = { id: string; measureId: string; date: string; type: string; rate: number | null; country: string | null };

export function announcedOf(events: readonly MeasureEvent[]): AnnouncedEvent[] {
  return events.map((e) => ({ id: e.id, measureId: e.measureId, date: e.date, type: e.type, rate: e.rate ?? null, country: e.country ?? null }));
}

const DAY_MS = 86_400_000;
export const daysUntil = (today: string, day: string): number => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/**
 * The lead time due `days` before the effective day, or null: the nearest lead time not yet
 * passed (30 for 30..8 days, 7 for 7..1, 0 on the day and up to `lateDays` after). A run that
 * misses a day still sends the due reminder, and a watch added late gets only the nearest.
 */
export function dueLead(days: number, config: CountdownConfig = COUNTDOWN): number | null {
  if (days < -config.lateDays) return null;
  const due = config.leadDays.filter((lead) => days <= lead);
  if (due.length === 0) return null;
  const nearest = Math.min(...due);
  return days < 0 && nearest !== 0 ? null : nearest;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export function dayText(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

/** "in 30 days", "in 1 day", "today", "2 days ago". */
export function whenText(days: number): string {
  if (days === 0) return "today";
  if (days > 0) return `in ${days} day${days === 1 ? "" : "s"}`;
  return `${-days} day${days === -1 ? "" : "s"} ago`;
}

const STEP: Partial<Record<MeasureEvent["type"], string>> = {
  ANNOUNCED: "announced",
  PROPOSED: "proposed",
  IN_HTS: "in the HTS",
  COURT_RULING: "ruled on in court",
};

function signedStep(e: MeasureEvent, law: Pick<Law, "sources">): string {
  const kind = law.sources.get(e.sourceId)?.kind;
  if (kind === "PROCLAMATION") return "proclamation signed";
  if (kind === "EXECUTIVE_ORDER") return "executive order signed";
  if (kind === "FR_DOC" || kind === "USTR_NOTICE") return "final action published in the Federal Register";
  return "final";
}

/**
 * Where the change's measures stand: "in force from 2027-01-01 (proclamation signed
 * 2025-12-31; in the HTS under 9903.76.02)". The steps are the measure's own events dated up to
 * today; "in the HTS" names the Chapter 99 heading the measure is printed under.
 */
export function lifecycleText(change: { events: readonly MeasureEvent[]; first: string }, law: Pick<Law, "events" | "sources" | "measures">, today: string): string {
  const ending = change.events.length > 0 && change.events.every((e) => e.type === "EXPIRED" || e.type === "STRUCK_DOWN" || e.type === "PAUSED");
  const head = change.first > today ? (ending ? `ends on ${change.first}` : `in force from ${change.first}`) : ending ? `ended on ${change.first}` : `in force since ${change.first}`;
  const measureIds = [...new Set(change.events.map((e) => e.measureId))];
  const steps: string[] = [];
  for (const id of measureIds) {
    const measure: TariffMeasure | undefined = law.measures.find((m) => m.id === id);
    const past = law.events.filter((e) => e.measureId === id && e.date <= today).sort((a, b) => a.date.localeCompare(b.date));
    const latest = new Map<string, string>();
    for (const e of past) {
      const step = e.type === "FINAL" ? signedStep(e, law) : STEP[e.type];
      if (step) latest.set(step, `${step} ${e.date}`);
    }
    if (!latest.has("in the HTS") && measure?.ch99Headings.length) latest.set("in the HTS", `in the HTS under ${measure.ch99Headings[0]}`);
    steps.push(...latest.values());
  }
  return steps.length ? `${head} (${steps.join("; ")})` : head;
}

/** The instruments the change's events cite: "Title (citation), url". */
export function instrumentsText(change: { events: readonly MeasureEvent[] }, law: Pick<Law, "sources">): string {
  const ids = [...new Set(change.events.map((e) => e.sourceId))];
  return ids
    .map((id) => {
      const s = law.sources.get(id);
      return s ? `${s.title}${s.citation ? ` (${s.citation})` : ""}, ${s.url}` : id;
    })
    .join("; ");
}

/** What a countdown alert of one change says: its dedupe suffix, title and reason. */
export type Countdown = { lead: number; days: number; idsKey: string; titleSuffix: string; reason: string; announced: AnnouncedEvent[] };

export function countdownOf(
  change: { events: readonly MeasureEvent[]; first: string; key: string },
  law: Pick<Law, "events" | "sources" | "measures">,
  today: string,
  phrase: string,
  config: CountdownConfig = COUNTDOWN,
): Countdown | null {
  if (change.events.length === 0) return null; // a day no event is dated on: nothing to count down to
  const days = daysUntil(today, change.first);
  const lead = dueLead(days, config);
  if (lead === null) return null;
  const state = lifecycleText(change, law, today);
  return {
    lead,
    days,
    idsKey: `${change.key}@${change.first}:${lead}`,
    titleSuffix: days > 0 ? `duty change ${whenText(days)}, on ${dayText(change.first)}` : days === 0 ? `duty change takes effect today, ${dayText(change.first)}` : `duty change took effect on ${dayText(change.first)}`,
    reason: `${phrase} (${whenText(days)}). Status: ${state}. Instrument: ${instrumentsText(change, law)}.`,
    announced: announcedOf(change.events),
  };
}
