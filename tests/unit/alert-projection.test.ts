import { projectPriceChange, rampShare, type ProjectionInput } from "@/lib/tariffs/price-change";
import { PASS_THROUGH } from "@/lib/tariffs/pass-through";
import { EVENTS, LEATHER_ORIGINS, LINES, MEASURES, RETAIL_MARGIN } from "./fixtures/tariff-law";

/** Research note B4's event: Section 122 expires after 2026-07-23; forced-labor 301 starts 2026-07-24. */
const base: Omit<ProjectionInput, "line" | "origins" | "originBasis" | "retailMargin" | "priceCents"> = {
  domesticShare: 0,
  t0: "2026-07-23",
  t1: "2026-07-24",
  effectiveDate: "2026-07-24",
  horizonEnd: "2027-02-24",
  measures: MEASURES,
  events: EVENTS,
  params: PASS_THROUGH,
};

const shoesSector = () =>
  projectPriceChange({
    ...base,
    line: LINES.mensLeatherShoes,
    origins: LEATHER_ORIGINS.map((o) => ({ country: o.country, weight: o.share, year: o.year, sourceId: o.sourceId })),
    originBasis: "sector",
    retailMargin: RETAIL_MARGIN.shoes,
    priceCents: 12_000,
    sources: { htsSourceId: "hts-2026-rev-10", retailMarginSourceId: "bea-pce-bridge", pceLine: "Shoes and other footwear" },
  });

describe("the pass-through parameters", () => {
  it("are the research note's band", () => {
    expect(PASS_THROUGH).toEqual({
      lowFactor: 0.5,
      domesticSpillover: { low: 0, central: 0.5, high: 1 },
      rampMonths: 7,
      sourceIds: [
        "fed-feds-note-2026-04-08",
        "paper-cavallo-llamas-vazquez-2025",
        "paper-flaaen-hortacsu-tintelnot-2020",
        "paper-cavallo-gopinath-neiman-tang-2021",
        "bea-pce-bridge",
      ],
    });
  });
});

describe("projectPriceChange: research note B4 worked examples", () => {
  it("men's leather shoes 6403.99.60, sector origins: +1.44% landed, shelf +0.26% / +0.51% / +1.44%, $0.31 / $0.61 / $1.72 on $120", () => {
    const p = shoesSector();
    const by = Object.fromEntries(p.perOrigin.map((o) => [o.country, o]));
    expect(by.CN?.before.total).toBeCloseTo(0.26, 10);
    expect(by.CN?.after.total).toBeCloseTo(0.285, 10);
    expect(by.CN?.landedChangePct).toBeCloseTo(1.98, 2);
    expect(by.VN?.before.total).toBeCloseTo(0.185, 10);
    expect(by.VN?.after.total).toBeCloseTo(0.21, 10);
    expect(by.VN?.landedChangePct).toBeCloseTo(2.11, 2);
    for (const c of ["IT", "ID", "KH"]) {
      expect(by[c]?.before.total).toBeCloseTo(0.185, 10);
      expect(by[c]?.after.total).toBeCloseTo(0.185, 10);
      expect(by[c]?.landedChangePct).toBeCloseTo(0, 10);
    }
    expect(p.landedChangePct).toBeCloseTo(1.44, 2);
    expect(p.band?.low).toBeCloseTo(0.26, 2);
    expect(p.band?.central).toBeCloseTo(0.51, 2);
    expect(p.band?.high).toBeCloseTo(1.44, 2);
    expect((p.dollars?.low ?? 0) / 100).toBeCloseTo(0.31, 2);
    expect((p.dollars?.central ?? 0) / 100).toBeCloseTo(0.61, 2);
    expect((p.dollars?.high ?? 0) / 100).toBeCloseTo(1.72, 2);
    // The forced-labor tiers are unconfirmed (proposal tiers): the projection says so.
    expect(p.unconfirmed).toBe(true);
    expect(p.unknowns).toEqual([]);
  });

  it("a declared 'Made in Vietnam' pair: d = 0, low +0.37%, central +0.75% ($0.90), high +2.11%", () => {
    const p = projectPriceChange({
      ...base,
      domesticShare: 0.117, // ignored: a declared origin is imported
      line: LINES.mensLeatherShoes,
      origins: [{ country: "VN", weight: 1 }],
      originBasis: "declared",
      retailMargin: RETAIL_MARGIN.shoes,
      priceCents: 12_000,
    });
    expect(p.landedChangePct).toBeCloseTo(2.11, 2);
    expect(p.band?.low).toBeCloseTo(0.37, 2);
    expect(p.band?.central).toBeCloseTo(0.75, 2);
    expect(p.band?.high).toBeCloseTo(2.11, 2);
    expect((p.dollars?.central ?? 0) / 100).toBeCloseTo(0.9, 2);
    expect((p.dollars?.low ?? 0) / 100).toBeCloseTo(0.45, 2);
    expect((p.dollars?.high ?? 0) / 100).toBeCloseTo(2.53, 2);
  });

  it("coffee maker 8516.71.00 from China: 21.2% → 23.7%, +0.56% / +1.11% / +2.06%, $0.44 / $0.89 / $1.65 on $80", () => {
    const p = projectPriceChange({
      ...base,
      line: LINES.coffeeMaker,
      origins: [{ country: "CN", weight: 1 }],
      originBasis: "declared",
      retailMargin: RETAIL_MARGIN.smallAppliances,
      priceCents: 8_000,
    });
    expect(p.perOrigin[0]?.before.total).toBeCloseTo(0.212, 10);
    expect(p.perOrigin[0]?.after.total).toBeCloseTo(0.237, 10);
    expect(p.landedChangePct).toBeCloseTo(2.06, 2);
    expect(p.band?.low).toBeCloseTo(0.56, 2);
    expect(p.band?.central).toBeCloseTo(1.11, 2);
    expect(p.band?.high).toBeCloseTo(2.06, 2);
    expect(p.dollars).toEqual({ low: 44, central: 89, high: 165 });
  });

  it("coffee maker against 2025-01-01: landed cost +11.2% if the forced-labor tier is confirmed", () => {
    const p = projectPriceChange({
      ...base,
      t0: "2025-01-01",
      line: LINES.coffeeMaker,
      origins: [{ country: "CN", weight: 1 }],
      originBasis: "declared",
      retailMargin: RETAIL_MARGIN.smallAppliances,
      priceCents: null,
    });
    expect(p.perOrigin[0]?.before.total).toBeCloseTo(0.112, 10);
    expect(p.landedChangePct).toBeCloseTo(11.2, 1);
    expect(p.dollars).toBeNull();
  });

  it("upholstered wooden sofa 9401.61.40 (Section 232): no change from the July event", () => {
    for (const country of ["CN", "VN", "IT"]) {
      const p = projectPriceChange({
        ...base,
        line: LINES.sofa,
        origins: [{ country, weight: 1 }],
        originBasis: "declared",
        retailMargin: 0.5,
        priceCents: 150_000,
      });
      expect(p.landedChangePct).toBeCloseTo(0, 10);
      expect(p.band).toEqual({ low: 0, central: 0, high: 0 });
      expect(p.dollars).toEqual({ low: 0, central: 0, high: 0 });
    }
  });

  it("the sofa's 25% since 2025-10-14 is treated as already in a price seen more than 7 months later", () => {
    const p = projectPriceChange({
      ...base,
      t0: "2025-10-13",
      t1: "2026-07-24",
      effectiveDate: "2025-10-14",
      priceObservedAt: "2026-07-23",
      line: LINES.sofa,
      origins: [{ country: "VN", weight: 1 }],
      originBasis: "declared",
      retailMargin: 0.5,
      priceCents: 150_000,
    });
    // On 2025-10-13 Vietnam paid the 20% IEEPA reciprocal rate, which the 232 duty displaced.
    expect(p.perOrigin[0]?.before.total).toBeCloseTo(0.2, 10);
    expect(p.perOrigin[0]?.after.total).toBeCloseTo(0.25, 10);
    expect(p.landedChangePct).toBeCloseTo((1.25 / 1.2 - 1) * 100, 10);
    expect(p.band?.high).toBeCloseTo(0, 10);
    expect(p.byHorizon?.high).toBeCloseTo(0, 10);
  });
});

describe("projectPriceChange: timing, unknowns and evidence", () => {
  it("ramps over 7 months: by the horizon only r(k) of the band is on the shelf", () => {
    expect(rampShare(-1, 7)).toBe(0);
    expect(rampShare(3.5, 7)).toBe(0.5);
    expect(rampShare(9, 7)).toBe(1);
    const p = projectPriceChange({
      ...base,
      horizonEnd: "2026-10-24",
      line: LINES.coffeeMaker,
      origins: [{ country: "CN", weight: 1 }],
      originBasis: "declared",
      retailMargin: RETAIL_MARGIN.smallAppliances,
      priceCents: null,
    });
    const share = (92 / (365.25 / 12)) / 7; // 2026-07-24 → 2026-10-24: 92 days
    expect(p.byHorizon?.central).toBeCloseTo((p.band?.central ?? 0) * share, 10);
    expect(p.ramp).toHaveLength(8);
    expect(p.ramp[7]).toEqual({ month: 7, share: 1 });
    expect(p.ramp[1]?.share).toBeCloseTo(1 / 7, 10);
  });

  it("applies the domestic share with the spill-over band", () => {
    const p = projectPriceChange({
      ...base,
      domesticShare: 0.2,
      line: LINES.coffeeMaker,
      origins: [{ country: "CN", weight: 1 }],
      originBasis: "sector",
      retailMargin: 0.5,
      priceCents: null,
    });
    const dc = (1.237 / 1.212 - 1) * 100;
    expect(p.band?.low).toBeCloseTo(0.25 * 0.8 * dc, 10);
    expect(p.band?.central).toBeCloseTo(0.5 * (0.8 + 0.2 * 0.5) * dc, 10);
    expect(p.band?.high).toBeCloseTo(dc, 10);
  });

  it("leaves origins with an unknown duty out of the weights, and gives no band when none is known", () => {
    const mixed = projectPriceChange({
      ...base,
      line: LINES.mensLeatherShoes,
      origins: [
        { country: "VN", weight: 0.5 },
        { country: "RU", weight: 0.5 },
      ],
      originBasis: "sector",
      retailMargin: RETAIL_MARGIN.shoes,
      priceCents: null,
    });
    expect(mixed.landedChangePct).toBeCloseTo((1.21 / 1.185 - 1) * 100, 10);
    expect(mixed.unknowns.join(" ")).toContain("RU: duty unknown");

    const none = projectPriceChange({
      ...base,
      line: LINES.compoundFootwear,
      origins: [{ country: "CN", weight: 1 }],
      originBasis: "declared",
      retailMargin: RETAIL_MARGIN.shoes,
      priceCents: 5_000,
    });
    expect(none.band).toBeNull();
    expect(none.byHorizon).toBeNull();
    expect(none.dollars).toBeNull();
    expect(none.landedChangePct).toBeNull();
    expect(none.unknowns.length).toBeGreaterThan(0);

    const noOrigin = projectPriceChange({
      ...base,
      line: LINES.mensLeatherShoes,
      origins: [],
      originBasis: "none",
      retailMargin: RETAIL_MARGIN.shoes,
      priceCents: null,
    });
    expect(noOrigin.band).toBeNull();
    expect(noOrigin.unknowns[0]).toContain("Origin mix unknown");
  });

  it("says so when the domestic share or the effective date is unknown", () => {
    const p = projectPriceChange({
      ...base,
      domesticShare: null,
      effectiveDate: null,
      line: LINES.coffeeMaker,
      origins: [{ country: "CN", weight: 1 }],
      originBasis: "sector",
      retailMargin: RETAIL_MARGIN.smallAppliances,
      priceCents: null,
    });
    expect(p.band?.central).toBeCloseTo(1.11, 2);
    expect(p.byHorizon).toBeNull();
    expect(p.unknowns.join(" ")).toContain("Domestic share of US consumption unknown");
    expect(p.unknowns.join(" ")).toContain("Effective date unknown");
  });

  it("traces every figure the band rests on, with numbers and sources", () => {
    const p = shoesSector();
    const node = (id: string) => {
      const found = p.evidence.find((n) => n.id === id);
      if (!found) throw new Error(`no evidence node ${id}`);
      return found;
    };
    expect(node("duty:CN:t0").formula).toBe("8.5% MFN + 7.5% (China 301 List 4A) + 10% (Section 122) = 26.0%");
    expect(node("duty:CN:t1").formula).toBe("8.5% MFN + 7.5% (China 301 List 4A) + 12.5% (Section 301 forced labor) = 28.5%");
    expect(node("duty:CN:t1").sourceIds).toEqual(["hts-2026-rev-10", "ustr-301-china-list4", "fr-2026-11296"]);
    expect(node("duty:CN:t1").unconfirmed).toBe(true);
    expect(node("duty:VN:t0").sourceIds).toEqual(["hts-2026-rev-10", "fr-2026-03824"]);
    // The duties at full precision, the change at three decimals: the shown working adds up.
    expect(node("landed:VN").formula).toBe("(1 + 21%) / (1 + 18.5%) − 1 = +2.110%");
    expect(node("weight:CN").label).toContain("2024");
    expect(node("weight:CN").label).toContain("sector level");
    expect(node("weight:CN").sourceIds).toEqual(["gtap-imports-2024"]);
    expect(node("landed").value).toBe("+1.44%");
    expect(node("landed").inputs).toEqual(expect.arrayContaining(["weight:CN", "landed:CN", "weight:KH", "landed:KH"]));
    expect(node("m").value).toBe("0.355");
    expect(node("m").label).toContain("Shoes and other footwear");
    expect(node("m").sourceIds).toEqual(["bea-pce-bridge"]);
    expect(node("theta").value).toBe("0.1775 / 0.355 / 1");
    expect(node("theta").sourceIds).toEqual(
      expect.arrayContaining(["fed-feds-note-2026-04-08", "paper-cavallo-llamas-vazquez-2025", "paper-flaaen-hortacsu-tintelnot-2020"]),
    );
    expect(node("spillover").sourceIds.length).toBeGreaterThan(0);
    expect(node("ramp").sourceIds).toContain("fed-feds-note-2026-04-08");
    expect(node("band").value).toBe("+0.26% / +0.51% / +1.44%");
    expect(node("band").inputs).toEqual(["landed", "d", "m", "theta", "spillover", "ramp"]);
    expect(node("dollars").value).toBe("+$0.31 / +$0.61 / +$1.72");
    // Every input named by a node exists.
    const idsPresent = new Set(p.evidence.map((n) => n.id));
    for (const n of p.evidence) for (const input of n.inputs) expect(idsPresent.has(input)).toBe(true);
  });
});
