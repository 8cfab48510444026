import {
  calculateSavings,
  EXAMPLE_MONTHLY_SPENDING,
  formatDays,
  formatPercent,
  formatUsd,
  isValidMonthlySpending,
  MAX_MONTHLY_SPENDING,
  MIN_MONTHLY_SPENDING,
  SAVINGS_RATE,
  serviceCostCents,
  TARIFF_RATE,
} from "@/lib/calculator";
import { PLANS } from "@/lib/catalog";

describe("savings calculator", () => {
  it("uses the spec's rates and minimum", () => {
    expect(TARIFF_RATE).toBe(0.17);
    expect(SAVINGS_RATE).toBe(0.65);
    expect(MIN_MONTHLY_SPENDING).toBe(50);
  });

  it("prices the service from the catalog's Consumer plan ($10 x 12), not the retired $29.99", () => {
    expect(serviceCostCents()).toBe(PLANS.consumer.amountCents * 12);
    expect(serviceCostCents()).toBe(12_000);
  });

  it("gives the decided figures for $500 a month (docs/product-rules.md §D1)", () => {
    expect(calculateSavings(500)).toEqual({
      annualSpending: 6000,
      tariffImpact: 1020,
      potentialSavings: 663,
      netSavings: 543,
      roi: 553,
      breakEvenDays: 67,
    });
    expect(EXAMPLE_MONTHLY_SPENDING).toBe(500);
  });

  it("shows the decided figures as text", () => {
    const r = calculateSavings(500);
    expect(formatUsd(r.annualSpending)).toBe("$6,000");
    expect(formatUsd(r.tariffImpact)).toBe("$1,020");
    expect(formatUsd(r.potentialSavings)).toBe("$663");
    expect(formatUsd(r.netSavings)).toBe("$543");
    expect(formatPercent(r.roi)).toBe("553%");
    expect(formatDays(r.breakEvenDays)).toBe("67 days");
  });

  it("accepts the $50 boundary; net savings are negative there (the plan costs more than it saves)", () => {
    expect(calculateSavings(50)).toEqual({
      annualSpending: 600,
      tariffImpact: 102,
      potentialSavings: 66.3,
      netSavings: -53.7,
      roi: 55, // 6630 / 12000 = 55.25%
      breakEvenDays: 661, // 120 / 66.30 x 365 = 660.63
    });
    expect(formatUsd(-53.7)).toBe("-$53.70");
  });

  it("keeps money to the cent without float noise", () => {
    // 660 x 0.17 = 112.2 exactly; 112.2 x 0.65 = 72.93
    expect(calculateSavings(55)).toEqual({
      annualSpending: 660,
      tariffImpact: 112.2,
      potentialSavings: 72.93,
      netSavings: -47.07,
      roi: 61, // 60.775
      breakEvenDays: 601, // 600.58
    });
    expect(formatUsd(112.2)).toBe("$112.20");
  });

  it("rounds each money figure to the nearest cent, halves up", () => {
    // 600.60 x 0.17 = 102.102 -> 102.10; 102.10 x 0.65 = 66.365 -> 66.37 (half up, not 66.36)
    const r = calculateSavings(50.05);
    expect(r.annualSpending).toBe(600.6);
    expect(r.tariffImpact).toBe(102.1);
    expect(r.potentialSavings).toBe(66.37);
    expect(r.netSavings).toBe(-53.63);
  });

  it("takes the input to the nearest cent", () => {
    expect(calculateSavings(50.004)).toEqual(calculateSavings(50));
    expect(calculateSavings(499.995)).toEqual(calculateSavings(500));
  });

  it("rounds ROI half up to a whole percent", () => {
    // 663 / 120 = 552.5% -> 553 (the decided figure); reading ROI from net savings would give 452.5%
    expect(calculateSavings(500).roi).toBe(553);
    expect(Number.isInteger(calculateSavings(123.45).roi)).toBe(true);
  });

  it("rounds break-even days up, but leaves an exact whole day alone", () => {
    expect(calculateSavings(500).breakEvenDays).toBe(67); // 66.06 -> 67
    // $330.32 a month: potential savings 438.00 exactly, 120 / 438 x 365 = 100 days exactly
    const exact = calculateSavings(330.32);
    expect(exact.potentialSavings).toBe(438);
    expect(exact.breakEvenDays).toBe(100);
    // big budgets break even within the first day (the ceiling is $250,000 a month: docs/experience.md "/calculator")
    expect(calculateSavings(250_000).breakEvenDays).toBe(1);
    expect(formatDays(1)).toBe("1 day");
  });

  it("scales to large budgets with grouping in the text", () => {
    const r = calculateSavings(25_000);
    expect(formatUsd(r.annualSpending)).toBe("$300,000");
    expect(formatUsd(r.tariffImpact)).toBe("$51,000");
    expect(formatUsd(r.potentialSavings)).toBe("$33,150");
    expect(formatPercent(r.roi)).toBe("27,625%");
    expect(() => calculateSavings(MAX_MONTHLY_SPENDING)).not.toThrow();
  });

  it("accepts another plan price through the options", () => {
    const r = calculateSavings(500, { monthlyPriceCents: PLANS.professional.amountCents });
    expect(r.potentialSavings).toBe(663);
    expect(r.netSavings).toBe(663 - 420);
    expect(r.roi).toBe(158); // 157.86
    expect(r.breakEvenDays).toBe(232); // 231.22
    expect(() => calculateSavings(500, { monthlyPriceCents: 0 })).toThrow(RangeError);
  });

  it.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["a negative amount", -500],
    ["zero", 0],
    ["$49", 49],
    ["$49.99", 49.99],
    ["more than the ceiling", MAX_MONTHLY_SPENDING + 1],
  ])("refuses %s with a RangeError (the form never sends it)", (_label, value) => {
    expect(isValidMonthlySpending(value)).toBe(false);
    expect(() => calculateSavings(value)).toThrow(RangeError);
  });

  it("agrees with the form's enablement rule at the boundary", () => {
    expect(isValidMonthlySpending(49.99)).toBe(false);
    expect(isValidMonthlySpending(50)).toBe(true);
    expect(isValidMonthlySpending(500)).toBe(true);
  });
});
