import { parse } from "csv-parse/sync";
import { GET as exportAlerts } from "@/app/api/alerts/export/route";
import { GET as exportWatchlist } from "@/app/api/watchlist/export/route";
import { POST as importRoute } from "@/app/api/watchlist/import/route";
import { accessOf } from "@/lib/accounts/access";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importWatches, type ImportReport } from "@/lib/watchlist/import";
import { setupTestDatabase } from "../helpers/test-database";
import { apiRequest, subscriberOnPlan } from "./plan-fixtures";
import { categoryIdsInOrder } from "./watchlist-fixtures";

/**
 * The CSV import and the export buttons of /watchlist and /alerts/mine (docs/api.md "CSV
 * import", "CSV export") against a real database with the committed tariff tables: every
 * data row gets a line in the report (added, unchanged, refused with the column and the
 * reason), a file imported twice adds nothing the second time, two imports at once add
 * each watch once, the plan's limits hold per row, files over the caps are refused whole,
 * and exports quote every text cell that a spreadsheet would run as a formula.
 */
const db = setupTestDatabase({ template: "tariff-tables" });

let categoryIds: string[] = [];
beforeEach(async () => {
  categoryIds = await categoryIdsInOrder(db.prisma);
});

async function importCsv(cookie: string, csv: string, type = "text/csv") {
  const response = await importRoute(apiRequest("POST", "/api/watchlist/import", { cookie, raw: csv, type }));
  return { status: response.status, body: (await response.json()) as ImportReport & { message?: string } };
}

const watchCount = (subscriberId: string) => db.prisma.watch.count({ where: { subscriberId } });

const GOOD = [
  "kind,category_id,hts_code,name,price,made_in,per_year,threshold_pct,horizon_days",
  "category,footwear,,,,,,,",
  ",,6403.99.60,Leather work boots,$120.00,Vietnam,2,5,90",
  'item,footwear,,"Trail runners, size 10",89.5,CN,1,,',
].join("\r\n");

describe("POST /api/watchlist/import", () => {
  it("adds good rows, with categories and countries by name and prices with a dollar sign", async () => {
    const pro = await subscriberOnPlan(db.prisma, "professional");
    const categoryName = (await db.prisma.consumerCategory.findUniqueOrThrow({ where: { id: categoryIds[1]! } })).name;
    const csv = `${GOOD}\r\ncategory,"${categoryName}",,,,,,,\r\n`;
    const { status, body } = await importCsv(pro.cookie, csv);
    expect(status).toBe(200);
    expect(body).toMatchObject({ added: 4, unchanged: 0, refused: 0, ignoredColumns: [] });
    expect(body.rows.map((r) => [r.row, r.status, r.label])).toEqual([
      [2, "added", "footwear"],
      [3, "added", "Leather work boots"],
      [4, "added", "Trail runners, size 10"],
      [5, "added", categoryName],
    ]);
    const boots = await db.prisma.watch.findFirstOrThrow({ where: { subscriberId: pro.id, name: "Leather work boots" } });
    expect(boots).toMatchObject({ kind: "item", categoryId: "footwear", htsCode: "6403.99.60", priceCents: 12000, madeIn: "VN", perYear: 2, horizonDays: 90 });
    expect(Number(boots.thresholdPct)).toBe(5);
    const runners = await db.prisma.watch.findFirstOrThrow({ where: { subscriberId: pro.id, name: "Trail runners, size 10" } });
    expect(runners).toMatchObject({ priceCents: 8950, madeIn: "CN", htsCode: null, categoryId: "footwear" });
    expect(await db.prisma.watch.count({ where: { subscriberId: pro.id, kind: "category", categoryId: categoryIds[1]! } })).toBe(1);
  });

  it("refuses bad rows one by one, naming the column and the reason, and still adds the good ones", async () => {
    const pro = await subscriberOnPlan(db.prisma, "pro-alerts");
    const csv = [
      "name,hts_code,category_id,price,made_in,per_year,threshold_pct,horizon_days",
      "Desk lamp,,footwear,-5,,,,",
      "Kettle,,footwear,30,XX,,,",
      "Mystery,9999.99.99,,10,,,,",
      "Nothing,,no-such-category,10,,,,",
      ",,footwear,10,,,,",
      "Socks,,footwear,4,,0,500,45",
      "Good boots,6403.99.60,,99,VN,,,",
      "Too,many,cells,1,2,3,4,5,6,7",
      "\u0000Nul,,footwear,10,,,,",
    ].join("\n");
    const { status, body } = await importCsv(pro.cookie, csv);
    expect(status).toBe(200);
    expect(body).toMatchObject({ added: 1, unchanged: 0, refused: 8 });
    const byRow = new Map(body.rows.map((r) => [r.row, r]));
    // Every data row of the file (rows 2 to 10) is in the report: nothing is dropped.
    expect([...byRow.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const errorsOf = (row: number) => {
      const r = byRow.get(row)!;
      expect(r.status).toBe("refused");
      return r.status === "refused" ? r.errors : {};
    };
    expect(errorsOf(2).price).toMatch(/more than \$0/);
    expect(errorsOf(3).made_in).toMatch(/country/);
    expect(errorsOf(4).hts_code).toMatch(/Unknown HTS code 9999\.99\.99/);
    expect(errorsOf(5).category_id).toMatch(/Unknown category/);
    expect(errorsOf(6).name).toMatch(/Give the item a name/);
    expect(Object.keys(errorsOf(7)).sort()).toEqual(["horizon_days", "per_year", "threshold_pct"]);
    expect(byRow.get(8)).toMatchObject({ status: "added", label: "Good boots" });
    expect(errorsOf(9).row).toMatch(/10 cells but the first row names 8 columns/);
    expect(errorsOf(10)).toHaveProperty("name");
    for (const r of body.rows) if (r.status === "refused") expect(r.reason.length).toBeGreaterThan(10);
    expect(await watchCount(pro.id)).toBe(1);
  });

  it("is idempotent: the same file twice adds nothing the second time, and a repeated row names the first", async () => {
    const pro = await subscriberOnPlan(db.prisma, "professional");
    const csv = `${GOOD}\r\n,,6403.99.60,LEATHER WORK BOOTS,120,VN,2,5,90\r\n`;
    const first = await importCsv(pro.cookie, csv);
    expect(first.body).toMatchObject({ added: 3, unchanged: 1, refused: 0 });
    expect(first.body.rows[3]).toMatchObject({ row: 5, status: "unchanged", reason: "The same as row 3 of this file." });
    const second = await importCsv(pro.cookie, csv);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ added: 0, unchanged: 4, refused: 0 });
    for (const r of second.body.rows) expect(r.status === "unchanged" && r.reason).toMatch(/^Already on your watchlist: You already watch/);
    expect(await watchCount(pro.id)).toBe(3);
  });

  it("adds each watch once when the same file is sent twice at the same time", async () => {
    const pro = await subscriberOnPlan(db.prisma, "professional");
    const [a, b] = await Promise.all([importCsv(pro.cookie, GOOD), importCsv(pro.cookie, GOOD)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.added + b.body.added).toBe(3);
    expect(a.body.unchanged + b.body.unchanged).toBe(3);
    expect(await watchCount(pro.id)).toBe(3);
  });

  it("holds the plan's limits per row: past the category limit a row is refused with the plan's words", async () => {
    // The route is for plans with CSV import; the rows go through the same limits as the add form,
    // shown here with a trial's 3 categories through the import itself.
    const trial = await subscriberOnPlan(db.prisma, "trial");
    const access = await accessOf(db.prisma, trial.id, new Date());
    const csv = ["category_id,threshold_pct", ...categoryIds.slice(0, 4).map((id) => `${id},`), `${categoryIds[0]},`, "footwear,7"].join("\n");
    const report = await importWatches(db.prisma, trial.id, access, csv);
    expect(report.rows.map((r) => r.status)).toEqual(["added", "added", "added", "refused", "unchanged", "refused"]);
    expect(report.rows[3]).toMatchObject({ reason: "Your Free Trial covers up to 3 categories. The Consumer Plan watches unlimited categories." });
    expect(report.rows[5]).toMatchObject({ errors: { threshold_pct: expect.stringMatching(/Professional Plan/) } });
  });

  it("is for Professional and Pro Alerts: a trial, Consumer or lapsed account gets 403 naming the Professional Plan; signed out 401", async () => {
    for (const plan of ["trial", "consumer", "lapsed"] as const) {
      const s = await subscriberOnPlan(db.prisma, plan);
      const { status, body } = await importCsv(s.cookie, GOOD);
      expect(status).toBe(403);
      expect(body.message).toMatch(/Professional Plan/);
      expect(await watchCount(s.id)).toBe(0);
    }
    expect((await importRoute(apiRequest("POST", "/api/watchlist/import", { raw: GOOD }))).status).toBe(401);
  });

  it("refuses a whole file over the caps, not CSV, without known columns or of another type, adding nothing", async () => {
    const pro = await subscriberOnPlan(db.prisma, "professional");
    const big = `category_id,name\r\n${"footwear,x\r\n".repeat(Math.ceil(IMPORT_MAX_BYTES / 11) + 1)}`;
    const tooLarge = await importCsv(pro.cookie, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/too large/);

    const manyRows = `name,category_id,price\n${Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `Item ${i},footwear,1`).join("\n")}`;
    const tooMany = await importCsv(pro.cookie, manyRows);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`The file has ${IMPORT_MAX_ROWS + 1} rows: at most ${IMPORT_MAX_ROWS} a file. Split it into smaller files.`);

    const broken = await importCsv(pro.cookie, 'name,category_id\n"Unclosed,footwear\n');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^The file is not valid CSV: /);

    const unknownColumns = await importCsv(pro.cookie, "colour,size\nred,10\n");
    expect(unknownColumns.status).toBe(400);
    expect(unknownColumns.body.message).toMatch(/at least category_id, hts_code or name/);

    const other = await importCsv(pro.cookie, JSON.stringify({ categoryId: "footwear" }), "application/json");
    expect(other.status).toBe(415);
    expect(await watchCount(pro.id)).toBe(0);
  });
});

describe("CSV export (watchlist and alerts)", () => {
  async function addRows(subscriberId: string) {
    const names = ["=HYPERLINK(\"http://evil.example\",\"click\")", "+1-555-0100 order", "-2 pack", "@SUM(A1:A2)", "Plain, with comma"];
    for (const name of names) {
      await db.prisma.watch.create({ data: { subscriberId, kind: "item", categoryId: "footwear", name, priceCents: 1999, madeIn: "VN", thresholdPct: 3 } });
    }
    await db.prisma.subscriberAlert.create({
      data: {
        subscriberId,
        dedupeKey: "k1",
        kind: "legal-event",
        severity: "act",
        categoryId: "footwear",
        title: "=cmd|' /C calc'!A0",
        reason: "Duty up\non line 2",
        centralPct: -1.5,
        eventIds: ["e1", "e2"],
        evidence: [],
      },
    });
    return names;
  }

  it("downloads every watch with the API's columns, each text cell a spreadsheet would run as a formula quoted as text", async () => {
    const pro = await subscriberOnPlan(db.prisma, "professional");
    const names = await addRows(pro.id);
    const response = await exportWatchlist(apiRequest("GET", "/api/watchlist/export", { cookie: pro.cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="tariffwatch-watchlist-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const [header, ...rows] = parse(text) as string[][];
    expect(header!.slice(0, 9)).toEqual(["id", "kind", "category_id", "category_name", "hts_code", "name", "price_cents", "made_in", "per_year"]);
    expect(rows).toHaveLength(5);
    const exported = rows.map((r) => r[5]);
    expect(exported).toEqual(["'=HYPERLINK(\"http://evil.example\",\"click\")", "'+1-555-0100 order", "'-2 pack", "'@SUM(A1:A2)", "Plain, with comma"]);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+@]/);
    expect(rows[0]![6]).toBe("1999");
    expect(names).toHaveLength(5);
  });

  it("exports alerts with negative figures as numbers and formula-like titles as text", async () => {
    const pro = await subscriberOnPlan(db.prisma, "pro-alerts");
    await addRows(pro.id);
    const response = await exportAlerts(apiRequest("GET", "/api/alerts/export", { cookie: pro.cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/tariffwatch-alerts-/);
    const [header, row] = parse(await response.text()) as string[][];
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell("title")).toBe("'=cmd|' /C calc'!A0");
    expect(cell("central_pct")).toBe("-1.5");
    expect(cell("event_ids")).toBe("e1 e2");
    // A line break inside a cell is quoted, so the row stays one row.
    expect(cell("reason")).toBe("Duty up\non line 2");
  });

  it("round-trips: a watchlist export imports into another account as the same watches, and into its own as unchanged", async () => {
    const a = await subscriberOnPlan(db.prisma, "professional");
    const b = await subscriberOnPlan(db.prisma, "professional");
    await importCsv(a.cookie, GOOD);
    await addRows(a.id);
    const csv = await (await exportWatchlist(apiRequest("GET", "/api/watchlist/export", { cookie: a.cookie }))).text();
    const intoB = await importCsv(b.cookie, csv);
    expect(intoB.body).toMatchObject({ added: 8, refused: 0 });
    expect(intoB.body.ignoredColumns).toEqual(expect.arrayContaining(["id", "category_name", "armed", "last_central_pct", "updated_at"]));
    const shape = async (id: string) =>
      (await db.prisma.watch.findMany({ where: { subscriberId: id }, orderBy: { name: "asc" } })).map((w) => [w.kind, w.categoryId, w.htsCode, w.name, w.priceCents, w.madeIn, w.perYear, Number(w.thresholdPct), w.horizonDays]);
    expect(await shape(b.id)).toEqual(await shape(a.id));
    const intoA = await importCsv(a.cookie, csv);
    expect(intoA.body).toMatchObject({ added: 0, unchanged: 8, refused: 0 });
  });

  it("is for Professional and Pro Alerts: lower plans get 403 naming the Professional Plan; signed out 401", async () => {
    for (const plan of ["trial", "consumer"] as const) {
      const s = await subscriberOnPlan(db.prisma, plan);
      for (const [route, path] of [
        [exportWatchlist, "/api/watchlist/export"],
        [exportAlerts, "/api/alerts/export"],
      ] as const) {
        const response = await route(apiRequest("GET", path, { cookie: s.cookie }));
        expect(response.status).toBe(403);
        expect(((await response.json()) as { message: string }).message).toBe(
          "CSV export is part of the Professional Plan and above. Upgrade in your account to use it.",
        );
      }
    }
    expect((await exportWatchlist(apiRequest("GET", "/api/watchlist/export"))).status).toBe(401);
  });
});
