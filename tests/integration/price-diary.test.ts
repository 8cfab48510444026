import { GET as listPrices, POST as addPrice } from "@/app/api/watchlist/[id]/prices/route";
import { DELETE as deletePrice } from "@/app/api/watchlist/[id]/prices/[entryId]/route";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { deleteAccountData, exportAccountData } from "@/lib/accounts/account-data";
import { deliverAlerts } from "@/lib/alerts/deliver";
import { resetLawCache } from "@/lib/tariffs/law";
import { loadProjectionTables } from "@/lib/tariffs/projection-tables";
import { diaryChart, explainedBand } from "@/lib/watchlist/price-diary";
import { ENTRIES_PER_WATCH } from "@/lib/watchlist/price-diary-schema";
import { makeSubscriber, seedAlertFixtures } from "../helpers/alert-fixtures";
import { newClientIp } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * The price diary's routes against the real database (docs/alerts.md, "Price diary"), with
 * fixed days and the alert fixtures' law: a coffee maker made in Italy (HTS 8516.71.00, MFN
 * 3.7%) pays the Section 122 10% surcharge from 2026-02-24 until it expires on 2026-07-24.
 */
const db = setupTestDatabase();
type Json = Record<string, unknown>;

beforeEach(async () => {
  resetLawCache();
  await seedAlertFixtures(db.prisma);
});

async function signedIn(email: string, plan?: "professional") {
  const id = await makeSubscriber(db.prisma, email, plan ? { plan } : { trial: true }, new Date(), { alertFrequency: "instant" });
  const { token } = await createSession(db.prisma, id, new Date());
  return { id, cookie: `${subscriberCookieName()}=${token}` };
}

async function coffeeMaker(subscriberId: string) {
  return db.prisma.watch.create({
    data: { subscriberId, kind: "item", categoryId: "appliances", htsCode: "8516.71.00", name: "Espresso machine", madeIn: "IT", priceCents: 10_000, thresholdPct: 3 },
    select: { id: true, categoryId: true, htsCode: true, madeIn: true, horizonDays: true },
  });
}

function req(method: string, path: string, opts: { cookie?: string; body?: unknown; raw?: string; ip?: string } = {}): Request {
  const hasBody = opts.body !== undefined || opts.raw !== undefined;
  return new Request(`http://localhost${path}`, {
    method,
    headers: {
      "x-forwarded-for": opts.ip ?? newClientIp(),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(hasBody ? { "content-type": "application/json" } : {}),
    },
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
}

const ctx = (id: string, entryId?: string) => ({ params: Promise.resolve<Record<string, string>>(entryId ? { id, entryId } : { id }) });

async function add(cookie: string, watchId: string, body: unknown, ip?: string) {
  const r = await addPrice(req("POST", `/api/watchlist/${watchId}/prices`, { cookie, body, ip }), ctx(watchId));
  return { status: r.status, body: (await r.json()) as Json };
}

describe("price diary routes", () => {
  it("needs a signed-in subscriber", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await listPrices(req("GET", `/api/watchlist/${id}/prices`), ctx(id))).status).toBe(401);
    expect((await addPrice(req("POST", `/api/watchlist/${id}/prices`, { body: { paidOn: "2026-01-01", price: 1 } }), ctx(id))).status).toBe(401);
    expect((await deletePrice(req("DELETE", `/api/watchlist/${id}/prices/${id}`), ctx(id, id))).status).toBe(401);
  });

  it("answers 400 with a message per field, 415 for a body not JSON, never a 500", async () => {
    const me = await signedIn("diary-400@example.com");
    const w = await coffeeMaker(me.id);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const future = await add(me.cookie, w.id, { paidOn: tomorrow, price: 10 });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ paidOn: "The day you paid cannot be in the future." });
    for (const [body, field] of [
      [{ paidOn: "1999-12-31", price: 10 }, "paidOn"],
      [{ paidOn: "2026-02-30", price: 10 }, "paidOn"],
      [{ paidOn: "2026-01-01", price: 0 }, "price"],
      [{ paidOn: "2026-01-01", price: 1_000_000 }, "price"],
      [{ paidOn: "2026-01-01", price: 10, shop: "x".repeat(81) }, "shop"],
      [{ paidOn: "2026-01-01", price: 10, shop: "a\nb" }, "shop"],
    ] as const) {
      const r = await add(me.cookie, w.id, body);
      expect([r.status, Object.keys((r.body.errors as Json) ?? {})]).toEqual([400, [field]]);
    }
    expect((await add(me.cookie, w.id, { paidOn: "2026-01-01", price: 10, note: "x" })).status).toBe(400);
    const notJson = await addPrice(
      new Request(`http://localhost/api/watchlist/${w.id}/prices`, { method: "POST", headers: { cookie: me.cookie, "content-type": "text/plain", "x-forwarded-for": newClientIp() }, body: "x" }),
      ctx(w.id),
    );
    expect(notJson.status).toBe(415);
    const broken = await addPrice(req("POST", `/api/watchlist/${w.id}/prices`, { cookie: me.cookie, raw: "{" }), ctx(w.id));
    expect(broken.status).toBe(400);
    expect(await db.prisma.priceEntry.count()).toBe(0);
  });

  it("keeps each subscriber's diary their own: 404 for another's watch or entry", async () => {
    const me = await signedIn("diary-owner@example.com");
    const other = await signedIn("diary-other@example.com");
    const w = await coffeeMaker(me.id);
    const added = await add(me.cookie, w.id, { paidOn: "2026-01-15", price: 100, shop: "Corner Shop" });
    expect(added.status).toBe(201);
    const entryId = (added.body.entry as Json).id as string;

    expect((await add(other.cookie, w.id, { paidOn: "2026-01-16", price: 100 })).status).toBe(404);
    expect((await listPrices(req("GET", `/api/watchlist/${w.id}/prices`, { cookie: other.cookie }), ctx(w.id))).status).toBe(404);
    const theirs = await deletePrice(req("DELETE", `/api/watchlist/${w.id}/prices/${entryId}`, { cookie: other.cookie }), ctx(w.id, entryId));
    expect(theirs.status).toBe(404);
    // Another's entry under one's own watch is not found either.
    const otherWatch = await coffeeMaker(other.id);
    const crossed = await deletePrice(req("DELETE", `/api/watchlist/${otherWatch.id}/prices/${entryId}`, { cookie: other.cookie }), ctx(otherWatch.id, entryId));
    expect(crossed.status).toBe(404);
    expect((await listPrices(req("GET", "/api/watchlist/nope/prices", { cookie: me.cookie }), ctx("nope"))).status).toBe(404);
    expect((await deletePrice(req("DELETE", `/api/watchlist/${w.id}/prices/nope`, { cookie: me.cookie }), ctx(w.id, "nope"))).status).toBe(404);

    const list = await listPrices(req("GET", `/api/watchlist/${w.id}/prices`, { cookie: me.cookie }), ctx(w.id));
    expect(await list.json()).toEqual({ entries: [{ id: entryId, paidOn: "2026-01-15", priceCents: 10_000, shop: "Corner Shop" }] });

    const mine = await deletePrice(req("DELETE", `/api/watchlist/${w.id}/prices/${entryId}`, { cookie: me.cookie }), ctx(w.id, entryId));
    expect([mine.status, await mine.json()]).toEqual([200, { deleted: entryId }]);
    expect(await db.prisma.priceEntry.count()).toBe(0);
  });

  it("limits: a diary keeps 200 prices, and adds are rate limited per subscriber", async () => {
    const me = await signedIn("diary-limits@example.com");
    const w = await coffeeMaker(me.id);
    await db.prisma.priceEntry.createMany({
      data: Array.from({ length: ENTRIES_PER_WATCH }, (_, i) => ({ watchId: w.id, subscriberId: me.id, paidOn: new Date(Date.UTC(2020, 0, 1 + i)), priceCents: 10_000 })),
    });
    const full = await add(me.cookie, w.id, { paidOn: "2026-01-15", price: 100 });
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/at most 200 prices/);

    // 20 adds at once, then the bucket is empty (whatever the client address).
    const statuses = await Promise.all(Array.from({ length: 24 }, () => add(me.cookie, w.id, { paidOn: "2026-01-15", price: 100 }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it("alerts once when a price rose clearly more than the tariff explains, and a retry adds nothing", async () => {
    const me = await signedIn("diary-above@example.com", "professional");
    const w = await coffeeMaker(me.id);
    expect((await add(me.cookie, w.id, { paidOn: "2026-01-15", price: 100, shop: "Corner Shop" })).body.alerts).toEqual([]);
    // +1%: inside what the 10% surcharge explains.
    expect((await add(me.cookie, w.id, { paidOn: "2026-03-20", price: 101, shop: "Corner Shop" })).body.alerts).toEqual([]);

    const tables = (await loadProjectionTables(db.prisma, [w])).tablesFor(w)!;
    const band = explainedBand(tables, w, "2026-01-15", "2026-04-01")!;
    expect(band.high).toBeGreaterThan(0);
    expect(band.high).toBeLessThan(10);
    // +30%: far above the band's high end.
    const above = await add(me.cookie, w.id, { paidOn: "2026-04-01", price: 130, shop: "Corner Shop" });
    expect([above.status, above.body.alerts]).toEqual([201, ["price-above-tariff"]]);
    const again = await add(me.cookie, w.id, { paidOn: "2026-04-01", price: 130, shop: "Corner Shop" });
    expect((again.body.entry as Json).id).toBe((above.body.entry as Json).id);

    const alerts = await db.prisma.subscriberAlert.findMany({ where: { subscriberId: me.id } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: "price-above-tariff", watchId: w.id, severity: "watch" });
    expect(alerts[0]!.reason).toContain("$130.00 on 2026-04-01 at Corner Shop, +30.0% over your first price of $100.00 on 2026-01-15");
    expect(await db.prisma.priceEntry.count({ where: { watchId: w.id } })).toBe(3);

    // Delivered once: a second run sends no second email.
    const deps = { now: new Date(), siteUrl: "https://tariffwatch.example", secret: "test-unsubscribe-secret-0123456789abcdef", sms: null };
    expect((await deliverAlerts(db.prisma, deps)).emailed).toBe(1);
    expect((await deliverAlerts(db.prisma, deps)).emailed).toBe(0);
    expect(await db.prisma.sentEmail.count({ where: { template: "tariff-alert", recipient: "diary-above@example.com" } })).toBe(1);

    // The chart's band: on each price's day, the base price times the band explained to it.
    const chart = await diaryChart(db.prisma, me.id, w.id);
    expect(chart.entries.map((e) => e.priceCents)).toEqual([10_000, 10_100, 13_000]);
    expect(chart.band?.find((b) => b.day === "2026-04-01")).toEqual({ day: "2026-04-01", low: Math.round(10_000 * (1 + band.low / 100)), high: Math.round(10_000 * (1 + band.high / 100)) });
    // Before the surcharge (on 2026-02-23) the law explains nothing.
    expect(chart.band?.find((b) => b.day === "2026-02-23")).toEqual({ day: "2026-02-23", low: 10_000, high: 10_000 });
  });

  it("alerts once when the price did not come down 60 days after the surcharge expired", async () => {
    const me = await signedIn("diary-stays@example.com");
    const w = await coffeeMaker(me.id);
    await add(me.cookie, w.id, { paidOn: "2026-01-15", price: 100 });
    await add(me.cookie, w.id, { paidOn: "2026-06-01", price: 104 });
    // 59 days after 2026-07-24: too early to say.
    expect((await add(me.cookie, w.id, { paidOn: "2026-09-20", price: 104 })).body.alerts).toEqual([]);
    const late = await add(me.cookie, w.id, { paidOn: "2026-09-22", price: 104.5 });
    expect(late.body.alerts).toEqual(["price-stays-up"]);
    // A later price that still has not come down: the same fall, no second alert.
    await add(me.cookie, w.id, { paidOn: "2026-10-15", price: 105 });
    const alerts = await db.prisma.subscriberAlert.findMany({ where: { subscriberId: me.id } });
    expect(alerts.map((a) => a.kind)).toEqual(["price-stays-up"]);
    expect(alerts[0]!.dedupeKey).toBe(`diary:stays-up:${w.id}:s122:expired`);
    expect(alerts[0]!.reason).toContain("The duty on this item fell on 2026-07-24 (Section 122 surcharge: expired)");

    // A price that came down raises nothing for the next watch.
    const w2 = await coffeeMaker(me.id);
    await add(me.cookie, w2.id, { paidOn: "2026-01-15", price: 100 });
    await add(me.cookie, w2.id, { paidOn: "2026-06-01", price: 104 });
    expect((await add(me.cookie, w2.id, { paidOn: "2026-10-01", price: 100 })).body.alerts).toEqual([]);
  });

  it("goes into the account's export and with its deletion", async () => {
    const me = await signedIn("diary-export@example.com");
    const w = await coffeeMaker(me.id);
    await add(me.cookie, w.id, { paidOn: "2026-01-15", price: 100, shop: "Corner Shop" });
    const data = await exportAccountData(db.prisma, me.id, new Date());
    expect(data.priceDiary).toEqual([expect.objectContaining({ watchId: w.id, priceCents: 10_000, shop: "Corner Shop" })]);
    await deleteAccountData(db.prisma, me.id, new Date());
    expect(await db.prisma.priceEntry.count()).toBe(0);
  });
});
