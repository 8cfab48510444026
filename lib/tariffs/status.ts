/**
 * The legal status of a measure on a day, folded from its dated events (docs/tariffs.md,
 * "Engine"). Pure: the day is an argument, never the clock. Status comes only from the
 * events, never from HTS text (the HTS still prints IEEPA headings the Supreme Court voided).
 */
import type { MeasureEvent, MeasureEventType, MeasureStatus, TariffMeasure } from "./types";

export type MeasureState = {
  status: MeasureStatus;
  /** The base additional rate (fraction) after the fold; the measure's own rate before any rate event. */
  rate: number | null;
  /** Per-country rates set by RATE_CHANGE (or EFFECTIVE) events carrying a country. */
  countryRates: Record<string, number>;
  /** The day of the event that set the current status; null when none has. */
  since: string | null;
  /** The first status- or rate-changing event after the day (court rulings and HTS printings are left out). */
  nextChange: { date: string; type: MeasureEventType } | null;
};

/** The measure's events in date order; events of one day keep the order they were given in. */
export function eventsOfMeasure(measureId: string, events: MeasureEvent[]): MeasureEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => event.measureId === measureId)
    .sort((a, b) => (a.event.date < b.event.date ? -1 : a.event.date > b.event.date ? 1 : a.index - b.index))
    .map(({ event }) => event);
}

/** Events that record a fact without changing the status or the rate (a ruling takes effect through STRUCK_DOWN). */
export const INFORMATIONAL: ReadonlySet<MeasureEventType> = new Set(["COURT_RULING", "IN_HTS"]);

/** Statuses before the measure has ever taken effect: announcements and proposals still move them. */
const PRE_EFFECT: ReadonlySet<MeasureStatus> = new Set(["unknown", "announced", "proposed", "scheduled"]);

/**
 * Fold of the measure's events dated on or before `date` (ISO day; an event holds from its
 * own day). ANNOUNCED, PROPOSED and FINAL move the status only while the measure has never
 * taken effect (afterwards they are informational: a later re-imposition is a new measure).
 */
export function measureStatusOn(measure: TariffMeasure, events: MeasureEvent[], date: string): MeasureState {
  const own = eventsOfMeasure(measure.id, events);
  let status: MeasureStatus = "unknown";
  let rate: number | null = measure.rate;
  const countryRates: Record<string, number> = {};
  let since: string | null = null;
  let hasTakenEffect = false;

  const setRate = (event: MeasureEvent) => {
    if (event.rate === undefined || event.rate === null) return;
    if (event.country) countryRates[event.country] = event.rate;
    else rate = event.rate;
  };
  const setStatus = (next: MeasureStatus, event: MeasureEvent) => {
    status = next;
    since = event.date;
  };

  for (const event of own) {
    if (event.date > date) break;
    switch (event.type) {
      case "ANNOUNCED":
        if (status === "unknown") setStatus("announced", event);
        break;
      case "PROPOSED":
        if (status === "unknown" || status === "announced") {
          setStatus("proposed", event);
          setRate(event);
        }
        break;
      case "FINAL":
        if (!hasTakenEffect && PRE_EFFECT.has(status)) {
          setStatus("scheduled", event);
          setRate(event);
        }
        break;
      case "EFFECTIVE":
        hasTakenEffect = true;
        setStatus("in_force", event);
        setRate(event);
        break;
      case "RATE_CHANGE":
        setRate(event);
        break;
      case "PAUSED":
        setStatus("paused", event);
        break;
      case "RESUMED":
        hasTakenEffect = true;
        setStatus("in_force", event);
        setRate(event);
        break;
      case "COURT_RULING":
      case "IN_HTS":
        break;
      case "STRUCK_DOWN":
        setStatus("struck_down", event);
        break;
      case "EXPIRED":
        setStatus("expired", event);
        break;
    }
  }

  const next = own.find((event) => event.date > date && !INFORMATIONAL.has(event.type));
  return {
    status,
    rate,
    countryRates,
    since,
    nextChange: next ? { date: next.date, type: next.type } : null,
  };
}

export function isInForce(state: MeasureState): boolean {
  return state.status === "in_force";
}

/**
 * Events of the given measures dated within [from, to] (both days included), in date
 * order. For "what is new since the last run", pass the day after the last run as `from`.
 */
export function eventsTouching(measureIds: string[], events: MeasureEvent[], from: string, to: string): MeasureEvent[] {
  const ids = new Set(measureIds);
  return events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => ids.has(event.measureId) && event.date >= from && event.date <= to)
    .sort((a, b) => (a.event.date < b.event.date ? -1 : a.event.date > b.event.date ? 1 : a.index - b.index))
    .map(({ event }) => event);
}
