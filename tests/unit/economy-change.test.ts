import { oneMonthChange, percentChange, roundHalfAway, twelveMonthChange } from "@/lib/economy/change";
import { addMonths, formatPeriod, monthsBetween, periodFromBls, periodOf } from "@/lib/economy/periods";
import { loadShippedSnapshot } from "@/lib/economy/snapshot";
import cpiFile from "@/data/economic-snapshot/cpi.json";

describe("percent change from index levels", () => {
  it("is (to / from - 1) x 100, rounded to one decimal", () => {
    expect(percentChange(321.465, 335.123)).toBe(4.2);
    expect(percentChange(100, 105)).toBe(5);
    expect(percentChange(200, 199)).toBe(-0.5);
    expect(percentChange(100, 100)).toBe(0);
  });

  it("rounds halves away from zero, whatever the floating point says", () => {
    expect(roundHalfAway(4.25, 1)).toBe(4.3);
    expect(roundHalfAway(-4.25, 1)).toBe(-4.3);
    expect(roundHalfAway(0.05, 1)).toBe(0.1);
    expect(roundHalfAway(-0.04, 1)).toBe(0);
    expect(Object.is(roundHalfAway(-0.04, 1), -0)).toBe(false);
  });

  it("gives null instead of a number when a level is missing or unusable", () => {
    expect(percentChange(null, 335)).toBeNull();
    expect(percentChange(321, undefined)).toBeNull();
    expect(percentChange(0, 5)).toBeNull();
    expect(percentChange(-3, 5)).toBeNull();
    expect(percentChange(Number.NaN, 5)).toBeNull();
  });

  it("takes the 12-month change from the same month a year earlier, never from a neighbour", () => {
    const levels = new Map([
      ["2025-05", 321.465],
      ["2026-04", 333.02],
      ["2026-05", 335.123],
    ]);
    expect(twelveMonthChange(levels, "2026-05")).toBe(4.2);
    expect(oneMonthChange(levels, "2026-05")).toBe(0.6);
    // April 2025 is missing: no 12-month change for April 2026 (no interpolation).
    expect(twelveMonthChange(levels, "2026-04")).toBeNull();
    expect(oneMonthChange(levels, "2026-04")).toBeNull();
  });

  it("reproduces every 12-month change BLS printed for the snapshot's 32 CPI rows", () => {
    const { cpi } = loadShippedSnapshot();
    expect(cpi.items).toHaveLength(32);
    for (const item of cpi.items) {
      expect([item.category, percentChange(item.indexPrevYear, item.index)]).toEqual([item.category, item.change12mo]);
    }
  });

  it("reproduces every one-month (unadjusted) change BLS printed for those rows", () => {
    for (const item of cpiFile.items) {
      expect([item.category, percentChange(item.indexPrevMonth, item.index)]).toEqual([item.category, item.changeMoNSA]);
    }
  });
});

describe("periods", () => {
  it("steps across years", () => {
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-05", -12)).toBe("2025-05");
    expect(addMonths("2025-12", 1)).toBe("2026-01");
    expect(monthsBetween("2026-05", "2026-11")).toBe(6);
  });

  it("reads BLS period codes: months only", () => {
    expect(periodFromBls("2026", "M05")).toBe("2026-05");
    expect(periodFromBls("2025", "M12")).toBe("2025-12");
    expect(periodFromBls("2025", "M13")).toBeNull(); // annual average
    expect(periodFromBls("2025", "Q01")).toBeNull();
    expect(periodFromBls("25", "M01")).toBeNull();
  });

  it("names months and takes a moment's month in UTC", () => {
    expect(formatPeriod("2026-05")).toBe("May 2026");
    expect(periodOf(new Date("2026-11-30T23:30:00-05:00"))).toBe("2026-12");
  });
});
