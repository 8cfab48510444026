import { readFileSync } from "node:fs";
import path from "node:path";
import { POST as reviewRoute } from "@/app/api/admin/tariffs/review/[id]/route";
import { loadTariffOverview } from "@/lib/admin/tariff-overview";
import { linesFromSchedule, scheduleRowsFromExport, type UsitcRecord } from "@/lib/tariffs/hts-schedule";
import { loadLaw, resetLawCache } from "@/lib/tariffs/law";
import { loadTariffTables } from "@/lib/tariffs/seed";
import { tariffTables } from "@/lib/tariffs/tables";
import { projectionDocument } from "@/lib/tariffs/projection-document";
import { loadProjectionTables } from "@/lib/tariffs/projection-tables";
import { projectWatch } from "@/lib/tariffs/watch-projection";
import { dataAsOf } from "@/lib/watchlist/data-as-of";
import { fixtureRelease, startFakeUsitc, type FakeUsitc } from "../helpers/fake-usitc";
import { newClientIp } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";
import { createAdmin, sessionCookie, setTestAuthSecret } from "./admin-helpers";

/**
 * The HTS revision importer end to end (docs/tariffs.md, "HTS revisions"): the registered job
 * "hts-import", run through GET /api/cron/hts-import against a local server speaking USITC's
 * reststop wire format with the two-revision fixture of tests/fixtures/usitc, a real database,
 * review items with their diff at /admin/tariffs, and approvals through the admin route that
 * store the change with its release id and re-evaluate the touched watches.
 */
let mockRequestHeaders: Record<string, string> = {};
jest.mock("next/headers", () => ({
  headers: async () => new Headers(mockRequestHeaders),
  cookies: async () => ({ getAll: () => [] }),
}));

setTestAuthSecret();
const db = setupTestDatabase();
const SECRET = "cron-test-secret-0123456789";
const DAY = 24 * 60 * 60 * 1000;
let fake: FakeUsitc;
let cookie: string;

beforeEach(async () => {
  fake = await startFakeUsitc(fixtureRelease("2026HTSRev10"));
  // The committed tables without their HTS: the importer's first read stores the fixture as the baseline.
  await loadTariffTables(db.prisma, { ...tariffTables, htsLines: [] }, []);
  await db.prisma.htsRelease.deleteMany({});
  resetLawCache(db.prisma);
  cookie = await sessionCookie(await createAdmin(db.prisma, "operator"));
  mockRequestHeaders = {};
  jest.spyOn(console, "info").mockImplementation(() => undefined);
});
afterEach(async () => {
  await fake.close();
  jest.restoreAllMocks();
  for (const k of ["CRON_SECRET", "HTS_API_URL"]) delete process.env[k];
});

/** One run of the job through its cron route (the environment is read when the route loads). */
async function runJob(): Promise<{ status: number; body: Record<string, unknown> }> {
  Object.assign(process.env, { CRON_SECRET: SECRET, HTS_API_URL: fake.apiUrl });
  let route!: typeof import("@/app/api/cron/[job]/route");
  await jest.isolateModulesAsync(async () => {
    route = await import("@/app/api/cron/[job]/route");
  });
  const response = await route.GET(new Request("http://localhost/api/cron/hts-import", { headers: { Authorization: `Bearer ${SECRET}` } }), {
    params: Promise.resolve({ job: "hts-import" }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function review(id: string, status: "done" | "dismissed") {
  const request = new Request(`http://localhost/api/admin/tariffs/review/${id}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", "x-forwarded-for": newClientIp() },
    body: JSON.stringify({ status }),
  });
  return reviewRoute(request, { params: Promise.resolve({ id }) });
}

const itemOf = async (hts: string) => (await db.prisma.tariffReviewItem.findFirstOrThrow({ where: { hts, status: "to-review" } })).id;
const fixtureLines = (name: "2026HTSRev10" | "2026HTSRev11") => linesFromSchedule(scheduleRowsFromExport(fixtureRelease(name).records as UsitcRecord[]));

/** A Professional subscriber with leather shoes made in China (6403.99.60), a coffee maker (8516.71.00) and toys. */
async function watchers() {
  const subscriber = await db.prisma.subscriber.create({ data: { email: "pro@example.com", alertFrequency: "weekly" } });
  await db.prisma.subscription.create({
    data: { provider: "stripe", providerSubscriptionId: "sub_pro", email: subscriber.email, planId: "professional", status: "active", currentPeriodEnd: new Date(Date.now() + 20 * DAY), subscriberId: subscriber.id },
  });
  const shoes = await db.prisma.watch.create({
    data: { subscriberId: subscriber.id, kind: "item", categoryId: "footwear", htsCode: "6403.99.60", name: "Leather shoes", priceCents: 12000, madeIn: "CN", thresholdPct: 1 },
  });
  await db.prisma.watch.create({
    data: { subscriberId: subscriber.id, kind: "item", categoryId: "small_kitchen_appliances", htsCode: "8516.71.00", name: "Coffee maker", priceCents: 8000, madeIn: "CN", thresholdPct: 1 },
  });
  await db.prisma.watch.create({ data: { subscriberId: subscriber.id, kind: "category", categoryId: "toys", thresholdPct: 1 } });
  return { shoes };
}

describe("the HTS revision importer (job hts-import)", () => {
  it("stores the first release it reads as the baseline, then finds nothing new in the same release", async () => {
    const first = await runJob();
    expect(first).toMatchObject({ status: 200, body: { status: "baseline", release: "2026_rev_10", previous: null } });
    expect(await db.prisma.htsLine.count()).toBe(fixtureLines("2026HTSRev10").length);
    expect(await db.prisma.htsLine.findUnique({ where: { code: "6403.99.60.75" } })).toMatchObject({ generalRateText: "8.5%", categoryId: "footwear", releaseId: "2026_rev_10", units: ["prs."] });
    expect(await db.prisma.htsCh99Heading.count()).toBe(3);
    expect(await db.prisma.htsRelease.findUnique({ where: { id: "2026_rev_10" } })).toMatchObject({ title: "HTS 2026 Revision 10", status: "stored" });
    expect(fake.requests.map((r) => r.path)).toEqual(["/reststop/releaseList", "/reststop/exportList?from=0101&to=9999&format=JSON&styles=true"]);

    const again = await runJob();
    expect(again.body).toMatchObject({ status: "unchanged", release: "2026_rev_10" });
    expect(await db.prisma.tariffReviewItem.count()).toBe(0);
    expect(await db.prisma.jobRun.findMany({ where: { name: "hts-import" }, select: { outcome: true, trigger: true } })).toEqual([
      { outcome: "success", trigger: "cron" },
      { outcome: "success", trigger: "cron" },
    ]);
  });

  it("turns a new revision into review items with their diff; approving stores it and re-evaluates the touched watches", async () => {
    await runJob();
    const { shoes } = await watchers();
    fake.publish(fixtureRelease("2026HTSRev11"));

    const imported = await runJob();
    expect(imported).toMatchObject({ status: 200, body: { status: "imported", release: "2026_rev_11", previous: "2026_rev_10", items: { lines: 3, ch99: 2, statistical: 1 } } });
    const items = await db.prisma.tariffReviewItem.findMany({ orderBy: { documentNumber: "asc" } });
    expect(items.map((i) => [i.documentNumber, i.kind, i.title])).toEqual([
      ["hts:2026_rev_11:6403.99.60", "hts-line", "HTS 2026 Revision 11: 6403.99.60: general rate 8.5% → 10%"],
      ["hts:2026_rev_11:6403.99.75", "hts-line", "HTS 2026 Revision 11: 6403.99.75 removed (was 7%): Valued not over $2.50/pair"],
      ["hts:2026_rev_11:6403.99.95", "hts-line", "HTS 2026 Revision 11: 6403.99.95 added (12%): Valued over $20/pair"],
      ["hts:2026_rev_11:9903.05.01", "hts-ch99", "HTS 2026 Revision 11: 9903.05.01 added (+ 25%)"],
      ["hts:2026_rev_11:9903.88.15", "hts-ch99", "HTS 2026 Revision 11: 9903.88.15: + 7.5% → + 15%"],
      ["hts:2026_rev_11:statistical", "hts-statistical", "HTS 2026 Revision 11: statistical changes, rates unchanged: 1 line added, 1 with a new description, path or units"],
    ]);
    expect(items.every((i) => i.status === "to-review" && i.releaseId === "2026_rev_11" && i.publishedAt.toISOString().startsWith("2026-07-01"))).toBe(true);
    expect(items.find((i) => i.hts === "9903.88.15")?.measureIds).toEqual(["s301_china_list4a"]);
    expect(items.find((i) => i.hts === "6403.99.60")?.url).toBe(`${fake.url}/search?query=6403.99.60`);
    // Nothing changed yet: the stored lines and the law's as-of are still Revision 10's.
    expect(await db.prisma.htsLine.findUnique({ where: { code: "6403.99.60" } })).toMatchObject({ generalRateText: "8.5%", releaseId: "2026_rev_10" });
    expect((await loadLaw(db.prisma)).hts).toMatchObject({ release: "2026_rev_10", title: "HTS 2026 Revision 10", date: "2026-06-08" });

    // /admin/tariffs lists them with their diff.
    const overview = await loadTariffOverview(db.prisma, new Date());
    const rate = overview.toReview.find((r) => r.hts === "6403.99.60");
    expect(rate).toMatchObject({ kind: "hts-line", releaseId: "2026_rev_11" });
    expect(rate?.diff).toEqual(expect.arrayContaining([{ field: "General rate", before: "8.5%", after: "10%" }]));

    // Approve the rate change: the HTS8's lines are stored with the new release; the shoes watch is re-evaluated.
    const approved = await review(await itemOf("6403.99.60"), "done");
    expect(approved.status).toBe(200);
    const body = (await approved.json()) as { message: string; summary: { watchesEvaluated: number } };
    expect(body.summary.watchesEvaluated).toBe(1);
    expect(body.message).toMatch(/^Stored 6403\.99\.60: 10 lines stored; re-evaluated 1 watch/);
    expect(await db.prisma.htsLine.findUnique({ where: { code: "6403.99.60.75" } })).toMatchObject({ generalRateText: "10%", generalAdValorem: expect.anything(), releaseId: "2026_rev_11" });
    const tables = await loadProjectionTables(db.prisma, [shoes]);
    const projection = projectWatch(tables.tablesFor(shoes)!, shoes, new Date().toISOString().slice(0, 10));
    expect(projection.line).toMatchObject({ code: "6403.99.60", generalRateText: "10%", generalAdValorem: 0.1 });
    expect(projectionDocument(projection, tables.law).dataVersions).toMatchObject({ htsRelease: "2026_rev_11", htsEffective: "2026-07-01" });
    expect(await db.prisma.tariffAuditLog.findFirst({ where: { action: "review.done" }, orderBy: { at: "desc" } })).toMatchObject({
      actor: "operator",
      after: expect.objectContaining({ stored: "6403.99.60: 10 lines stored" }),
      summary: expect.objectContaining({ watchesEvaluated: 1 }),
    });

    // The Chapter 99 heading: its text is stored; both watches in List 4A's scope are re-evaluated.
    const heading = (await (await review(await itemOf("9903.88.15"), "done")).json()) as { summary: { watchesEvaluated: number } };
    expect(heading.summary.watchesEvaluated).toBe(2);
    expect(await db.prisma.htsCh99Heading.findUnique({ where: { heading: "9903.88.15" } })).toMatchObject({ releaseId: "2026_rev_11", generalText: expect.stringContaining("+ 15%") });

    // Dismissing stores nothing; the added line gets its curated category; the statistical changes are stored.
    expect((await review(await itemOf("6403.99.75"), "dismissed")).status).toBe(200);
    expect(await db.prisma.htsLine.count({ where: { digits: { startsWith: "64039975" } } })).toBe(5);
    expect((await review(await itemOf("6403.99.95"), "done")).status).toBe(200);
    expect(await db.prisma.htsLine.findUnique({ where: { code: "6403.99.95.00" } })).toMatchObject({ generalRateText: "12%", categoryId: "footwear", releaseId: "2026_rev_11" });
    expect((await review(await itemOf("9903.05.01"), "done")).status).toBe(200);
    expect(await db.prisma.htsRelease.findUnique({ where: { id: "2026_rev_11" } })).toMatchObject({ status: "reviewing" });

    const statistical = await db.prisma.tariffReviewItem.findFirstOrThrow({ where: { kind: "hts-statistical" } });
    const last = await review(statistical.id, "done");
    expect(((await last.json()) as { message: string }).message).toMatch(/2026_rev_11 is now the stored HTS release/);
    expect(await db.prisma.htsLine.findUnique({ where: { code: "8516.71.00.40" } })).toMatchObject({ description: "Percolators", releaseId: "2026_rev_11" });
    expect(await db.prisma.htsLine.findUnique({ where: { code: "8516.71.00.70" } })).toMatchObject({ description: "Cold brew coffee makers", generalRateText: "3.7%", categoryId: "small_kitchen_appliances" });

    // Every item reviewed: Revision 11 is the law's as-of.
    resetLawCache(db.prisma);
    const law = await loadLaw(db.prisma);
    expect(law.hts).toMatchObject({ release: "2026_rev_11", title: "HTS 2026 Revision 11", date: "2026-07-01" });
    expect(dataAsOf(law)).toMatchObject({ htsRelease: "2026_rev_11", htsEffective: "2026-07-01" });
    // An item is resolved once.
    expect((await review(statistical.id, "done")).status).toBe(409);
  });

  it("supersedes the open items of a revision when a newer one arrives first", async () => {
    await runJob();
    fake.publish(fixtureRelease("2026HTSRev11"));
    await runJob();
    const rev12 = JSON.parse(readFileSync(path.join(__dirname, "..", "fixtures", "usitc", "2026HTSRev11.json"), "utf8")) as { htsno: string; general: string }[];
    rev12.find((r) => r.htsno === "6403.99.60")!.general = "12%";
    fake.publish({ name: "2026HTSRev12", releaseStartDate: "07/21/2026", records: rev12 });
    expect((await runJob()).body).toMatchObject({ status: "imported", release: "2026_rev_12", previous: "2026_rev_10", superseded: 6 });
    expect(await db.prisma.tariffReviewItem.count({ where: { releaseId: "2026_rev_11", status: "superseded" } })).toBe(6);
    expect(await db.prisma.tariffReviewItem.findFirst({ where: { releaseId: "2026_rev_12", hts: "6403.99.60" } })).toMatchObject({ title: "HTS 2026 Revision 12: 6403.99.60: general rate 8.5% → 12%", status: "to-review" });
    expect(await db.prisma.htsRelease.findUnique({ where: { id: "2026_rev_11" } })).toMatchObject({ status: "superseded" });
  });

  it("refuses an item whose stored change is malformed: a 409 naming the problem, nothing stored, the item still to review", async () => {
    await runJob();
    fake.publish(fixtureRelease("2026HTSRev11"));
    await runJob();
    const id = await itemOf("6403.99.60");
    const stored = await db.prisma.tariffReviewItem.findUniqueOrThrow({ where: { id } });
    const { hts8: _hts8, ...withoutHts8 } = stored.diff as Record<string, unknown>;
    void _hts8;
    await db.prisma.tariffReviewItem.update({ where: { id }, data: { diff: { ...withoutHts8, lines: "not a list" } } });
    const linesBefore = await db.prisma.htsLine.count();

    const refused = await review(id, "done");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^The stored change of this hts-line item is malformed \(hts8: .+\); nothing was stored\.$/);
    expect(await db.prisma.htsLine.count()).toBe(linesBefore);
    expect(await db.prisma.tariffReviewItem.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "to-review" });
    // The admin list says so instead of failing to draw the item.
    const overview = await loadTariffOverview(db.prisma, new Date());
    expect(overview.toReview.find((r) => r.id === id)?.diff).toEqual([{ field: "Stored change", before: "—", after: expect.stringMatching(/^malformed: hts8: /) }]);
  });

  it("answers 502 and changes nothing when USITC fails", async () => {
    fake.failNext(503);
    const failed = await runJob();
    expect(failed).toMatchObject({ status: 502, body: { status: "failed", error: "USITC answered 503 for /releaseList" } });
    expect(await db.prisma.htsLine.count()).toBe(0);
    expect(await db.prisma.tariffReviewItem.count()).toBe(0);
  });
});
