import { findAlternatives } from "@/lib/tariffs/alternatives";
import { EVENTS, LEATHER_ORIGINS, LEATHER_ORIGINS_MORE, LINES, MEASURES } from "./fixtures/tariff-law";

const shares = [...LEATHER_ORIGINS, ...LEATHER_ORIGINS_MORE];
const run = (userOrigin: string | null, date = "2026-07-24", extra: Partial<Parameters<typeof findAlternatives>[0]> = {}) =>
  findAlternatives({
    line: LINES.mensLeatherShoes,
    userOrigin,
    date,
    originShares: shares,
    measures: MEASURES,
    events: EVENTS,
    domesticShare: 0.117,
    ...extra,
  });

describe("findAlternatives (research note B5)", () => {
  it("Made in Vietnam (21.0%) on 2026-07-24: Italy, Indonesia, Cambodia, France, Mexico at 18.5%, ranked by gap then share", () => {
    const r = run("VN");
    expect(r.basis).toBe("sector");
    expect(r.year).toBe(2024);
    expect(r.userDuty?.total).toBeCloseTo(0.21, 10);
    expect(r.alternatives.map((a) => a.country)).toEqual(["IT", "ID", "KH", "FR", "MX"]);
    for (const a of r.alternatives) {
      expect(a.gapPp).toBeCloseTo(2.5, 10);
      expect(a.duty.total).toBeCloseTo(0.185, 10);
    }
    // India (21.0%, the same tier) is no lower; China (28.5%) is higher; Spain has under 2% of US imports.
    expect(r.alternatives.map((a) => a.country)).not.toEqual(expect.arrayContaining(["IN", "CN", "ES"]));
    expect(r.message).toContain("Lower tariff exposure than VN (21.0%)");
    expect(r.message).toContain("IT 18.5% (8.9% of US imports, 2024");
    expect(r.message).toContain("sector level");
    expect(r.message).not.toMatch(/cheaper/i);
  });

  it("flags conditional rates: the forced-labor tiers are unconfirmed", () => {
    const italy = run("VN").alternatives.find((a) => a.country === "IT");
    expect(italy?.conditional.join(" ")).toContain("Unconfirmed: Section 301 forced labor");
  });

  it("flags USMCA qualification where a measure exempts Mexico (Section 122, 2026-03-01)", () => {
    const r = run("CN", "2026-03-01");
    const mexico = r.alternatives.find((a) => a.country === "MX");
    expect(mexico?.duty.total).toBeCloseTo(0.085, 10);
    expect(r.alternatives[0]?.country).toBe("MX");
    expect(mexico?.conditional.join(" ")).toContain("Only if USMCA-qualifying: Section 122");
  });

  it("flags a proposed measure that would reach the alternative", () => {
    const r = run("CN", "2026-06-30");
    const vietnam = r.alternatives.find((a) => a.country === "VN");
    expect(vietnam?.conditional.join(" ")).toContain("Section 301 forced labor is proposed (next: effective on 2026-07-24)");
  });

  it("says there is no lower-tariff source with real US supply when none beats the origin by 2 pp", () => {
    const r = run("IT");
    expect(r.alternatives).toEqual([]);
    expect(r.message).toContain("No lower-tariff source with real US supply");
    expect(r.message).toContain("sector level");
  });

  it("compares with the import-weighted average when the origin is unknown", () => {
    const r = run(null);
    const known = shares;
    const dutyOf: Record<string, number> = { CN: 0.285, VN: 0.21, IN: 0.21, IT: 0.185, ID: 0.185, KH: 0.185, FR: 0.185, MX: 0.185, ES: 0.185 };
    const avg = known.reduce((s, o) => s + o.share * (dutyOf[o.country] ?? 0), 0) / known.reduce((s, o) => s + o.share, 0);
    expect(r.userDuty).toBeNull();
    expect(r.message).toContain(`the import-weighted average of ${(avg * 100).toFixed(1)}%`);
    expect(r.alternatives.map((a) => a.country)).toEqual(["IT", "ID", "KH", "FR", "MX"]);
    expect(r.alternatives[0]?.gapPp).toBeCloseTo((avg - 0.185) * 100, 10);
  });

  it("respects minShare and minGapPp", () => {
    expect(run("VN", "2026-07-24", { minGapPp: 3 }).alternatives).toEqual([]);
    expect(run("VN", "2026-07-24", { minShare: 0.05 }).alternatives.map((a) => a.country)).toEqual(["IT", "ID", "KH"]);
    expect(run("VN", "2026-07-24", { minShare: 0.01 }).alternatives.map((a) => a.country)).toContain("ES");
  });

  it("describes the domestic share and warns that domestic prices rise too", () => {
    const r = run("VN");
    expect(r.domestic.share).toBe(0.117);
    expect(r.domestic.note).toContain("About 12% of US consumption");
    expect(r.domestic.note).toContain("Domestic prices also tend to rise");
    expect(run("VN", "2026-07-24", { domesticShare: null }).domestic.note).toContain("unknown");
  });

  it("cannot compare when the user's duty is unknown, and says so", () => {
    const r = findAlternatives({
      line: LINES.compoundFootwear,
      userOrigin: "CN",
      date: "2026-07-24",
      originShares: shares,
      measures: MEASURES,
      events: EVENTS,
      domesticShare: null,
    });
    expect(r.alternatives).toEqual([]);
    expect(r.message).toContain("cannot compare");
  });
});
