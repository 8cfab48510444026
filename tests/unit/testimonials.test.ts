import { EBOOK_READER_STORIES, FREE_TRIAL_STORY, ILLUSTRATIVE_LABEL, LANDING_STORIES, TESTIMONIALS } from "@/lib/testimonials";

/**
 * The sample stories describe only what the product does (docs/claims.md, "Testimonials"):
 * alerts with dates and sources, the lower-tariff countries of origin, the digest. The
 * alternatives engine names countries only (lib/alerts/alternatives.ts): never a product,
 * a refurbished model, a shop, a maker or a domestic producer.
 */
const text = (t: (typeof TESTIMONIALS)[number]) => [t.quote, ...t.details.map((d) => d.item)].join(" ");

describe("sample stories", () => {
  it.each(TESTIMONIALS.map((t) => [t.name, t] as const))("%s credits the product with nothing it does not do", (_name, t) => {
    const words = text(t);
    for (const claim of [
      /refurbish/i,
      /\bmill\b/i,
      /alternative (?:product )?finder/i,
      /\bfound (?:me |us )?(?:a|the)\b/i,
      /pointed (?:me|us) to/i,
      /cabinet maker|domestic (?:maker|supplier|mill|roaster)|local roaster/i,
      /\bUS seller\b|Texas producers|in Wisconsin/i,
      /cheaper (?:brand|product|alternative)/i,
    ]) {
      expect(words).not.toMatch(claim);
    }
  });

  it("names lower-tariff countries, never products or shops, where a story uses the origins", () => {
    const origins = TESTIMONIALS.flatMap((t) => t.details.map((d) => d.item)).filter((item) => /lower-tariff/.test(item));
    expect(origins.length).toBeGreaterThan(0);
    for (const item of origins) expect(item).toMatch(/lower-tariff country/);
  });

  it("keep their totals equal to their breakdowns, and the same people everywhere", () => {
    for (const t of TESTIMONIALS) {
      const total = t.details.reduce((sum, d) => sum + d.amount, 0);
      expect(Number(t.savings.replace(/[^0-9]/g, ""))).toBe(total);
    }
    expect(TESTIMONIALS.find((t) => t.name === "David Chen")?.savings).toBe("$3,200");
    for (const t of [...LANDING_STORIES, FREE_TRIAL_STORY]) expect(TESTIMONIALS).toContain(t);
    for (const r of EBOOK_READER_STORIES) expect(TESTIMONIALS.map((t) => t.location)).toContain(r.location);
    expect(ILLUSTRATIVE_LABEL).toBe("Illustrative sample story");
  });
});
