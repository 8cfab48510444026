import type { SentenceFacts } from "@/lib/tariffs/projection-document";
import { projectionSentence } from "@/lib/tariffs/projection-sentence";

/** The one sentence a projection opens with (docs/tariffs.md, "Plain words first"). */
const facts = (over: Partial<SentenceFacts> = {}): SentenceFacts => ({
  status: "upcoming",
  band: { low: 0.374, central: 0.749, high: 2.11 },
  by: "2027-02-22",
  horizonEnd: "2027-01-20",
  firstChange: "2026-07-24",
  changeCount: 1,
  reason: null,
  ...over,
});

describe("projectionSentence", () => {
  it("speaks dollars on the watch's price, the month it is on the shelf, the range and the day it starts", () => {
    expect(projectionSentence(facts(), { item: "Men's leather shoes", priceCents: 12_000, dollarsPlan: null })).toBe(
      "About $0.90 more on your $120.00 Men's leather shoes by February 2027 (range $0.45 to $2.53), from the tariff change on July 24, 2026.",
    );
  });

  it("says percent with its plain reason: no price given, or a plan without dollar figures", () => {
    expect(projectionSentence(facts(), { item: "Footwear", priceCents: null, dollarsPlan: null })).toBe(
      "About 0.75% more on Footwear by February 2027 (range 0.37% to 2.11%), from the tariff change on July 24, 2026. In percent: give the price you paid for an item to see it in dollars.",
    );
    expect(projectionSentence(facts(), { item: "Sneakers", priceCents: 6000, dollarsPlan: "Consumer Plan" })).toMatch(
      /^About 0\.75% more on Sneakers .* In percent: dollar figures on your own price come with the Consumer Plan\.$/,
    );
  });

  it("says less for a fall, a change still reaching shelves, several changes, and a range across zero", () => {
    const relief = facts({ status: "ramping", band: { low: -0.5, central: -1, high: -2.8 }, changeCount: 2, firstChange: "2026-04-10" });
    expect(projectionSentence(relief, { item: "Sofa", priceCents: 90_000, dollarsPlan: null })).toBe(
      "About $9.00 less on your $900.00 Sofa by February 2027 (range $4.50 to $25.20), still reaching shelves from 2 tariff changes since April 10, 2026.",
    );
    const mixed = facts({ band: { low: -0.1, central: 0.2, high: 0.6 } });
    expect(projectionSentence(mixed, { item: "Kettle", priceCents: 5000, dollarsPlan: null })).toContain("(range −$0.05 to +$0.30)");
  });

  it("says so when nothing changes, and why when it cannot project", () => {
    expect(projectionSentence(facts({ status: "none", band: { low: 0, central: 0, high: 0 }, by: null, firstChange: null, changeCount: 0 }), { item: "Toys", priceCents: null, dollarsPlan: null })).toBe(
      "No tariff change touches Toys before January 20, 2027, the end of your horizon, so we expect no price change from tariffs.",
    );
    expect(projectionSentence(facts({ status: "unknown", band: null, reason: "Origin mix unknown: no origin-specific projection." }), { item: "Widgets", priceCents: 100, dollarsPlan: null })).toBe(
      "We cannot project a price change for Widgets: origin mix unknown: no origin-specific projection.",
    );
  });
});
