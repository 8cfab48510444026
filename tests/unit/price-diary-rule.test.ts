import { aboveTariff, diaryOrder, explainedCents, staysUp, type DiaryEntry, type DutyFall } from "@/lib/watchlist/price-diary-rule";
import { priceEntrySchema } from "@/lib/watchlist/price-diary-schema";

/** The diary rule at its edges (docs/alerts.md, "Price diary"), with fixed days. */
const entry = (id: string, paidOn: string, priceCents: number): DiaryEntry => ({ id, paidOn, priceCents, shop: null });
const base = entry("base", "2026-01-10", 10_000);
const band = { low: 1, central: 2, high: 3 };

describe("PRICE_ABOVE_TARIFF: the rise over the first price against the band's high end", () => {
  it("fires when the rise is more than 5 points and more than $1 above the band's high end", () => {
    // $100 -> $108.01: +8.01%, the high end +3%: 5.01 points and $5.01 above.
    const a = aboveTariff(base, entry("e", "2026-03-01", 10_801), band);
    expect(a).not.toBeNull();
    expect(a!.excessCents).toBe(501);
    expect(a!.excessPct).toBeCloseTo(5.01, 6);
  });

  it("does not fire at exactly 5 points above (the margin is exceeded, not met)", () => {
    expect(aboveTariff(base, entry("e", "2026-03-01", 10_800), band)).toBeNull();
  });

  it("needs both margins: 5 points on a cheap item is not $1", () => {
    const cheap = entry("b", "2026-01-10", 1_000); // $10.00
    // $10 -> $10.90: +9% (6 points above +3%) but only $0.60 above $10.30.
    expect(aboveTariff(cheap, entry("e", "2026-03-01", 1_090), band)).toBeNull();
    // $10 -> $11.31: 10.1 points and $1.01 above.
    expect(aboveTariff(cheap, entry("e", "2026-03-01", 1_131), band)).not.toBeNull();
  });

  it("is relative to the band: the same price is explained by a larger tariff", () => {
    expect(aboveTariff(base, entry("e", "2026-03-01", 11_500), { low: 8, central: 10, high: 12 })).toBeNull();
    expect(aboveTariff(base, entry("e", "2026-03-01", 11_500), { low: 0, central: 0, high: 0 })).not.toBeNull();
  });

  it("never fires for the base itself, an earlier day or an unknown band", () => {
    expect(aboveTariff(base, base, band)).toBeNull();
    expect(aboveTariff(base, entry("e", "2026-01-01", 20_000), band)).toBeNull();
    expect(aboveTariff(base, entry("e", "2026-03-01", 20_000), null)).toBeNull();
  });

  it("prices the band from the base: $100 with +1% to +3% is $101 to $103", () => {
    expect(explainedCents(10_000, band)).toEqual({ low: 10_100, high: 10_300 });
  });
});

describe("PRICE_STAYS_UP: 60 days after a fall of the duty, the price has not come down", () => {
  const fall: DutyFall = { key: "m:expired", first: "2026-05-01", band: { low: -4, central: -3, high: -2 }, events: [{ measureName: "Test duty", type: "EXPIRED" }] };
  const diary = [base, entry("in-force", "2026-04-20", 10_500)];

  it("fires on the 60th day with a latest price equal to the in-force one", () => {
    const s = staysUp([...diary, entry("late", "2026-06-30", 10_500)], fall, "2026-06-30");
    expect(s?.inForce.id).toBe("in-force");
    expect(s?.latest.id).toBe("late");
  });

  it("waits for the 60 days: a price on day 59 does not count", () => {
    expect(staysUp([...diary, entry("late", "2026-06-29", 10_500)], fall, "2026-06-29")).toBeNull();
    expect(staysUp([...diary, entry("late", "2026-06-29", 10_500)], fall, "2026-09-01")).toBeNull();
  });

  it("does not fire when the price came down, even by a cent", () => {
    expect(staysUp([...diary, entry("late", "2026-07-15", 10_499)], fall, "2026-07-15")).toBeNull();
  });

  it("needs a price paid while the measure applied", () => {
    expect(staysUp([entry("after", "2026-05-02", 10_000), entry("late", "2026-07-15", 12_000)], fall, "2026-07-15")).toBeNull();
  });

  it("reads the engine's low and high as cases: a fall's high is the larger fall", () => {
    const engineOrder = { ...fall, band: { low: -1.38, central: -4, high: -7.78 } };
    expect(staysUp([...diary, entry("late", "2026-07-15", 10_500)], engineOrder, "2026-07-15")).not.toBeNull();
    // A net fall explains no rise: the top of the band is −1.38%.
    expect(explainedCents(10_000, engineOrder.band)).toEqual({ low: 9_222, high: 9_862 });
    expect(aboveTariff(base, entry("e", "2026-03-01", 10_400), engineOrder.band)).not.toBeNull();
  });

  it("is not about rises: a change whose band reaches zero or above is no fall", () => {
    const rise = { ...fall, band: { low: -1, central: 0.5, high: 1 } };
    expect(staysUp([...diary, entry("late", "2026-07-15", 10_500)], rise, "2026-07-15")).toBeNull();
  });
});

describe("the diary's order and input", () => {
  it("orders by day, then as recorded", () => {
    const ordered = diaryOrder([entry("b", "2026-02-01", 1), entry("a", "2026-01-01", 1), entry("c", "2026-02-01", 1)]);
    expect(ordered.map((e) => e.id)).toEqual(["a", "b", "c"]);
  });

  it("accepts a real day from 2000, a price below $1,000,000 with cents, a one-line shop of 80 characters", () => {
    expect(priceEntrySchema.safeParse({ paidOn: "2000-01-01", price: 999_999.99, shop: "x".repeat(80) }).success).toBe(true);
    expect(priceEntrySchema.safeParse({ paidOn: "2026-02-28", price: 0.01 }).success).toBe(true);
  });

  it.each([
    [{ paidOn: "1999-12-31", price: 10 }, "paidOn"],
    [{ paidOn: "2026-02-30", price: 10 }, "paidOn"],
    [{ paidOn: "2026-13-45", price: 10 }, "paidOn"],
    [{ paidOn: "28/11/2026", price: 10 }, "paidOn"],
    [{ paidOn: "2026-01-01", price: 0 }, "price"],
    [{ paidOn: "2026-01-01", price: -5 }, "price"],
    [{ paidOn: "2026-01-01", price: 1_000_000 }, "price"],
    [{ paidOn: "2026-01-01", price: 10.005 }, "price"],
    [{ paidOn: "2026-01-01", price: "10" }, "price"],
    [{ paidOn: "2026-01-01", price: 10, shop: "x".repeat(81) }, "shop"],
    [{ paidOn: "2026-01-01", price: 10, shop: "Main St\nShop" }, "shop"],
  ])("refuses %j (%s)", (body, field) => {
    const r = priceEntrySchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path[0]).toBe(field);
  });
});
