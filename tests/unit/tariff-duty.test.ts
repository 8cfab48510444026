import { dutyOn, pendingMeasures } from "@/lib/tariffs/duty";
import { eventsTouching, isInForce, measureStatusOn } from "@/lib/tariffs/status";
import type { TariffMeasure } from "@/lib/tariffs/types";
import { formulaText } from "@/lib/tariffs/evidence";
import { EVENTS, LINES, MEASURES } from "./fixtures/tariff-law";

const measure = (id: string): TariffMeasure => {
  const found = MEASURES.find((m) => m.id === id);
  if (!found) throw new Error(id);
  return found;
};
const duty = (line: (typeof LINES)[keyof typeof LINES], country: string, date: string, events = EVENTS, measures = MEASURES) =>
  dutyOn({ line, country, date, measures, events });
const ids = (stack: ReturnType<typeof dutyOn>) => stack.parts.map((p) => p.measureId);

describe("measureStatusOn: a fold of dated events", () => {
  it("is unknown without events and never reads HTS text", () => {
    const state = measureStatusOn(measure("s122_surcharge"), [], "2026-03-01");
    expect(state).toEqual({ status: "unknown", rate: 0.1, countryRates: {}, since: null, nextChange: null });
  });

  it("walks Section 122 from announced to in force to expired, each event holding from its own day", () => {
    const m = measure("s122_surcharge");
    expect(measureStatusOn(m, EVENTS, "2026-02-19").status).toBe("unknown");
    expect(measureStatusOn(m, EVENTS, "2026-02-20").status).toBe("announced");
    expect(measureStatusOn(m, EVENTS, "2026-02-23")).toMatchObject({
      status: "announced",
      nextChange: { date: "2026-02-24", type: "EFFECTIVE" },
    });
    expect(measureStatusOn(m, EVENTS, "2026-02-24")).toMatchObject({ status: "in_force", since: "2026-02-24", rate: 0.1 });
    expect(measureStatusOn(m, EVENTS, "2026-07-23")).toMatchObject({
      status: "in_force",
      nextChange: { date: "2026-07-24", type: "EXPIRED" },
    });
    expect(measureStatusOn(m, EVENTS, "2026-07-24")).toMatchObject({ status: "expired", since: "2026-07-24", nextChange: null });
  });

  it("applies rate changes, per country and for the base rate", () => {
    const list4a = measure("s301_china_list4a");
    expect(measureStatusOn(list4a, EVENTS, "2019-08-25").status).toBe("scheduled");
    expect(measureStatusOn(list4a, EVENTS, "2019-09-01").rate).toBe(0.15);
    expect(measureStatusOn(list4a, EVENTS, "2020-02-14").rate).toBe(0.075);
    const recip = measureStatusOn(measure("ieepa_reciprocal"), EVENTS, "2025-09-01");
    expect(recip.rate).toBe(0.1);
    expect(recip.countryRates).toEqual({ VN: 0.2, ID: 0.19, KH: 0.19 });
  });

  it("treats a court ruling as informational and STRUCK_DOWN as the end", () => {
    const m = measure("ieepa_reciprocal");
    const onRuling = measureStatusOn(m, EVENTS, "2026-02-20");
    expect(onRuling.status).toBe("in_force");
    expect(onRuling.nextChange).toEqual({ date: "2026-02-24", type: "STRUCK_DOWN" });
    expect(isInForce(measureStatusOn(m, EVENTS, "2026-02-23"))).toBe(true);
    expect(measureStatusOn(m, EVENTS, "2026-02-24").status).toBe("struck_down");
    expect(isInForce(measureStatusOn(m, EVENTS, "2026-02-24"))).toBe(false);
  });

  it("handles proposed, paused and resumed, keeping the given order for events of one day", () => {
    expect(measureStatusOn(measure("s301_forced_labor"), EVENTS, "2026-06-30").status).toBe("proposed");
    expect(measureStatusOn(measure("s301_china_list4b"), EVENTS, "2026-01-01")).toMatchObject({ status: "paused", since: "2019-12-15" });
    const resumed = [
      ...EVENTS,
      { id: "x1", measureId: "s301_china_list4b", date: "2026-08-01", type: "RESUMED" as const, sourceId: "test", note: "" },
      { id: "x2", measureId: "s301_china_list4b", date: "2026-08-01", type: "PAUSED" as const, sourceId: "test", note: "" },
    ];
    expect(measureStatusOn(measure("s301_china_list4b"), resumed, "2026-08-01").status).toBe("paused");
  });

  it("lists the events touching a window (both days included) in date order, ties in the order given", () => {
    const reversed = [...EVENTS].reverse();
    const touching = eventsTouching(["s122_surcharge", "s301_forced_labor"], reversed, "2026-06-05", "2026-07-24");
    expect(touching.map((e) => e.id)).toEqual([
      "s301_forced_labor:proposed:2026-06-05",
      "s301_forced_labor:effective:2026-07-24",
      "s122_surcharge:expired:2026-07-24",
    ]);
    expect(eventsTouching(["s122_surcharge"], EVENTS, "2026-07-25", "2026-12-31")).toEqual([]);
  });
});

describe("dutyOn: the stack on a line, origin and day", () => {
  it("stacks MFN + China 301 + IEEPA on 2026-02-23, and drops IEEPA on 2026-02-24 (struck down) for Section 122", () => {
    const before = duty(LINES.mensLeatherShoes, "CN", "2026-02-23");
    expect(ids(before)).toEqual(["s301_china_list4a", "ieepa_reciprocal", "ieepa_fentanyl_china"]);
    expect(before.total).toBeCloseTo(0.085 + 0.075 + 0.1 + 0.1, 10);
    const after = duty(LINES.mensLeatherShoes, "CN", "2026-02-24");
    expect(ids(after)).toEqual(["s301_china_list4a", "s122_surcharge"]);
    expect(after.total).toBeCloseTo(0.26, 10);
    expect(formulaText(after)).toBe("8.5% MFN + 7.5% (China 301 List 4A) + 10% (Section 122) = 26.0%");
  });

  it("uses country rates from events: Vietnam 20% reciprocal before the ruling", () => {
    const stack = duty(LINES.mensLeatherShoes, "VN", "2026-02-23");
    expect(stack.parts.map((p) => [p.measureId, p.rate])).toEqual([["ieepa_reciprocal", 0.2]]);
    expect(stack.total).toBeCloseTo(0.285, 10);
  });

  it("applies Section 122 up to 2026-07-23 and not on 2026-07-24, when forced-labor 301 starts", () => {
    const last = duty(LINES.mensLeatherShoes, "VN", "2026-07-23");
    expect(ids(last)).toEqual(["s122_surcharge"]);
    expect(last.total).toBeCloseTo(0.185, 10);
    const next = duty(LINES.mensLeatherShoes, "VN", "2026-07-24");
    expect(ids(next)).toEqual(["s301_forced_labor"]);
    expect(next.parts[0]).toMatchObject({ rate: 0.125, confidence: "low", status: "in_force", sourceId: "fr-2026-11296" });
    expect(next.total).toBeCloseTo(0.21, 10);
    expect(next.unconfirmed).toBe(true);
    expect(duty(LINES.mensLeatherShoes, "IT", "2026-07-24").total).toBeCloseTo(0.185, 10);
  });

  it("does not apply Section 122, IEEPA or forced-labor 301 to a Section 232 good", () => {
    for (const date of ["2026-02-23", "2026-03-01", "2026-07-24"]) {
      const stack = duty(LINES.sofa, "VN", date);
      expect(ids(stack)).toEqual(["s232_upholstered_wood_furniture"]);
      expect(stack.total).toBeCloseTo(0.25, 10);
      expect(stack.notes.join(" ")).toContain("covered by Section 232");
    }
  });

  it("takes only the largest China 301 rate (MAX within authority), and adds Section 232", () => {
    const stack = duty(LINES.sofa, "CN", "2026-03-01");
    expect(ids(stack)).toEqual(["s301_china_list3", "s232_upholstered_wood_furniture"]);
    expect(stack.total).toBeCloseTo(0.5, 10);
    // List 4B is suspended; were it resumed, the coffee maker would pay its 15%, not 7.5% + 15%.
    const resumed = [
      ...EVENTS,
      { id: "r", measureId: "s301_china_list4b", date: "2026-08-01", type: "RESUMED" as const, sourceId: "test", note: "" },
    ];
    expect(ids(duty(LINES.coffeeMaker, "CN", "2026-07-31", resumed))).toEqual(["s301_china_list4a", "s301_forced_labor"]);
    const max = duty(LINES.coffeeMaker, "CN", "2026-08-01", resumed);
    expect(ids(max)).toEqual(["s301_china_list4b", "s301_forced_labor"]);
    expect(max.total).toBeCloseTo(0.037 + 0.15 + 0.125, 10);
    expect(max.notes.join(" ")).toContain("only the largest Section 301 (China) rate applies");
  });

  it("turns an all-in floor into max(0, floor − MFN)", () => {
    const sofaEu = duty(LINES.sofa, "IT", "2026-03-01");
    expect(sofaEu.parts[0]).toMatchObject({ rate: 0.15, basis: "floor" });
    expect(sofaEu.total).toBeCloseTo(0.15, 10);
    const shoesEu = duty(LINES.mensLeatherShoes, "DE", "2026-02-23");
    expect(shoesEu.parts[0]).toMatchObject({ measureId: "ieepa_reciprocal", basis: "floor" });
    expect(shoesEu.parts[0]?.rate).toBeCloseTo(0.065, 10);
    expect(shoesEu.total).toBeCloseTo(0.15, 10);
    const sneakersEu = duty(LINES.sneakers, "FR", "2026-02-23");
    expect(sneakersEu.parts[0]?.rate).toBe(0);
    expect(sneakersEu.total).toBeCloseTo(0.2, 10);
    expect(duty(LINES.sofa, "GB", "2026-03-01").total).toBeCloseTo(0.1, 10);
  });

  it("honours excluded countries and excluded products", () => {
    expect(ids(duty(LINES.mensLeatherShoes, "MX", "2026-03-01"))).toEqual([]);
    expect(duty(LINES.mensLeatherShoes, "MX", "2026-03-01").total).toBeCloseTo(0.085, 10);
    const coffee = duty(LINES.greenCoffee, "BR", "2026-07-24");
    expect(coffee.parts).toEqual([]);
    expect(coffee.total).toBe(0);
    expect(ids(duty(LINES.greenCoffee, "BR", "2026-03-01"))).toEqual([]);
  });

  it("reports an unknown total when the general rate is not ad valorem, never 0", () => {
    const stack = duty(LINES.compoundFootwear, "CN", "2026-03-01");
    expect(stack.mfn).toBeNull();
    expect(stack.total).toBeNull();
    expect(ids(stack)).toEqual(["s122_surcharge"]);
    expect(stack.notes[0]).toContain("not plain ad valorem");
    expect(formulaText(stack)).toBe('"90¢/pr. + 37.5%" MFN (not ad valorem) + 10% (Section 122) = unknown');
    const floorUnknown = duty(LINES.compoundFootwear, "IT", "2026-02-23");
    expect(floorUnknown.total).toBeNull();
    expect(floorUnknown.notes.join(" ")).toContain("all-in floor of 15%");
  });

  it("leaves column 2 countries out of scope", () => {
    for (const country of ["CU", "KP", "RU", "BY"]) {
      const stack = duty(LINES.mensLeatherShoes, country, "2026-03-01");
      expect(stack.total).toBeNull();
      expect(stack.parts).toEqual([]);
      expect(stack.notes[0]).toContain("column 2");
    }
  });

  it("lists measures that reach the line but are not in force yet", () => {
    const pending = pendingMeasures({ line: LINES.mensLeatherShoes, country: "VN", date: "2026-06-30", measures: MEASURES, events: EVENTS });
    expect(pending.map((p) => [p.measure.id, p.state.status])).toEqual([["s301_forced_labor", "proposed"]]);
  });
});
