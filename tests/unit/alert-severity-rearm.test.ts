import { decideFire, type RearmState } from "@/lib/alerts/rearm";
import { severityOf } from "@/lib/alerts/severity";

const sev = (over: Partial<Parameters<typeof severityOf>[0]>) =>
  severityOf({
    centralPct: 4,
    highPct: 8,
    thresholdPct: 3,
    finality: "final",
    effectiveInDays: 10,
    centralCents: null,
    ...over,
  });

describe("severityOf (research note B6)", () => {
  it("relief when the central change is a decrease of at least the threshold", () => {
    expect(sev({ centralPct: -3 })).toBe("relief");
    expect(sev({ centralPct: -8.4, finality: "proposed" })).toBe("relief");
    expect(sev({ centralPct: -2.9 })).toBe("info");
  });

  it("info when proposed or below threshold", () => {
    expect(sev({ finality: "proposed", centralPct: 12 })).toBe("info");
    expect(sev({ centralPct: 2.99 })).toBe("info");
    // The research note's Vietnam shoe pair: central +0.75% against the default 3% threshold.
    expect(sev({ centralPct: 0.75, highPct: 2.11, centralCents: 90 })).toBe("info");
  });

  it("watch: final, at or above the threshold, below the act levels", () => {
    expect(sev({ centralPct: 3 })).toBe("watch");
    expect(sev({ centralPct: 6, effectiveInDays: 61 })).toBe("watch");
    expect(sev({ centralPct: 6, effectiveInDays: null })).toBe("watch");
  });

  it("act: ≥ 5% or ≥ $25 within 60 days", () => {
    expect(sev({ centralPct: 5, effectiveInDays: 60 })).toBe("act");
    expect(sev({ centralPct: 3.5, centralCents: 2500, effectiveInDays: 45 })).toBe("act");
    expect(sev({ centralPct: 3.5, centralCents: 2499, effectiveInDays: 45 })).toBe("watch");
    expect(sev({ centralPct: 10, effectiveInDays: 31 })).toBe("act");
  });

  it("critical: ≥ 10% and in force or within 30 days", () => {
    expect(sev({ centralPct: 10, effectiveInDays: 30 })).toBe("critical");
    expect(sev({ centralPct: 14, effectiveInDays: -20 })).toBe("critical");
  });

  it("never escalates on the high bound", () => {
    expect(sev({ centralPct: 3.2, highPct: 40, effectiveInDays: 0 })).toBe("watch");
    expect(sev({ centralPct: 1, highPct: 40, effectiveInDays: 0 })).toBe("info");
  });
});

const NOW = new Date("2026-07-24T12:00:00Z");
const state = (over: Partial<RearmState> = {}): RearmState => ({
  armed: true,
  lastFiredAt: null,
  lastFiredPct: null,
  snoozedUntil: null,
  rearmDays: -1,
  firedToday: 0,
  maxPerDay: 3,
  ...over,
});
const up = (centralPct: number, newEvent = false) => ({ centralPct, thresholdPct: 3, direction: "up" as const, newEvent });

describe("decideFire (research note B7)", () => {
  it("fires once on crossing while armed, then disarms", () => {
    expect(decideFire(state(), up(2.9), NOW)).toMatchObject({ fire: false, armed: true });
    const first = decideFire(state(), up(3.4, true), NOW);
    expect(first).toMatchObject({ fire: true, suppressed: null, armed: false });
    const again = decideFire(state({ armed: false, lastFiredAt: NOW, lastFiredPct: 3.4 }), up(3.6), NOW);
    expect(again).toMatchObject({ fire: false, armed: false });
  });

  it("respects the direction", () => {
    expect(decideFire(state(), { centralPct: -4, thresholdPct: 3, direction: "up", newEvent: true }, NOW).fire).toBe(false);
    expect(decideFire(state(), { centralPct: -4, thresholdPct: 3, direction: "down", newEvent: true }, NOW).fire).toBe(true);
    expect(decideFire(state(), { centralPct: 4, thresholdPct: 3, direction: "down", newEvent: true }, NOW).fire).toBe(false);
    expect(decideFire(state(), { centralPct: -4, thresholdPct: 3, direction: "both", newEvent: true }, NOW).fire).toBe(true);
    expect(decideFire(state(), { centralPct: 4, thresholdPct: 3, direction: "both", newEvent: true }, NOW).fire).toBe(true);
  });

  it("re-arms only when the projection moves back past threshold − 1 pp (hysteresis)", () => {
    const fired = state({ armed: false, lastFiredAt: NOW, lastFiredPct: 3.4 });
    expect(decideFire(fired, up(2.5), NOW)).toMatchObject({ fire: false, armed: false });
    const rearmed = decideFire(fired, up(1.9), NOW);
    expect(rearmed).toMatchObject({ fire: false, armed: true });
    expect(rearmed.reason).toContain("moved back");
    expect(decideFire(state({ ...fired, armed: true }), up(3.1), NOW)).toMatchObject({ fire: true, armed: false });
  });

  it("re-arms and fires when a new legal event moves the central projection by ≥ max(1 pp, 25%)", () => {
    const fired = state({ armed: false, lastFiredAt: NOW, lastFiredPct: 6 });
    expect(decideFire(fired, up(7.4, true), NOW)).toMatchObject({ fire: false, armed: false }); // 1.4 < 1.5 (25% of 6)
    expect(decideFire(fired, up(7.5, true), NOW)).toMatchObject({ fire: true, armed: false });
    expect(decideFire(fired, up(7.5, false), NOW).fire).toBe(false); // the same move without a new event
    const small = state({ armed: false, lastFiredAt: NOW, lastFiredPct: 3.2 });
    expect(decideFire(small, up(4.1, true), NOW).fire).toBe(false); // 0.9 < 1 pp
    expect(decideFire(small, up(4.2, true), NOW).fire).toBe(true);
  });

  it("re-arms after the re-arm period when the condition still holds: −1 = 30 days, 0 = never", () => {
    const at = (days: number) => new Date(NOW.getTime() + days * 86_400_000);
    const fired = state({ armed: false, lastFiredAt: NOW, lastFiredPct: 4 });
    expect(decideFire(fired, up(4), at(29)).fire).toBe(false);
    expect(decideFire(fired, up(4), at(30))).toMatchObject({ fire: true, armed: false });
    expect(decideFire({ ...fired, rearmDays: 7 }, up(4), at(7)).fire).toBe(true);
    expect(decideFire({ ...fired, rearmDays: 0 }, up(4), at(400)).fire).toBe(false);
  });

  it("snooze and the daily cap suppress delivery: fire stays true so the alert is stored, not sent", () => {
    const snoozed = decideFire(state({ snoozedUntil: new Date("2026-08-01T00:00:00Z") }), up(5, true), NOW);
    expect(snoozed).toMatchObject({ fire: true, suppressed: "snoozed", armed: false });
    const capped = decideFire(state({ firedToday: 3, maxPerDay: 3 }), up(5, true), NOW);
    expect(capped).toMatchObject({ fire: true, suppressed: "daily-cap", armed: false });
    const snoozeOver = decideFire(state({ snoozedUntil: new Date("2026-07-24T00:00:00Z") }), up(5, true), NOW);
    expect(snoozeOver).toMatchObject({ fire: true, suppressed: null });
  });
});

describe("severity matches the size, at the edges (docs/alerts.md, Severity)", () => {
  // The size decides; an unconfirmed row is a label of the alert (its `unconfirmed` column),
  // never a lower severity: severityOf does not even take it.
  it("a large rise is critical or act by its size and timing alone", () => {
    expect(sev({ centralPct: 12, effectiveInDays: 0 })).toBe("critical");
    expect(sev({ centralPct: 12, effectiveInDays: 45 })).toBe("act");
    expect(sev({ centralPct: 12, effectiveInDays: 90 })).toBe("watch");
  });

  it("threshold: equal is at or above, a hair below is info; relief mirrors it", () => {
    expect(sev({ centralPct: 3, thresholdPct: 3 })).toBe("watch");
    expect(sev({ centralPct: 2.999, thresholdPct: 3 })).toBe("info");
    expect(sev({ centralPct: -3, thresholdPct: 3 })).toBe("relief");
    expect(sev({ centralPct: -2.999, thresholdPct: 3 })).toBe("info");
    expect(sev({ centralPct: 0, thresholdPct: 3 })).toBe("info");
  });

  it("critical: 10% and 30 days are included, 9.999% or 31 days are not", () => {
    expect(sev({ centralPct: 10, effectiveInDays: 30 })).toBe("critical");
    expect(sev({ centralPct: 9.999, effectiveInDays: 30 })).toBe("act");
    expect(sev({ centralPct: 10, effectiveInDays: 31 })).toBe("act");
    expect(sev({ centralPct: 10, effectiveInDays: -400 })).toBe("critical");
    expect(sev({ centralPct: 10, effectiveInDays: null })).toBe("watch");
  });

  it("act: 5% or $25.00 and 60 days are included; 4.999%, $24.99 or 61 days are not", () => {
    expect(sev({ centralPct: 5, effectiveInDays: 60 })).toBe("act");
    expect(sev({ centralPct: 4.999, effectiveInDays: 60 })).toBe("watch");
    expect(sev({ centralPct: 5, effectiveInDays: 61 })).toBe("watch");
    expect(sev({ centralPct: 3, centralCents: 2500, effectiveInDays: 60 })).toBe("act");
    expect(sev({ centralPct: 3, centralCents: 2499, effectiveInDays: 60 })).toBe("watch");
    // $25 on a change below the threshold is still below the threshold.
    expect(sev({ centralPct: 2.9, centralCents: 5000, effectiveInDays: 0 })).toBe("info");
  });

  it("proposed changes stay info whatever their size; a proposed decrease is still relief", () => {
    expect(sev({ centralPct: 40, finality: "proposed", effectiveInDays: 0 })).toBe("info");
    expect(sev({ centralPct: -40, finality: "proposed" })).toBe("relief");
  });
});

describe("re-arm at the edges (docs/tariffs.md, Re-arm)", () => {
  const fired = (lastFiredPct: number) => state({ armed: false, lastFiredAt: NOW, lastFiredPct });
  it("hysteresis: back to exactly threshold − 1 pp does not re-arm, a hair below does", () => {
    expect(decideFire(fired(3.4), up(2), NOW)).toMatchObject({ fire: false, armed: false });
    expect(decideFire(fired(3.4), up(1.999), NOW)).toMatchObject({ fire: false, armed: true });
  });

  it("a new event moving the projection by exactly max(1 pp, 25%) re-arms and fires; a hair less does not", () => {
    expect(decideFire(fired(3), up(4, true), NOW).fire).toBe(true); // 1 pp
    expect(decideFire(fired(3), up(3.999, true), NOW).fire).toBe(false);
    expect(decideFire(fired(8), up(10, true), NOW).fire).toBe(true); // 25% of 8 = 2 pp
    expect(decideFire(fired(8), up(9.999, true), NOW).fire).toBe(false);
  });

  it("the threshold itself fires when armed; a hair below does not", () => {
    expect(decideFire(state(), up(3), NOW).fire).toBe(true);
    expect(decideFire(state(), up(2.999), NOW).fire).toBe(false);
  });
});
