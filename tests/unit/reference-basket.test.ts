/**
 * The landing page's examples come out of the real engine on the committed tables
 * (lib/alerts/reference-basket.ts), each with its inputs and sources; the men's shoe
 * example reproduces research note B4's "Made in Vietnam" figures on its $120 example price.
 */
import {
  computeReferenceExamples,
  computeReferenceExamplesFrom,
  missingSourceIds,
  REFERENCE_BASELINE,
  REFERENCE_BASKET,
  REFERENCE_EVENT,
  referenceProductName,
  tablesDataAsOf,
} from "@/lib/alerts/reference-basket";
import { projectPriceChange } from "@/lib/tariffs/price-change";
import { PASS_THROUGH } from "@/lib/tariffs/pass-through";
import { tablesMeta, tariffTables } from "@/lib/tariffs/tables";
import { referenceAlertRows, RETIRED_SAMPLE_ALERT_NAMES, SEED_STEPS } from "@/lib/seed/demo-content";

const data = computeReferenceExamples("2026-11-24");
const byId = (id: string) => {
  const ex = data.examples.find((e) => e.item.id === id);
  if (!ex) throw new Error(`no example ${id}`);
  return ex;
};

describe("reference basket", () => {
  it("computes every basket item: each is a real line of the committed HTS lines", () => {
    expect(data.omitted).toEqual([]);
    expect(data.examples.map((e) => e.item.id)).toEqual(REFERENCE_BASKET.map((i) => i.id));
    for (const ex of data.examples) {
      const line = tariffTables.htsLines.find((l) => l.code === ex.item.hts);
      expect(line).toBeDefined();
      expect(ex.line.code).toBe(ex.item.hts);
      expect(ex.line.generalRateText).toBe(line?.generalRateText);
      expect(ex.category.id).toBe(line?.categoryId);
    }
  });

  it("uses the fixed, stated window", () => {
    expect(REFERENCE_EVENT).toMatchObject({ t0: "2026-07-23", t1: "2026-07-24" });
    expect(REFERENCE_BASELINE).toBe("2025-01-01");
    for (const ex of data.examples) {
      expect(ex.event.before.date).toBe("2026-07-23");
      expect(ex.event.after.date).toBe("2026-07-24");
      expect(ex.sinceBaseline.before.date).toBe("2025-01-01");
      expect(ex.sinceBaseline.after.date).toBe("2026-07-24");
    }
  });

  it("every figure comes from the engine: the same call to projectPriceChange gives the same numbers", () => {
    for (const ex of data.examples) {
      const line = tariffTables.htsLines.find((l) => l.code === ex.item.hts);
      const category = tariffTables.categories.find((c) => c.id === line?.categoryId);
      if (!line || !category) throw new Error("missing line");
      const direct = projectPriceChange({
        line,
        origins: [{ country: ex.item.origin, weight: 1 }],
        originBasis: "declared",
        domesticShare: null,
        retailMargin: category.retailMargin,
        t0: REFERENCE_EVENT.t0,
        t1: REFERENCE_EVENT.t1,
        effectiveDate: REFERENCE_EVENT.t1,
        horizonEnd: "2026-11-24",
        priceCents: ex.item.examplePriceCents,
        measures: tariffTables.measures,
        events: tariffTables.events,
        params: PASS_THROUGH,
      });
      expect(ex.event.landedChangePct).toBe(direct.landedChangePct);
      expect(ex.event.band).toEqual(direct.band);
      expect(ex.event.dollars).toEqual(direct.dollars);
    }
  });

  it("cites a source for every figure, all of them in sources.json", () => {
    for (const ex of data.examples) {
      expect(missingSourceIds(ex, tariffTables)).toEqual([]);
      const ids = ex.sources.map((s) => s.id);
      expect(ids).toContain("hts-2026-rev-10");
      expect(ids).toContain("bea-pce-bridge");
      for (const id of PASS_THROUGH.sourceIds) expect(ids).toContain(id);
      // Every applied measure's legal source is listed.
      for (const part of [...ex.event.before.parts, ...ex.event.after.parts]) expect(ids).toContain(part.sourceId);
      for (const s of ex.sources) expect(s.url).toMatch(/^https:\/\//);
      // The working names each figure with its formula.
      expect(ex.evidence.find((n) => n.id === "band")?.formula).toMatch(/θ ×/);
    }
  });

  it("men's leather shoes made in Vietnam: research B4's figures on the $120 example price", () => {
    const shoes = byId("mens-leather-shoes-vn");
    expect(shoes.item).toMatchObject({ hts: "6403.99.60", origin: "VN", examplePriceCents: 12_000 });
    expect(shoes.event.before.total).toBeCloseTo(0.185, 6); // 8.5% MFN + 10% Section 122
    expect(shoes.event.after.total).toBeCloseTo(0.21, 6); // 8.5% MFN + 12.5% forced-labor 301
    expect(shoes.event.beforeFormula).toMatch(/^8\.5% MFN \+ 10% \(Section 122.*= 18\.5%$/);
    expect(shoes.event.afterFormula).toMatch(/^8\.5% MFN \+ 12\.5% \(Section 301 forced-labor.*= 21\.0%$/);
    expect(shoes.event.landedChangePct).toBeCloseTo(2.11, 2);
    expect(shoes.category.retailMargin).toBe(0.355);
    // B9: low +0.37% | central +0.75% | high +2.1% → on $120: +$0.45 / +$0.90 / +$2.53
    expect(shoes.event.band?.low).toBeCloseTo(0.37, 2);
    expect(shoes.event.band?.central).toBeCloseTo(0.75, 2);
    expect(shoes.event.band?.high).toBeCloseTo(2.11, 2);
    expect(shoes.event.dollars).toEqual({ low: 45, central: 90, high: 253 });
    // The forced-labor tiers are confirmed from the final action (FR 2026-15181); the example stays Info.
    expect(shoes.unconfirmed).toBe(false);
    expect(shoes.event.severity).toBe("info");
    // Against 2025-01-01: 8.5% → 21.0%.
    expect(shoes.sinceBaseline.before.total).toBeCloseTo(0.085, 6);
    expect(shoes.sinceBaseline.landedChangePct).toBeCloseTo(11.52, 2);
  });

  it("coffee maker made in China: B4's +2.06% landed cost and +11.2% against 2025-01-01", () => {
    const coffee = byId("coffee-maker-cn");
    expect(coffee.event.landedChangePct).toBeCloseTo(2.06, 2);
    expect(coffee.event.dollars?.central).toBe(89);
    expect(coffee.sinceBaseline.landedChangePct).toBeCloseTo(11.2, 1);
  });

  it("a Section 232 good does not move in the window: the engine says why", () => {
    const sofa = byId("upholstered-sofa-vn");
    expect(sofa.event.landedChangePct).toBe(0);
    expect(sofa.event.after.parts.map((p) => p.authority)).toEqual(["S232"]);
    expect(sofa.event.after.notes.join(" ")).toMatch(/covered by Section 232/);
  });

  it("is pure: the same tables and day give the same answer; the window does not follow the clock", () => {
    const again = computeReferenceExamplesFrom({ ...tariffTables, htsSourceId: "hts-2026-rev-10" }, "2026-11-24");
    expect(again.examples.map((e) => e.event.band)).toEqual(data.examples.map((e) => e.event.band));
    const later = computeReferenceExamples("2027-06-01");
    expect(later.examples.map((e) => e.event.band)).toEqual(data.examples.map((e) => e.event.band));
  });

  it("reports the data versions of the tables", () => {
    expect(tablesDataAsOf()).toMatchObject({
      htsRelease: tablesMeta.htsRelease,
      htsReleaseLabel: "2026 Rev 10",
      htsDate: "2026-06-08",
      measuresVersion: tablesMeta.measuresVersion,
      measures: tariffTables.measures.length,
      categories: tariffTables.categories.filter((c) => c.kind === "curated").length,
      htsLines: tariffTables.htsLines.length,
    });
    // The shopper categories, not the HS groups; every line of chapters 1-97.
    expect(tablesDataAsOf().categories).toBe(44);
    expect(tablesDataAsOf().htsLines).toBe(23_065);
  });
});

describe("seed step reference-examples-v1", () => {
  it("replaces the invented sample alerts with the engine's examples", () => {
    expect(SEED_STEPS).toContain("reference-examples-v1");
    expect(SEED_STEPS).not.toContain("sample-product-alerts-v1");
    const rows = referenceAlertRows();
    expect(rows).toHaveLength(REFERENCE_BASKET.length);
    for (const name of RETIRED_SAMPLE_ALERT_NAMES) expect(rows.map((r) => r.productName)).not.toContain(name);
    const shoes = rows.find((r) => r.productName.startsWith("Men's leather shoes"));
    expect(shoes).toEqual({
      productName: "Men's leather shoes, made in Vietnam (HTS 6403.99.60): reference example",
      category: "Footwear",
      currentPrice: "120.00",
      newPrice: "120.90",
      tariffIncrease: "0.75",
      alternativeFound: null,
      alternativePrice: null,
      severity: "info",
    });
    expect(referenceProductName(byId("mens-leather-shoes-vn"))).toBe(shoes?.productName);
  });
});
