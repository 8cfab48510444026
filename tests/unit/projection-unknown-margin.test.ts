import { projectPriceChange } from "@/lib/tariffs/price-change";
import { marginScope } from "@/lib/tariffs/hts-schedule";
import { PASS_THROUGH } from "@/lib/tariffs/pass-through";
import { EVENTS, LINES, MEASURES, RETAIL_MARGIN } from "./fixtures/tariff-law";

// A line outside the curated categories takes m from its HS group (docs/tariffs.md, "Every
// product"): the PCE line of the whole chapter or heading, said so; or none, and then the
// duty change is shown without a shelf-price band.
const input = (retailMargin: number | null, marginScopeText: string | null) =>
  projectPriceChange({
    line: LINES.mensLeatherShoes,
    origins: [{ country: "VN", weight: 1 }],
    originBasis: "declared",
    domesticShare: 0,
    retailMargin,
    t0: "2026-07-23",
    t1: "2026-07-24",
    effectiveDate: "2026-07-24",
    horizonEnd: "2027-02-24",
    priceCents: 12_000,
    measures: MEASURES,
    events: EVENTS,
    params: PASS_THROUGH,
    sources: { retailMarginSourceId: retailMargin === null ? null : "bea-pce-bridge", pceLine: retailMargin === null ? null : "112 Shoes and other footwear", marginScope: marginScopeText },
  });

describe("projectPriceChange with an HS group's retail margin", () => {
  it("shows the duty and landed-cost change but no shelf band or dollars when m is unknown, and says why", () => {
    const p = input(null, "HS chapter 85 as a whole");
    expect(p.perOrigin[0]?.before.total).toBeCloseTo(0.185, 10);
    expect(p.perOrigin[0]?.after.total).toBeCloseTo(0.21, 10);
    expect(p.landedChangePct).toBeCloseTo(2.11, 2);
    expect(p.band).toBeNull();
    expect(p.byHorizon).toBeNull();
    expect(p.dollars).toBeNull();
    expect(p.unknowns.join(" ")).toMatch(/share of the shelf price \(m\) is unknown: no BEA PCE line/);
    expect(p.evidence.find((n) => n.id === "m")?.value).toBe("unknown (no PCE line)");
  });

  it("names the HS scope of a group's margin beside m, and computes the band as for a curated category", () => {
    const scope = marginScope({ kind: "hs_chapter", htsPrefixes: ["64"] });
    const p = input(RETAIL_MARGIN.shoes, scope);
    expect(p.band?.central).toBeCloseTo(0.355 * 2.11, 1);
    expect(p.evidence.find((n) => n.id === "m")?.label).toBe("The product's share of the shelf price (m), consumer spending line \"112 Shoes and other footwear\", for HS chapter 64 as a whole, not this product");
    const curated = input(RETAIL_MARGIN.shoes, null);
    expect(curated.band).toEqual(p.band);
    expect(curated.evidence.find((n) => n.id === "m")?.label).toBe("The product's share of the shelf price (m), consumer spending line \"112 Shoes and other footwear\"");
  });
});
