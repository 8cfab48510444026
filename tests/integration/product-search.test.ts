import { readFileSync } from "node:fs";
import { GET as searchRoute } from "@/app/api/hts/search/route";
import { GET as suggestionsRoute } from "@/app/api/hts/suggestions/route";
import { evaluate, parseEvalPhrases, percentile } from "@/lib/search/evaluation";
import { setupTestDatabase } from "../helpers/test-database";
import { newClientIp } from "../helpers/requests";

/**
 * The product search measured end to end (docs/search.md, "Measured"): every phrase of the
 * evaluation set (data/search/eval-phrases.csv, written from shop aisles and receipts) through
 * GET /api/hts/search's handler, on a database holding the whole schedule (23,065 lines
 * of chapters 1-97: the `tariff-tables` template): a right heading in the first three answers for at least 90% of them, and
 * no phrase answered with nothing.
 */
const db = setupTestDatabase({ template: "tariff-tables" });
// The evaluation sends 900 searches from one test: the route's own limit (60 a second per
// client, tested with the route frame in tests/integration/route-frame.test.ts) is not what is measured here.
process.env.RATE_LIMIT_ENABLED = "false";

const get = (handler: (request: Request) => Promise<Response>, path: string) =>
  handler(new Request(`http://localhost${path}`, { headers: { "x-forwarded-for": newClientIp() } }));

type Line = { code: string; description: string; descriptionPath: string; generalRateText: string; categoryId: string; categoryName: string; title: string; parents: string[] };

async function search(q: string, limit = 10): Promise<Line[]> {
  const response = await get(searchRoute, `/api/hts/search?q=${encodeURIComponent(q)}&limit=${limit}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Line[];
}

describe("product search on the whole schedule", () => {
  it("finds a right heading in the first three answers for at least 90% of the everyday phrases, and answers every one", async () => {
    expect(await db.prisma.htsLine.count()).toBeGreaterThan(20_000);

    const phrases = parseEvalPhrases(readFileSync("data/search/eval-phrases.csv", "utf8"));
    const report = await evaluate(phrases, (q) => search(q));
    const misses = report.misses.map((m) => `${m.phrase} -> ${m.got.join(" ") || "nothing"} (want ${m.expected.join(" ")})`);
    console.log(
      `product search: top-1 ${(100 * report.top1Rate).toFixed(1)}%, top-3 ${(100 * report.top3Rate).toFixed(1)}% of ${report.phrases}; ` +
        `p50 ${percentile(report.latenciesMs, 50).toFixed(1)} ms, p99 ${percentile(report.latenciesMs, 99).toFixed(1)} ms` +
        (misses.length ? `; misses: ${misses.join("; ")}` : ""),
    );
    expect(report.empty).toBe(0);
    expect(report.top3Rate).toBeGreaterThanOrEqual(0.9);

    // The words of the issue, each with a right first answer.
    const firstOf = async (q: string) => (await search(q, 3))[0]!.code;
    expect(await firstOf("running shoes")).toMatch(/^640[234]/);
    expect(await firstOf("couch")).toMatch(/^9401/);
    expect(await firstOf("iphone")).toMatch(/^8517\.13/);
    expect(await firstOf("laptop")).toMatch(/^8471\.30/);
    expect(await firstOf("whiskey")).toMatch(/^2208\.30/);
    expect(await firstOf("toilet paper")).toMatch(/^4818\.10/);
    expect(await firstOf("lego")).toMatch(/^9503/);
    expect(await firstOf("cookware")).toMatch(/^(7323\.9|7615\.10)/);
    expect(await firstOf("pots")).not.toMatch(/^7323\.10/);

    // An "Other" line carries its parent path and a title that reads alone; every line its category's name.
    const dresser = await search("dresser", 5);
    for (const line of dresser) {
      expect(line.categoryName).toMatch(/\w/);
      expect(line.descriptionPath).toBe(line.parents.join(" > "));
    }
    const other = dresser.find((l) => l.description === "Other");
    if (other) expect(other.title).not.toBe("Other");

    // A changed line is found by its new words on the next search (the index follows the law's change stamp).
    await db.prisma.htsLine.update({ where: { code: "9503.00.00.90" }, data: { description: "Zorblax spinning widgets" } });
    expect((await search("zorblax widget", 3))[0]!.code).toBe("9503.00.00.90");
  }, 600_000);

  it("refuses bad queries with a clear 400, and says what to try when nothing fits", async () => {
    for (const [q, field] of [
      ["a", "q"],
      ["!!", "q"],
      ["x".repeat(201), "q"],
    ] as const) {
      const response = await get(searchRoute, `/api/hts/search?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string> }).errors).toHaveProperty(field);
    }
    const badLimit = await get(searchRoute, "/api/hts/search?q=shoes&limit=500");
    expect(badLimit.status).toBe(400);
    expect(((await badLimit.json()) as { errors: Record<string, string> }).errors.limit).toMatch(/between 1 and 50/);
    expect((await get(searchRoute, "/api/hts/search")).status).toBe(400);

    expect(await search("xqzvvq")).toEqual([]);
    const tips = await get(suggestionsRoute, "/api/hts/suggestions?q=xqzvvq");
    expect(tips.status).toBe(200);
    const body = (await tips.json()) as { suggestions: string[]; categories: { id: string; name: string }[] };
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.categories.length).toBeGreaterThanOrEqual(44);
    expect(body.categories.some((c) => c.name === "Footwear")).toBe(true);
    const near = (await (await get(suggestionsRoute, "/api/hts/suggestions?q=sofx")).json()) as { suggestions: string[] };
    expect(near.suggestions.length).toBeGreaterThan(0);
  }, 600_000);
});
