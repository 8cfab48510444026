import { GET as getCategories } from "@/app/api/categories/route";
import { GET as searchHts } from "@/app/api/hts/search/route";
import { GET as listWatchlist, POST as addToWatchlist } from "@/app/api/watchlist/route";
import { DELETE as deleteWatch, PATCH as patchWatch } from "@/app/api/watchlist/[id]/route";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AlternativesBlock } from "@/components/watchlist/alternatives-block";
import { ProjectionWorking } from "@/components/projection/projection-working";
import { findAlternatives } from "@/lib/tariffs/alternatives";
import { projectionDocument } from "@/lib/tariffs/projection-document";
import { loadProjectionTables } from "@/lib/tariffs/projection-tables";
import { projectWatch as projectWith, type WatchShape } from "@/lib/tariffs/watch-projection";
import { cpiReadingFor } from "@/lib/watchlist/data-as-of";
import { freshnessText } from "@/lib/economy/freshness";
import { setupTestDatabase } from "../helpers/test-database";
import { loadCategories, loadLaw } from "@/lib/tariffs/law";
import { apiRequest, subscriberOnPlan } from "./plan-fixtures";
import { addScheduledMeasure, categoryIdsInOrder } from "./watchlist-fixtures";

const db = setupTestDatabase({ template: "tariff-tables" });

/** THE projection of a watch on `now`'s day, its tables read as the pages read them. */
async function projectWatch(watch: WatchShape, now: Date) {
  const tables = await loadProjectionTables(db.prisma, [watch]);
  const t = tables.tablesFor(watch);
  return t ? { wp: projectWith(t, watch, now.toISOString().slice(0, 10)), law: tables.law, tables: t } : null;
}

type Json = Record<string, unknown>;

/** A request from a fresh client address, with the subscriber's cookie and a JSON body. */
const req = (method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) => apiRequest(method, path, { cookie: opts.cookie, json: opts.body });

const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function add(cookie: string, body: unknown) {
  const response = await addToWatchlist(req("POST", "/api/watchlist", { cookie, body }));
  return { status: response.status, body: (await response.json()) as Json };
}

let categoryIds: string[] = [];

beforeEach(async () => {
  categoryIds = await categoryIdsInOrder(db.prisma);
});

describe("auth", () => {
  it("answers 401 to GET, POST, DELETE and PATCH when signed out", async () => {
    expect((await listWatchlist(req("GET", "/api/watchlist"))).status).toBe(401);
    expect((await addToWatchlist(req("POST", "/api/watchlist", { body: { categoryId: categoryIds[0] } }))).status).toBe(401);
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await deleteWatch(req("DELETE", `/api/watchlist/${id}`), params(id))).status).toBe(401);
    expect((await patchWatch(req("PATCH", `/api/watchlist/${id}`, { body: { horizonDays: 90 } }), params(id))).status).toBe(401);
  });
});

describe("GET /api/categories", () => {
  it("is public and cacheable, with headings and the reference line", async () => {
    const response = await getCategories(req("GET", "/api/categories"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const body = (await response.json()) as { id: string; name: string; htsHeadings: string[]; referenceHts: string }[];
    expect(body.length).toBe(categoryIds.length);
    expect(body.length).toBeGreaterThanOrEqual(40);
    const footwear = body.find((c) => c.id === "footwear");
    expect(footwear).toBeDefined();
    expect(footwear!.htsHeadings).toContain("6403");
    expect(footwear!.referenceHts).toMatch(/^\d{4}\.\d{2}/);
  });
});

describe("GET /api/hts/search", () => {
  it("finds leather footwear for men under heading 6403", async () => {
    const response = await searchHts(req("GET", "/api/hts/search?q=leather%20footwear%20men"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { code: string; description: string; descriptionPath: string; generalRateText: string; categoryId: string }[];
    expect(body.length).toBeGreaterThan(0);
    expect(body.some((r) => r.code.startsWith("6403"))).toBe(true);
    expect(body[0]!.code.startsWith("6403")).toBe(true);
    // The shape callers rely on, plus the readable title, the parent path as a list, the category's name and how it was found.
    expect(Object.keys(body[0]!).sort()).toEqual(
      ["categoryId", "categoryName", "code", "description", "descriptionPath", "generalRateText", "matchedBy", "matchedName", "parents", "title"],
    );
  });

  it("matches code prefixes, dotted or not", async () => {
    for (const q of ["6403.99", "640399"]) {
      const body = (await (await searchHts(req("GET", `/api/hts/search?q=${q}`))).json()) as { code: string }[];
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((r) => r.code.startsWith("6403.99"))).toBe(true);
    }
  });

  it("treats SQL in the query as text and refuses a one-letter query", async () => {
    const odd = await searchHts(req("GET", `/api/hts/search?q=${encodeURIComponent("'; DROP TABLE hts_lines; --")}`));
    expect(odd.status).toBe(200);
    expect(await db.prisma.htsLine.count()).toBeGreaterThan(0);
    const short = await searchHts(req("GET", "/api/hts/search?q=a"));
    expect(short.status).toBe(400);
    expect(((await short.json()) as Json).errors).toHaveProperty("q");
  });
});

describe("POST /api/watchlist", () => {
  it("lets a trial watch 3 categories and refuses a 4th, naming the Consumer plan", async () => {
    const s = await subscriberOnPlan(db.prisma, "trial");
    for (const id of categoryIds.slice(0, 3)) expect((await add(s.cookie, { categoryId: id })).status).toBe(201);
    const fourth = await add(s.cookie, { categoryId: categoryIds[3] });
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe("Your Free Trial covers up to 3 categories. The Consumer Plan watches unlimited categories.");
    // An item in a category already watched adds no category.
    const item = await add(s.cookie, { name: "Work boots", categoryId: categoryIds[0], price: 90 });
    expect(item.status).toBe(201);
    const list = (await (await listWatchlist(req("GET", "/api/watchlist", { cookie: s.cookie }))).json()) as { watches: Json[]; limits: Json };
    expect(list.limits).toEqual({ maxCategories: 3, used: 3 });
    expect(list.watches).toHaveLength(4);
  });

  it("lets the Consumer plan watch more than 3 categories", async () => {
    const s = await subscriberOnPlan(db.prisma, "consumer");
    for (const id of categoryIds.slice(0, 4)) expect((await add(s.cookie, { categoryId: id })).status).toBe(201);
    const list = (await (await listWatchlist(req("GET", "/api/watchlist", { cookie: s.cookie }))).json()) as { limits: Json };
    expect(list.limits).toEqual({ maxCategories: null, used: 4 });
  });

  it("refuses a custom threshold on the trial and Consumer plans, naming Professional, and allows it on Professional", async () => {
    for (const plan of ["trial", "consumer"] as const) {
      const s = await subscriberOnPlan(db.prisma, plan);
      const res = await add(s.cookie, { categoryId: "footwear", threshold: 5 });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/Professional Plan/);
      // The default threshold is not custom.
      expect((await add(s.cookie, { categoryId: "footwear", threshold: 3 })).status).toBe(201);
    }
    const pro = await subscriberOnPlan(db.prisma, "professional");
    const ok = await add(pro.cookie, { categoryId: "footwear", threshold: 5, horizonDays: 90 });
    expect(ok.status).toBe(201);
    expect(ok.body.watch).toMatchObject({ thresholdPct: 5, horizonDays: 90, kind: "category", categoryId: "footwear" });
  });

  it("answers 409 to a duplicate category watch", async () => {
    const s = await subscriberOnPlan(db.prisma, "trial");
    expect((await add(s.cookie, { categoryId: "footwear" })).status).toBe(201);
    const again = await add(s.cookie, { categoryId: "footwear" });
    expect(again.status).toBe(409);
  });

  it("answers 400 with a message per field for bad input", async () => {
    const s = await subscriberOnPlan(db.prisma, "consumer");
    const bad = await add(s.cookie, { name: "Shoes", htsCode: "6403.99.60", price: -1, madeIn: "XX", threshold: 500, perYear: 0, horizonDays: 45 });
    expect(bad.status).toBe(400);
    const errors = bad.body.errors as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(["horizonDays", "madeIn", "perYear", "price", "threshold"]);
    expect(errors.price).toMatch(/more than \$0/);
    expect(errors.madeIn).toMatch(/country/);
    expect(errors.threshold).toMatch(/0\.5% to 50%/);

    const unknown = await add(s.cookie, { name: "Shoes", htsCode: "9999.99.99", price: 10 });
    expect(unknown.status).toBe(400);
    expect((unknown.body.errors as Record<string, string>).htsCode).toMatch(/Unknown HTS code 9999\.99\.99/);

    const missing = await add(s.cookie, { name: "Shoes" });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors as object).sort()).toEqual(["categoryId", "price"]);

    const noCategory = await add(s.cookie, { categoryId: "no-such-category" });
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.errors).toHaveProperty("categoryId");
  });

  it("keeps a lapsed account's watchlist visible and editable but adds nothing", async () => {
    const s = await subscriberOnPlan(db.prisma, "lapsed");
    await db.prisma.watch.create({ data: { subscriberId: s.id, kind: "category", categoryId: "footwear", thresholdPct: 3 } });
    const list = await listWatchlist(req("GET", "/api/watchlist", { cookie: s.cookie }));
    expect(list.status).toBe(200);
    const body = (await list.json()) as { watches: { id: string }[]; limits: Json };
    expect(body.watches).toHaveLength(1);
    expect(body.limits).toEqual({ maxCategories: 0, used: 1 });
    const added = await add(s.cookie, { categoryId: categoryIds.find((c) => c !== "footwear") });
    expect(added.status).toBe(403);
    expect(added.body.message).toMatch(/Consumer Plan/);
    const id = body.watches[0]!.id;
    const patched = await patchWatch(req("PATCH", `/api/watchlist/${id}`, { cookie: s.cookie, body: { horizonDays: 365, snoozeDays: 7 } }), params(id));
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { watch: Json }).watch).toMatchObject({ horizonDays: 365 });
    expect((await deleteWatch(req("DELETE", `/api/watchlist/${id}`, { cookie: s.cookie }), params(id))).status).toBe(200);
  });
});

describe("DELETE /api/watchlist/[id]", () => {
  it("deletes only the owner's watch: someone else's is 404", async () => {
    const owner = await subscriberOnPlan(db.prisma, "trial");
    const other = await subscriberOnPlan(db.prisma, "trial");
    const created = await add(owner.cookie, { categoryId: "footwear" });
    const id = (created.body.watch as { id: string }).id;
    expect((await deleteWatch(req("DELETE", `/api/watchlist/${id}`, { cookie: other.cookie }), params(id))).status).toBe(404);
    expect((await deleteWatch(req("DELETE", "/api/watchlist/not-a-uuid", { cookie: other.cookie }), params("not-a-uuid"))).status).toBe(404);
    expect(await db.prisma.watch.count({ where: { id } })).toBe(1);
    expect((await deleteWatch(req("DELETE", `/api/watchlist/${id}`, { cookie: owner.cookie }), params(id))).status).toBe(200);
    expect(await db.prisma.watch.count({ where: { id } })).toBe(0);
  });
});

describe("projection", () => {
  it("computes men's leather shoes made in Vietnam, $120, HTS 6403.99.60, with its sources", async () => {
    const s = await subscriberOnPlan(db.prisma, "consumer");
    const created = await add(s.cookie, { name: "Men's leather shoes", htsCode: "6403.99.60", price: 120, madeIn: "vn", perYear: 2 });
    expect(created.status).toBe(201);
    const watch = created.body.watch as Json;
    expect(watch).toMatchObject({ kind: "item", categoryId: "footwear", htsCode: "6403.99.60", priceCents: 12000, madeIn: "VN", perYear: 2, thresholdPct: 3, horizonDays: 180 });
    const summary = watch.projection as { central: number; low: number; high: number; dollars?: Json; unconfirmed: boolean; asOf: string; sentence: string };
    expect(summary).not.toBeNull();
    expect(summary.low).toBeLessThanOrEqual(summary.central);
    expect(summary.central).toBeLessThanOrEqual(summary.high);
    expect(summary.dollars).toBeDefined();
    expect(summary.sentence).toMatch(/Men's leather shoes/);

    const row = await db.prisma.watch.findUniqueOrThrow({ where: { id: watch.id as string } });
    // Stored when added, for today and the law as it is.
    expect(row.projectedOn?.toISOString().slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect(row.projectionStamp).toBe((await loadLaw(db.prisma)).stamp);
    const { wp: p } = (await projectWatch(row, new Date()))!;
    expect(p.line.code).toBe("6403.99.60");
    expect(p.originBasis).toBe("declared");
    expect(p.origins.map((o) => o.country)).toEqual(["VN"]);
    const evidence = [...(p.flat?.projection.evidence ?? []), ...p.changes.flatMap((c) => c.projection.evidence)];
    expect(evidence.find((e) => e.id === "duty:VN:t0")?.formula).toMatch(/^8\.5% MFN/);
    expect(p.sources.length).toBeGreaterThan(0);
    for (const source of p.sources) expect(source.url).toMatch(/^https:\/\//);
    expect(p.fullLine.releaseId).toBeTruthy();
    // Every figure names its inputs; the band is written out factor by factor.
    const band = evidence.find((e) => e.id === "band");
    expect(band?.formula).toBe("θ × [(1 − d) + d × s] × Δc_M × (1 − r)");
    expect(band?.lines?.map((l) => l.label)).toEqual(["low", "central", "high"]);
    expect(evidence.find((e) => e.id === "m")?.sourceIds).toContain("bea-pce-bridge");
  });

  it("leaves dollars out on the trial (no impact calculator) and uses sector origins without a made-in country", async () => {
    const s = await subscriberOnPlan(db.prisma, "trial");
    const created = await add(s.cookie, { name: "Sneakers", categoryId: "footwear", price: 60 });
    expect(created.status).toBe(201);
    const summary = (created.body.watch as Json).projection as Json | null;
    expect(summary).not.toBeNull();
    expect(summary).not.toHaveProperty("dollars");
    expect(summary!.sentence).toMatch(/In percent: dollar figures on your own price come with the Consumer Plan\.$/);
    const row = await db.prisma.watch.findFirstOrThrow({ where: { subscriberId: s.id } });
    const { wp: p, law } = (await projectWatch(row, new Date()))!;
    expect(p.originBasis).toBe("sector");
    expect(p.origins.length).toBeGreaterThan(1);
    expect(projectionDocument(p, law).originShareYear).toBeGreaterThan(2000);
  });
});

describe("projection paths and the law cache", () => {
  it("projects a scheduled change inside the horizon from today, and shows it as the trigger", async () => {
    const now = new Date();
    const effective = await addScheduledMeasure(db.prisma, now, 30);
    const { wp: p } = (await projectWatch({ categoryId: "footwear", htsCode: "6403.99.60", madeIn: "VN", horizonDays: 90 }, now))!;
    expect(p.status).toBe("upcoming");
    const change = p.changes.find((c) => c.first === effective)!;
    expect(change.input.t0 < effective).toBe(true);
    expect(change.input.t1).toBe(effective);
    expect(change.events.map((e) => e.id)).toEqual(["op_fixture_scheduled:effective"]);
    expect(change.band!.central).toBeGreaterThan(0);
    expect(p.band!.central).toBeGreaterThan(0);
    expect(p.sources.map((s) => s.id)).toContain("op_fixture-notice");
  });

  it("sees an operator's new event at once (the cache is keyed on the law's version)", async () => {
    const first = await loadLaw(db.prisma);
    expect(await loadLaw(db.prisma)).toBe(first);
    await addScheduledMeasure(db.prisma, new Date(), 10);
    const second = await loadLaw(db.prisma);
    expect(second).not.toBe(first);
    expect(second.events.some((e) => e.id === "op_fixture_scheduled:effective")).toBe(true);
    expect(second.measures.find((m) => m.id === "op_fixture_scheduled")).toMatchObject({ rate: 0.05, countries: ["VN"] });
  });

  it("keeps the category list while the categories table is unchanged, and sees a change at once", async () => {
    const law = await loadLaw(db.prisma);
    const first = await loadCategories(db.prisma, law);
    expect(first.length).toBeGreaterThan(10);
    expect(await loadCategories(db.prisma, await loadLaw(db.prisma))).toBe(first);
    // The page's "data as of" facts come with the same query.
    expect(law.htsRelease).toMatch(/^\d{4}_rev_\d+$/);
    expect(law.originShareYear).toBeGreaterThan(2000);
    const renamed = first[0]!;
    await db.prisma.consumerCategory.update({ where: { id: renamed.id }, data: { name: `${renamed.name} (renamed)` } });
    try {
      const after = await loadCategories(db.prisma, await loadLaw(db.prisma));
      expect(after).not.toBe(first);
      expect(after.find((c) => c.id === renamed.id)?.name).toBe(`${renamed.name} (renamed)`);
    } finally {
      await db.prisma.consumerCategory.update({ where: { id: renamed.id }, data: { name: renamed.name } });
    }
  });
});

describe("the watch page's blocks", () => {
  it("renders How we computed this and the alternatives for made-in-Vietnam shoes, with formulas and source links", async () => {
    const now = new Date();
    const { wp, law } = (await projectWatch({ categoryId: "footwear", htsCode: "6403.99.60", madeIn: "VN", horizonDays: 180 }, now))!;
    const how = renderToStaticMarkup(createElement(ProjectionWorking, { doc: projectionDocument(wp, law), priceCents: 12000, dollarsPlan: null }));
    expect(how).toContain("6403.99.60");
    expect(how).toContain("8.5% MFN");
    expect(how).toMatch(/href="https:\/\/[^"]+"/);
    expect(how).toContain("Sources");
    expect(how).toContain("What the symbols mean");
    expect(how).toContain("<details");

    const alternatives = findAlternatives({
      line: wp.line,
      userOrigin: "VN",
      date: wp.changes[0]?.input.t1 ?? wp.horizonEnd,
      originShares: [...wp.sectorShares],
      measures: law.measures,
      events: law.events,
      domesticShare: wp.domesticShare,
    });
    const html = renderToStaticMarkup(createElement(AlternativesBlock, { result: alternatives, sources: law.sources, shareSourceIds: ["census-imports-gtap-2024"] }));
    expect(html).toContain("Lower tariff exposure, not a cheaper product");
    expect(html).toContain("sector");
    expect(html).toContain("Domestic prices also tend to rise");
  });

  it("reads the category's 12-month CPI change of the latest stored month, or nothing", async () => {
    const category = { cpiSeriesId: "CUUR0000SEAE", cpiLabel: "Footwear" };
    expect(await cpiReadingFor(db.prisma, category)).toBeNull();
    await db.prisma.economicSeries.create({ data: { seriesId: "CUUR0000SEAE", survey: "CPI", label: "Footwear", role: "category", seasonallyAdjusted: false } });
    const storedAt = new Date("2026-11-21T01:00:00Z");
    const obs = (period: string, value: number) => ({ seriesId: "CUUR0000SEAE", period, value, origin: "snapshot", sourceRef: "test", sourceUrl: "https://www.bls.gov/cpi/", fetchedAt: storedAt });
    await db.prisma.economicObservation.createMany({ data: [obs("2025-05", 150), obs("2026-04", 153), obs("2026-05", 154.5)] });
    const reading = await cpiReadingFor(db.prisma, category);
    expect(reading).toMatchObject({ period: "2026-05", periodLabel: "May 2026 CPI", change12mo: 3, basis: "computed", origin: "snapshot", fetchedAt: storedAt });
    // What the watch page says of it (docs/economy.md, "Freshness"): the month, and that these
    // figures came with the snapshot (never "fetched" or "live").
    const said = freshnessText({ label: "CPI", period: reading!.period, origin: reading!.origin, fetchedAt: reading!.fetchedAt });
    expect(said).toBe("CPI for May 2026, from the offline snapshot shipped with the site, stored Nov 21, 2026");

    // A newer month fetched from the BLS API: the page names that month and the fetch date.
    await db.prisma.economicObservation.createMany({
      data: [
        { ...obs("2025-06", 150), origin: "bls-api", fetchedAt: new Date("2026-11-27T06:00:00Z") },
        { ...obs("2026-06", 156), origin: "bls-api", fetchedAt: new Date("2026-11-27T06:00:00Z") },
      ],
    });
    const newer = await cpiReadingFor(db.prisma, category);
    expect(freshnessText({ label: "CPI", period: newer!.period, origin: newer!.origin, fetchedAt: newer!.fetchedAt })).toBe(
      "CPI for June 2026, fetched Nov 27, 2026 from the BLS API",
    );
  });
});
