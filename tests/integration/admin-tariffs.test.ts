import { isValidElement } from "react";
import { PATCH as patchEventRoute, DELETE as deleteEventRoute } from "@/app/api/admin/tariffs/events/[id]/route";
import { POST as createEventRoute } from "@/app/api/admin/tariffs/events/route";
import { PATCH as patchMeasureRoute } from "@/app/api/admin/tariffs/measures/[id]/route";
import { POST as createMeasureRoute } from "@/app/api/admin/tariffs/measures/route";
import { POST as reviewRoute } from "@/app/api/admin/tariffs/review/[id]/route";
import { categoriesByMeasure, loadTariffOverview, watchesByMeasure } from "@/lib/admin/tariff-overview";
import { refreshEconomicData } from "@/lib/economy/refresh";
import { resetLawCache } from "@/lib/tariffs/law";
import { loadTariffTables } from "@/lib/tariffs/seed";
import { tariffTables } from "@/lib/tariffs/tables";
import { startFakeGovApis, type FakeGovApis, type FrDocument } from "../helpers/fake-gov-apis";
import { newClientIp } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";
import { createAdmin, FORGED_SUBREQUEST_HEADERS, sessionCookie, setTestAuthSecret } from "./admin-helpers";

/**
 * The operator side of tariff law (docs/tariffs.md "Operator side") against a real
 * database loaded with the committed tables: admin-only handlers with per-field 400s, a
 * citation for every new measure and event, the audit log, re-evaluation of only the
 * watches a change touches (with the alert it writes), and review items from a refresh
 * of Federal Register tariff documents.
 */
let mockRequestHeaders: Record<string, string> = {};
jest.mock("next/headers", () => ({
  headers: async () => new Headers(mockRequestHeaders),
  cookies: async () => ({ getAll: () => [] }),
}));

setTestAuthSecret();
// The committed tariff tables are in the database from its template (loaded once per run).
const db = setupTestDatabase({ template: "tariff-tables" });
const DAY = 24 * 60 * 60 * 1000;
const FR_URL = "https://www.federalregister.gov/documents/2026/11/02/2026-22222/adjusting-imports-of-footwear";

let cookie: string;

/** For the re-load below: the committed tables with the HTS lines of a few categories only (loading every line is slow on PGlite). */
const CATEGORIES = new Set(["footwear", "toys", "apparel_knit", "steel_cookware"]);
const TABLES = { ...tariffTables, htsLines: tariffTables.htsLines.filter((l) => CATEGORIES.has(l.categoryId)) };

beforeEach(async () => {
  resetLawCache();
  const admin = await createAdmin(db.prisma, "operator");
  cookie = await sessionCookie(admin);
  mockRequestHeaders = {};
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
function call(path: string, method: Method, body?: unknown, headers: Record<string, string> = { cookie: "" }): Request {
  const h: Record<string, string> = { "x-forwarded-for": newClientIp(), ...headers };
  if (body !== undefined) h["content-type"] = "application/json";
  return new Request(`http://localhost${path}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
}
const asAdmin = (path: string, method: Method, body?: unknown) => call(path, method, body, { cookie });
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const today = () => new Date().toISOString().slice(0, 10);

const NEW_MEASURE = {
  authority: "S232",
  name: "Section 232 footwear (test)",
  ch99Headings: ["9903.99.01"],
  rate: 0.25,
  countries: ["VN"],
  products: ["6403.99"],
  confidence: "medium",
  notes: "Test measure.",
  sourceUrl: FR_URL,
};

/** A Professional subscriber (alerts on) with two watches: footwear made in Vietnam, and toys. */
async function watchers() {
  const subscriber = await db.prisma.subscriber.create({ data: { email: "pro@example.com", alertFrequency: "weekly" } });
  await db.prisma.subscription.create({
    data: {
      provider: "stripe",
      providerSubscriptionId: "sub_pro",
      email: subscriber.email,
      planId: "professional",
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 20 * DAY),
      subscriberId: subscriber.id,
    },
  });
  const shoes = await db.prisma.watch.create({
    data: { subscriberId: subscriber.id, kind: "item", categoryId: "footwear", htsCode: "6403.99.60", name: "Leather boots", priceCents: 12000, madeIn: "VN", thresholdPct: 1 },
  });
  const toys = await db.prisma.watch.create({ data: { subscriberId: subscriber.id, kind: "category", categoryId: "toys", thresholdPct: 1 } });
  return { subscriber, shoes, toys };
}

describe("admin tariff handlers", () => {
  it("answer 401 to a visitor, a forged subrequest header and a forged cookie", async () => {
    const visitors: Record<string, string>[] = [{}, ...FORGED_SUBREQUEST_HEADERS, { cookie: "tariffwatch.admin-session=forged" }];
    for (const headers of visitors) {
      expect((await createMeasureRoute(call("/api/admin/tariffs/measures", "POST", NEW_MEASURE, headers))).status).toBe(401);
      expect((await patchMeasureRoute(call("/api/admin/tariffs/measures/s122_surcharge", "PATCH", { notes: "x" }, headers), params("s122_surcharge"))).status).toBe(401);
      expect((await createEventRoute(call("/api/admin/tariffs/events", "POST", {}, headers))).status).toBe(401);
      expect((await deleteEventRoute(call("/api/admin/tariffs/events/x", "DELETE", undefined, headers), params("x"))).status).toBe(401);
      expect((await reviewRoute(call("/api/admin/tariffs/review/x", "POST", { status: "done" }, headers), params("x"))).status).toBe(401);
    }
    expect(await db.prisma.tariffAuditLog.count()).toBe(0);
  });

  it("refuse a measure without a citation URL (or with an http one), one message per field", async () => {
    const { sourceUrl: _omit, ...withoutUrl } = NEW_MEASURE;
    const missing = await createMeasureRoute(asAdmin("/api/admin/tariffs/measures", "POST", { ...withoutUrl, rate: -1, authority: "NOPE", products: ["64x"] }));
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { errors: Record<string, string> };
    expect(body.errors.sourceUrl).toMatch(/citation URL is required/);
    expect(body.errors.rate).toMatch(/negative/);
    expect(body.errors.authority).toBeDefined();
    expect(body.errors["products.0"]).toMatch(/prefix/);

    const http = await createMeasureRoute(asAdmin("/api/admin/tariffs/measures", "POST", { ...NEW_MEASURE, sourceUrl: "http://www.federalregister.gov/x" }));
    expect(http.status).toBe(400);
    expect(((await http.json()) as { errors: Record<string, string> }).errors).toEqual({ sourceUrl: "The citation URL must be a full https:// address." });

    const noEventUrl = await createEventRoute(asAdmin("/api/admin/tariffs/events", "POST", { measureId: "s122_surcharge", date: "2026-13-01", type: "RATE_CHANGE" }));
    expect(noEventUrl.status).toBe(400);
    const eventErrors = ((await noEventUrl.json()) as { errors: Record<string, string> }).errors;
    expect(Object.keys(eventErrors).sort()).toEqual(["date", "sourceUrl"]);
    expect(await db.prisma.tariffAuditLog.count()).toBe(0);
  });

  it("add a measure with an op_ id and its citation as a source, then edit it; each change is in the audit log with before and after", async () => {
    const created = await createMeasureRoute(asAdmin("/api/admin/tariffs/measures", "POST", NEW_MEASURE));
    expect(created.status).toBe(201);
    const answer = (await created.json()) as { item: { id: string; sourceId: string; products: string[] }; message: string; summary: { watchesEvaluated: number } };
    expect(answer.item.id).toBe("op_section_232_footwear_test");
    expect(answer.item.products).toEqual(["640399"]);
    expect(answer.message).toMatch(/^Added measure op_section_232_footwear_test; re-evaluated 0 watches, wrote 0 alerts\.$/);
    const source = await db.prisma.sourceDocument.findUniqueOrThrow({ where: { id: answer.item.sourceId } });
    expect(source).toMatchObject({ url: FR_URL, kind: "FR_DOC", publisher: "Federal Register", citation: "FR Doc 2026-22222" });
    expect(source.id.startsWith("op_")).toBe(true);
    expect(source.publishedAt.toISOString().slice(0, 10)).toBe("2026-11-02");

    // A second measure citing the same URL reuses the source.
    const again = await createMeasureRoute(asAdmin("/api/admin/tariffs/measures", "POST", { ...NEW_MEASURE, id: "op_second" }));
    expect(((await again.json()) as { item: { sourceId: string } }).item.sourceId).toBe(source.id);
    const taken = await createMeasureRoute(asAdmin("/api/admin/tariffs/measures", "POST", { ...NEW_MEASURE, id: "op_second" }));
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { errors: Record<string, string> }).errors.id).toBeDefined();

    const edited = await patchMeasureRoute(asAdmin("/api/admin/tariffs/measures/op_second", "PATCH", { rate: 0.3, confidence: "high" }), params("op_second"));
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { item: { rate: number } }).item.rate).toBe(0.3);
    expect((await patchMeasureRoute(asAdmin("/api/admin/tariffs/measures/op_none", "PATCH", { rate: 0.3 }), params("op_none"))).status).toBe(404);
    expect((await patchMeasureRoute(asAdmin("/api/admin/tariffs/measures/op_second", "PATCH", {}), params("op_second"))).status).toBe(400);

    const audit = await db.prisma.tariffAuditLog.findMany({ orderBy: { at: "asc" } });
    expect(audit.map((a) => [a.actor, a.action, a.measureId])).toEqual([
      ["operator", "measure.create", "op_section_232_footwear_test"],
      ["operator", "measure.create", "op_second"],
      ["operator", "measure.update", "op_second"],
    ]);
    expect(audit[2]!.before).toMatchObject({ rate: 0.25, confidence: "medium" });
    expect(audit[2]!.after).toMatchObject({ rate: 0.3, confidence: "high" });
    for (const row of audit) expect(row.summary).toMatchObject({ watchesEvaluated: expect.any(Number), alertsWritten: expect.any(Number) });

    // A re-load of the committed tables keeps operator rows.
    await loadTariffTables(db.prisma, TABLES);
    expect(await db.prisma.tariffMeasure.count({ where: { id: { startsWith: "op_" } } })).toBe(2);
    expect(await db.prisma.sourceDocument.findUnique({ where: { id: source.id } })).not.toBeNull();
  });

  it("adding an event that touches a watched line re-evaluates only the touched watches and writes the alert", async () => {
    const { shoes, toys } = await watchers();
    const measure = (await (await createMeasureRoute(asAdmin("/api/admin/tariffs/measures", "POST", NEW_MEASURE))).json()) as {
      item: { id: string };
      summary: { watchesEvaluated: number; alertsWritten: number };
    };
    // The measure has no event yet (status unknown: no duty), so nothing fires; only the footwear watch is on its lines.
    expect(measure.summary).toMatchObject({ watchesEvaluated: 1, alertsWritten: 0 });

    const response = await createEventRoute(
      asAdmin("/api/admin/tariffs/events", "POST", { measureId: measure.item.id, date: today(), type: "EFFECTIVE", note: "In force today.", sourceUrl: FR_URL }),
    );
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { item: { id: string }; summary: { watchesEvaluated: number; alertsWritten: number }; message: string };
    expect(answer.item.id).toBe(`op_section_232_footwear_test:effective:${today()}`);
    expect(answer.summary).toMatchObject({ watchesEvaluated: 1, alertsWritten: 1 });
    expect(answer.message).toBe(`Added event ${answer.item.id}; re-evaluated 1 watch, wrote 1 alert.`);

    const alerts = await db.prisma.subscriberAlert.findMany();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ watchId: shoes.id, categoryId: "footwear", eventIds: [answer.item.id] });
    expect(Number(alerts[0]!.centralPct)).toBeGreaterThan(0);
    expect((await db.prisma.watch.findUniqueOrThrow({ where: { id: toys.id } })).evaluatedAt).toBeNull();
    expect((await db.prisma.watch.findUniqueOrThrow({ where: { id: shoes.id } })).evaluatedAt).not.toBeNull();

    const audit = await db.prisma.tariffAuditLog.findFirstOrThrow({ where: { action: "event.create" } });
    expect(audit).toMatchObject({ actor: "operator", measureId: measure.item.id, eventId: answer.item.id });
    expect(audit.summary).toMatchObject({ watchesEvaluated: 1, alertsWritten: 1 });

    // Editing the event's rate is seen at once (the law cache notices), and deleting it is audited with what it was.
    const patched = await patchEventRoute(asAdmin(`/api/admin/tariffs/events/${answer.item.id}`, "PATCH", { rate: 0.4, note: "Rate corrected." }), params(answer.item.id));
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { item: { rate: number } }).item.rate).toBe(0.4);
    const deleted = await deleteEventRoute(asAdmin(`/api/admin/tariffs/events/${answer.item.id}`, "DELETE"), params(answer.item.id));
    expect(deleted.status).toBe(200);
    expect(await db.prisma.measureEvent.findUnique({ where: { id: answer.item.id } })).toBeNull();
    expect((await deleteEventRoute(asAdmin(`/api/admin/tariffs/events/${answer.item.id}`, "DELETE"), params(answer.item.id))).status).toBe(404);
    const rows = await db.prisma.tariffAuditLog.findMany({ where: { eventId: answer.item.id }, orderBy: { at: "asc" } });
    expect(rows.map((r) => r.action)).toEqual(["event.create", "event.update", "event.delete"]);
    expect(rows[1]!.before).toMatchObject({ rate: null, note: "In force today." });
    expect(rows[1]!.after).toMatchObject({ rate: 0.4, note: "Rate corrected." });
    expect(rows[2]!.before).toMatchObject({ id: answer.item.id, rate: 0.4 });
  });

  it("a rate change needs its rate, and an event for an unknown measure is a 400 on measureId", async () => {
    const noRate = await createEventRoute(asAdmin("/api/admin/tariffs/events", "POST", { measureId: "s122_surcharge", date: "2026-12-01", type: "RATE_CHANGE", sourceUrl: FR_URL }));
    expect(noRate.status).toBe(400);
    expect(((await noRate.json()) as { errors: Record<string, string> }).errors).toEqual({ rate: "A rate change needs the new rate." });
    const unknown = await createEventRoute(asAdmin("/api/admin/tariffs/events", "POST", { measureId: "nope", date: "2026-12-01", type: "EFFECTIVE", sourceUrl: FR_URL }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { errors: Record<string, string> }).errors).toEqual({ measureId: "No such measure." });
  });
});

describe("review items from the Federal Register refresh", () => {
  let fake: FakeGovApis;
  beforeAll(async () => {
    fake = await startFakeGovApis();
  });
  afterAll(async () => {
    await fake.close();
  });

  const doc = (n: string, title: string, abstract: string): FrDocument => ({
    title,
    type: "Notice",
    abstract,
    document_number: n,
    html_url: `https://www.federalregister.gov/documents/2026/11/02/${n}/x`,
    pdf_url: null,
    public_inspection_pdf_url: null,
    publication_date: "2026-11-02",
    agencies: [{ raw_name: "OFFICE OF THE UNITED STATES TRADE REPRESENTATIVE", name: "Trade Representative, Office of United States", id: 1, url: "https://www.federalregister.gov/agencies/ustr", json_url: "https://www.federalregister.gov/api/v1/agencies/1", parent_id: null, slug: "ustr" }],
    excerpts: null,
  });

  it("queues each tariff document once, skips the others, and the operator marks one done and dismisses another", async () => {
    fake.bls = new Map();
    fake.federalRegister = [
      doc("2026-30001", "Notice of Modification: Section 301 Action on Footwear", "USTR modifies the action."),
      doc("2026-30002", "Adjusting Imports of Copper Into the United States", "Proclamation adjusting imports; additional duties of 50 percent."),
      doc("2026-30003", "Meeting of the Advisory Committee on Trade Policy", "Notice of an open meeting."),
    ];
    const run = () =>
      refreshEconomicData({
        db: db.prisma,
        trigger: "cli",
        sleep: async () => undefined,
        log: () => undefined,
        config: { blsApiUrl: fake.blsUrl, federalRegisterApiUrl: fake.federalRegisterUrl, timeoutMs: 2_000, retries: 0 },
      });
    const first = await run();
    expect(first.federalRegister).toMatchObject({ ok: true, documents: 3, reviewItems: 2 });
    expect((await run()).federalRegister.reviewItems).toBe(0);
    const items = await db.prisma.tariffReviewItem.findMany({ orderBy: { documentNumber: "asc" } });
    expect(items.map((i) => [i.documentNumber, i.status])).toEqual([
      ["2026-30001", "to-review"],
      ["2026-30002", "to-review"],
    ]);

    const done = await reviewRoute(asAdmin(`/api/admin/tariffs/review/${items[0]!.id}`, "POST", { status: "done" }), params(items[0]!.id));
    expect(done.status).toBe(200);
    const dismissed = await reviewRoute(asAdmin(`/api/admin/tariffs/review/${items[1]!.id}`, "POST", { status: "dismissed" }), params(items[1]!.id));
    expect(dismissed.status).toBe(200);
    expect((await reviewRoute(asAdmin(`/api/admin/tariffs/review/${items[1]!.id}`, "POST", { status: "maybe" }), params(items[1]!.id))).status).toBe(400);
    expect(
      (await reviewRoute(asAdmin("/api/admin/tariffs/review/00000000-0000-0000-0000-000000000000", "POST", { status: "done" }), params("00000000-0000-0000-0000-000000000000")))
        .status,
    ).toBe(404);
    const after = await db.prisma.tariffReviewItem.findMany({ orderBy: { documentNumber: "asc" } });
    expect(after.map((i) => [i.status, i.resolvedBy])).toEqual([
      ["done", "operator"],
      ["dismissed", "operator"],
    ]);
    const audit = await db.prisma.tariffAuditLog.findMany({ orderBy: { at: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["review.done", "review.dismiss"]);
  });
});

describe("/admin/tariffs", () => {
  it("redirects a visitor to sign-in and renders for an admin; a page number that is not one is a 404", async () => {
    const { default: Page } = await import("@/app/admin/tariffs/page");
    const query = (q: Record<string, string> = {}) => ({ searchParams: Promise.resolve(q) });
    mockRequestHeaders = {};
    await expect(Page(query())).rejects.toMatchObject({ digest: `NEXT_REDIRECT;replace;/admin/sign-in?callbackUrl=${encodeURIComponent("/admin/tariffs")};307;` });
    mockRequestHeaders = { cookie };
    expect(isValidElement(await Page(query()))).toBe(true);
    expect(isValidElement(await Page(query({ page: "2" })))).toBe(true);
    await expect(Page(query({ page: "two" }))).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  });

  it("shows each measure's status today, its categories (one query) and the watches a change re-evaluates (one aggregate)", async () => {
    await watchers();
    const categories = await categoriesByMeasure(db.prisma);
    const watches = await watchesByMeasure(db.prisma);
    // Section 122 covers every product: every category with lines, and both watches.
    const s122 = (await db.prisma.tariffMeasure.findMany({ where: { authority: "S122" }, select: { id: true } }))[0]!.id;
    expect(categories.get(s122)!.map((c) => c.id)).toEqual(expect.arrayContaining(["footwear", "toys"]));
    expect(watches.get(s122)).toBe(2);
    // Asked for the measures of one page only, the same categories for those.
    expect(await categoriesByMeasure(db.prisma, [s122])).toEqual(new Map([[s122, categories.get(s122)]]));
    const page = await loadTariffOverview(db.prisma, new Date(), (sorted) => sorted.filter((m) => m.id === s122));
    expect(page.measures.map((m) => [m.id, m.categories])).toEqual([[s122, categories.get(s122)]]);

    const overview = await loadTariffOverview(db.prisma, new Date());
    expect(overview.measures.length).toBe(await db.prisma.tariffMeasure.count());
    for (const m of overview.measures) {
      expect(m.status).toEqual(expect.any(String));
      for (let i = 1; i < m.events.length; i++) expect(m.events[i - 1]!.date <= m.events[i]!.date).toBe(true);
    }
  });
});
