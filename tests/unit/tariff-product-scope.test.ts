import { productInScope } from "@/lib/tariffs/duty";
import { allHtsLines, curatedCategories, tariffMeasures } from "@/lib/tariffs/tables";
import type { TariffMeasure } from "@/lib/tariffs/types";

// productInScope looks each prefix of a line's digits up in sets built once per measure
// (lib/tariffs/duty.ts). Which lines a measure reaches must be exactly what the rule says:
// a listed prefix ("*" = every product) and no excluded one, read as a scan of the lists.
const byScan = (measure: TariffMeasure, digits: string) =>
  measure.products.some((p) => p === "*" || digits.startsWith(p)) && !measure.excludedProducts.some((p) => p === "*" || digits.startsWith(p));

describe("productInScope", () => {
  it("reaches exactly the lines the scan of the lists reaches, for every measure and HTS line of the curated categories", () => {
    // The curated categories' lines: the scan of the longest lists over all 23,000 lines would take minutes.
    const curated = new Set(curatedCategories.map((c) => c.id));
    const digits = [...new Set(allHtsLines().filter((l) => curated.has(l.categoryId)).map((l) => l.digits))];
    // Shorter and longer codes too: chapters, headings and a 10-digit statistical suffix.
    const probes = [...digits, ...digits.map((d) => d.slice(0, 4)), ...digits.map((d) => `${d.slice(0, 8)}00`), "", "99"];
    let reached = 0;
    for (const measure of tariffMeasures) {
      for (const d of probes) {
        const expected = byScan(measure, d);
        if (productInScope(measure, d) !== expected) throw new Error(`${measure.id} on "${d}": expected ${expected}`);
        if (expected) reached += 1;
      }
    }
    expect(reached).toBeGreaterThan(0);
  });

  it("takes a prefix of any length, '*' on either list, and an empty list", () => {
    const base = { ...tariffMeasures[0]!, products: ["85", "8471300100", "940"], excludedProducts: ["8517"] };
    expect(productInScope(base, "8517620010")).toBe(false);
    expect(productInScope(base, "8518")).toBe(true);
    expect(productInScope(base, "8471300100")).toBe(true);
    expect(productInScope(base, "84713001")).toBe(false);
    expect(productInScope(base, "9403")).toBe(true);
    expect(productInScope({ ...base, products: ["*"] }, "0101")).toBe(true);
    expect(productInScope({ ...base, products: ["*"], excludedProducts: ["*"] }, "0101")).toBe(false);
    expect(productInScope({ ...base, products: [] }, "8518")).toBe(false);
  });
});
