import { codeDigits, lineTitle, ProductSearch, queryWords, type IndexedLine } from "@/lib/search/engine";
import { isExpected, parseEvalPhrases, percentile } from "@/lib/search/evaluation";
import { buildVocabulary, productVocabulary, vocabularySchema } from "@/lib/search/vocabulary";
import { plainText, termOf, termsOf } from "@/lib/search/words";
import vocabularyFile from "@/data/search/vocabulary.json";
import { allHtsLines } from "@/lib/tariffs/tables";

/** A few real lines of the schedule (HTSUS 2026 Rev. 10), in the hts_lines table's shape. */
const line = (code: string, descriptionPath: string, description: string, categoryId = "other"): IndexedLine => ({
  code,
  description,
  descriptionPath,
  generalRateText: "Free",
  categoryId,
});
const SPORTS = "Footwear with outer soles of rubber, plastics, leather or composition leather and uppers of textile materials > Footwear with outer soles of rubber or plastics > Sports footwear; tennis shoes, basketball shoes, gym shoes, training shoes and the like";
const LINES: IndexedLine[] = [
  line("6404.11.90.20", `${SPORTS} > Other > Valued over $12/pair`, "For men", "footwear"),
  line("6404.11.90.50", `${SPORTS} > Other > Valued over $12/pair`, "For women", "footwear"),
  line("6402.19.15", "Other footwear with outer soles and uppers of rubber or plastics > Sports footwear > Other", "Golf shoes", "footwear"),
  line("6403.19.40", "Footwear with outer soles of rubber, plastics, leather or composition leather and uppers of leather > Sports footwear > Other", "For men", "footwear"),
  line("9401.61.40", "Seats (other than those of heading 9402), whether or not convertible into beds, and parts thereof > Other seats, with wooden frames", "Upholstered", "upholstered_wood_seats"),
  line("9403.60.80", "Other furniture and parts thereof > Other wooden furniture", "Other", "wood_furniture"),
  line("8517.13.00.00", "Telephone sets, including smartphones and other telephones for cellular networks or for other wireless networks", "Smartphones", "smartphones"),
  line("8471.30.01", "Automatic data processing machines and units thereof", "Portable automatic data processing machines, weighing not more than 10 kg", "laptops_computers"),
  line("7323.93.00.60", "Table, kitchen or other household articles and parts thereof, of iron or steel > Other > Of stainless steel", "Cooking and kitchen ware", "steel_cookware"),
  line("7323.10.00.00", "Table, kitchen or other household articles and parts thereof, of iron or steel", "Iron or steel wool; pot scourers and scouring or polishing pads, gloves and the like", "steel_cookware"),
  line("7615.10.71", "Table, kitchen or other household articles and parts thereof, of aluminum > Cooking and kitchen ware", "Cast", "aluminum_cookware"),
  line("2208.30.60", "Undenatured ethyl alcohol of an alcoholic strength by volume of less than 80 percent vol.; spirits, liqueurs and other spirituous beverages > Whiskies", "Bourbon whiskey", "ch22"),
  line("9503.00.00.73", "Tricycles, scooters, pedal cars and similar wheeled toys; dolls' carriages; dolls, other toys", "Construction sets", "toys"),
];

const VOCABULARY = buildVocabulary([
  { aisle: "Shoes", hts: ["6404.11", "6402.19", "6403.19"], names: ["running shoes", "sneakers", "trainers", "air jordans"] },
  { aisle: "Furniture", hts: ["9401.61"], names: ["sofa", "couch", "settee"] },
  { aisle: "Furniture", hts: ["9403.60"], names: ["bookcase", "dresser"] },
  { aisle: "Phones", hts: ["8517.13"], names: ["iphone", "cell phone", "mobile phone"] },
  { aisle: "Computers", hts: ["8471.30"], names: ["laptop", "macbook"] },
  { aisle: "Kitchen", hts: ["7323.93", "7615.10"], names: ["cookware", "pots and pans", "pots", "frying pan"] },
  { aisle: "Drinks", hts: ["2208.30"], names: ["whiskey", "bourbon"] },
  { aisle: "Toys", hts: ["9503.00"], names: ["lego", "building blocks"] },
  { aisle: "Cleaning", hts: ["7323.10"], names: ["steel wool", "pot scourer"] },
]);
const engine = new ProductSearch(LINES, VOCABULARY);

/** Whether some line of the whole schedule (HTSUS 2026 Rev. 10, chapters 1-97) has digits starting with `prefix`. */
let scheduleDigits: string[] | undefined;
function scheduleHas(prefix: string): boolean {
  scheduleDigits ??= allHtsLines()
    .map((l) => l.code.replace(/\D/g, ""))
    .sort();
  let lo = 0;
  let hi = scheduleDigits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (scheduleDigits[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return scheduleDigits[lo]?.startsWith(prefix) ?? false;
}
const first = (q: string, n = 3) => engine.search(q, n).hits.map((h) => h.code);

describe("search words", () => {
  it("folds case, accents, possessives, British spellings, plurals and shop units to one form", () => {
    expect(plainText("Men's Crème Brûlée & Co.")).toBe("men creme brulee and co");
    expect(termsOf("Men's running shoes")).toEqual(termsOf("mens running shoe"));
    expect(termsOf("Women's or girls' blouses")).toEqual(["woman", "girl", "blouse"]);
    expect(termOf("colour")).toBe("color");
    expect(termOf("jewellery")).toBe(termOf("jewelry"));
    expect(termOf("tyres")).toBe("tire");
    expect(termOf("knives")).toBe("knife");
    expect(termOf("cookies")).toBe(termOf("cookie"));
    expect(termOf("whiskey")).toBe(termOf("whiskies"));
    expect(termOf("glasses")).toBe("glass");
    expect(termsOf("2 pack 12oz mason jars 64gb")).toEqual(["pack", "mason", "jar"]);
  });

  it("keeps words whose plural rule would spoil them", () => {
    expect(termOf("shorts")).toBe("shorts");
    expect(termOf("lens")).toBe("lens");
    expect(termOf("glass")).toBe("glass");
    expect(termOf("dress")).toBe("dress");
  });

  it("weighs the thing named most: the last word, not a form word, and the word before 'for'", () => {
    expect(queryWords("leather wallet")).toEqual({ words: ["leather", "wallet"], weights: [1, 1.5] });
    expect(queryWords("matcha powder")).toEqual({ words: ["matcha", "powder"], weights: [1.5, 1] });
    expect(queryWords("case for iphone")).toEqual({ words: ["case", "iphone"], weights: [1.5, 0.7] });
  });
});

describe("search engine", () => {
  it("finds the lines people mean by everyday words, brands and UK words", () => {
    expect(first("running shoes")[0]).toMatch(/^6404\.11/);
    expect(first("sneakers")).toEqual(expect.arrayContaining([expect.stringMatching(/^6404/), expect.stringMatching(/^6402/), expect.stringMatching(/^6403/)]));
    expect(first("Air Jordans")[0]).toMatch(/^640[234]/);
    expect(first("couch")[0]).toBe("9401.61.40");
    expect(first("iphone 15 pro")[0]).toBe("8517.13.00.00");
    expect(first("macbook air")[0]).toBe("8471.30.01");
    expect(first("whisky")[0]).toBe("2208.30.60");
    expect(first("LEGO")[0]).toBe("9503.00.00.73");
  });

  it("puts cookware before pot scourers for 'pots', and spreads results over the concept's headings", () => {
    expect(first("pots")[0]).toMatch(/^7323\.93/);
    expect(first("cookware", 2)).toEqual(["7323.93.00.60", "7615.10.71"]);
    expect(first("steel wool")[0]).toBe("7323.10.00.00");
  });

  it("uses the other words of the query to choose among a heading's lines", () => {
    expect(first("womens running shoes")[0]).toBe("6404.11.90.50");
    expect(first("mens running shoes")[0]).toBe("6404.11.90.20");
  });

  it("tolerates typos and a word still being typed", () => {
    expect(first("sneekers")[0]).toMatch(/^640/);
    expect(first("labtop")[0]).toBe("8471.30.01");
    expect(first("cookwa")[0]).toMatch(/^7323\.93/);
  });

  it("falls back to the schedule's own words for goods the vocabulary does not name", () => {
    expect(engine.search("golf shoes", 3).hits[0]!.code).toBe("6402.19.15");
    const phone = engine.search("smartphones", 3).hits[0]!;
    expect(phone.code).toBe("8517.13.00.00");
    expect(phone.matchedBy).toBe("text");
  });

  it("answers code-like queries by code prefix, dotted or not", () => {
    expect(codeDigits("6404.11")).toBe("640411");
    expect(codeDigits("shoes")).toBeNull();
    expect(first("6404.11", 5)).toEqual(["6404.11.90.20", "6404.11.90.50"]);
    expect(first("640411", 5)).toEqual(["6404.11.90.20", "6404.11.90.50"]);
  });

  it("names an 'Other' line by the description above it and gives its path", () => {
    const hit = engine.search("dresser", 1).hits[0]!;
    expect(hit.description).toBe("Other");
    expect(hit.title).toBe("Other wooden furniture: Other");
    expect(hit.parents).toEqual(["Other furniture and parts thereof", "Other wooden furniture"]);
    expect(hit.descriptionPath).toBe("Other furniture and parts thereof > Other wooden furniture");
    expect(lineTitle("For women", ["Footwear", "Other", "Valued over $12/pair"])).toBe("Valued over $12/pair: For women");
    expect(lineTitle("Smartphones", ["Telephone sets"])).toBe("Smartphones");
  });

  it("answers nothing for nonsense, with names close to it to try", () => {
    const outcome = engine.search("qqqzzx", 5);
    expect(outcome.hits).toEqual([]);
    const near = engine.search("sofx bedd", 5);
    expect(near.hits.length + near.suggestions.length).toBeGreaterThan(0);
  });
});

describe("the product vocabulary and evaluation set", () => {
  it("parses, and every concept has codes and names", () => {
    expect(vocabularySchema.safeParse(vocabularyFile).success).toBe(true);
    const vocabulary = productVocabulary();
    expect(vocabulary.concepts.length).toBeGreaterThanOrEqual(800);
    expect(vocabulary.names.length).toBeGreaterThanOrEqual(10_000);
    for (const concept of vocabulary.concepts) for (const prefix of concept.prefixes) expect(prefix).toMatch(/^\d{4}(\d{2}){0,3}$/);
  });

  it("points only at codes of the schedule: every heading, subheading or line it names has lines", () => {
    const missing = productVocabulary().concepts.flatMap((c) => c.prefixes.filter((p) => !scheduleHas(p)).map((p) => `${p} (${c.names[0]})`));
    expect(missing).toEqual([]);
  });

  it("names the brands and everyday words the issue names", () => {
    const vocabulary = productVocabulary();
    const targets = (name: string) => {
      const terms = termsOf(name).join(" ");
      return vocabulary.names.filter((n) => n.terms.join(" ") === terms).flatMap((n) => vocabulary.concepts[n.concept]!.prefixes);
    };
    expect(targets("lego")).toContain("950300");
    expect(targets("iphone")).toContain("851713");
    expect(targets("kleenex")).toEqual(expect.arrayContaining([expect.stringMatching(/^4818/)]));
    expect(targets("band-aid")).toEqual(expect.arrayContaining([expect.stringMatching(/^3005/)]));
    expect(targets("crocs")).toEqual(expect.arrayContaining([expect.stringMatching(/^6402/)]));
    expect(targets("air jordans")).toEqual(expect.arrayContaining([expect.stringMatching(/^640[34]/)]));
    expect(targets("airpods")).toContain("851830");
    expect(targets("xbox")).toContain("950450");
  });

  it("reads the evaluation file: at least 400 phrases, each with expected headings", async () => {
    const { readFileSync } = await import("node:fs");
    const phrases = parseEvalPhrases(readFileSync("data/search/eval-phrases.csv", "utf8"));
    expect(phrases.length).toBeGreaterThanOrEqual(400);
    expect(new Set(phrases.map((p) => p.phrase)).size).toBe(phrases.length);
    expect(phrases.flatMap((p) => p.expected.filter((code) => !scheduleHas(code)).map((code) => `${p.phrase}: ${code}`))).toEqual([]);
    expect(isExpected("6404.11.90.20", ["6404", "6402"])).toBe(true);
    expect(isExpected("6403.99.60", ["6404", "6402"])).toBe(false);
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(() => parseEvalPhrases("phrase,expected\nx,6404")).toThrow(/header/);
  });
});
