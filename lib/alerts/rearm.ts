/**
 * Threshold and re-arm logic, Keepa-style (docs/tariffs.md, "Engine" → "Re-arm"; research
 * note B7). Pure: `now` is an argument.
 *
 * - An armed watch fires when the central projection crosses the threshold in its direction
 *   (up: ≥ threshold; down: ≤ −threshold; both: |central| ≥ threshold), then disarms.
 * - A disarmed watch re-arms when (a) the projection moves back past threshold − 1 pp
 *   (hysteresis: no flapping around the threshold), (b) a new legal event moves the central
 *   projection by ≥ max(1 pp, 25% of the last fired value), or (c) the re-arm period has
 *   passed since the last firing and the condition still holds (rearmDays −1 = 30 days,
 *   0 = never). After (b) or (c) it fires at once if the condition holds.
 * - Snooze and the daily cap suppress delivery, not the decision: the result has
 *   `fire: true` with `suppressed` set, so the caller stores the alert (status SUPPRESSED,
 *   or DIGESTED for the cap, shown in the history and the next digest) without sending it,
 *   and the watch disarms as if it had been sent, so the end of a snooze does not release a
 *   burst. `firedToday` counts alerts actually sent today; maxPerDay 0 sends none instantly.
 */
export type RearmState = {
  armed: boolean;
  lastFiredAt: Date | null;
  lastFiredPct: number | null;
  snoozedUntil: Date | null;
  /** −1 = account default (30 days), 0 = never re-arm by time, n = days. */
  rearmDays: number;
  firedToday: number;
  maxPerDay: number;
};

export type RearmNext = {
  centralPct: number;
  thresholdPct: number;
  direction: "up" | "down" | "both";
  /** A legal event not seen by this watch before triggered this run. */
  newEvent: boolean;
};

export type FireDecision = { fire: boolean; suppressed: "snoozed" | "daily-cap" | null; armed: boolean; reason: string };

export const DEFAULT_REARM_DAYS = 30;
export const HYSTERESIS_PP = 1;
const DAY_MS = 86_400_000;

function holds(central: number, threshold: number, direction: RearmNext["direction"]): boolean {
  if (direction === "up") return central >= threshold;
  if (direction === "down") return central <= -threshold;
  return Math.abs(central) >= threshold;
}

function backPast(central: number, threshold: number, direction: RearmNext["direction"]): boolean {
  const level = threshold - HYSTERESIS_PP;
  if (direction === "up") return central < level;
  if (direction === "down") return central > -level;
  return Math.abs(central) < level;
}

export function decideFire(state: RearmState, next: RearmNext, now: Date): FireDecision {
  const { centralPct, thresholdPct, direction } = next;
  const condition = holds(centralPct, thresholdPct, direction);
  let armed = state.armed;
  let why = "armed";

  if (!armed) {
    if (backPast(centralPct, thresholdPct, direction)) {
      return { fire: false, suppressed: null, armed: true, reason: `re-armed: the projection moved back past the threshold − ${HYSTERESIS_PP} pp` };
    }
    const moved =
      state.lastFiredPct !== null &&
      Math.abs(centralPct - state.lastFiredPct) >= Math.max(1, 0.25 * Math.abs(state.lastFiredPct));
    const days = state.rearmDays === -1 ? DEFAULT_REARM_DAYS : state.rearmDays;
    const periodPassed =
      days > 0 && state.lastFiredAt !== null && now.getTime() - state.lastFiredAt.getTime() >= days * DAY_MS;
    if (next.newEvent && moved) {
      armed = true;
      why = `re-armed: a new legal event moved the central projection from ${state.lastFiredPct}% to ${Number(centralPct.toFixed(2))}%`;
    } else if (periodPassed && condition) {
      armed = true;
      why = `re-armed: ${days} days since the last alert and the condition still holds`;
    } else {
      return { fire: false, suppressed: null, armed: false, reason: "disarmed: already alerted for this level" };
    }
  }

  if (!condition) {
    return { fire: false, suppressed: null, armed, reason: `${why}; the projection does not cross the threshold` };
  }
  let suppressed: FireDecision["suppressed"] = null;
  if (state.snoozedUntil !== null && now.getTime() < state.snoozedUntil.getTime()) suppressed = "snoozed";
  else if (state.firedToday >= state.maxPerDay) suppressed = "daily-cap";
  return {
    fire: true,
    suppressed,
    armed: false,
    reason: `${why}; crossed the threshold${suppressed ? ` (stored, not sent: ${suppressed})` : ""}`,
  };
}
