import { POST as optOutRoute } from "@/app/api/alerts/unsubscribe/route";
import { deliverAlerts, sendDigests } from "@/lib/alerts/deliver";
import { evaluateWatches } from "@/lib/alerts/evaluate";
import { armedAfterSql, fireSql, severitySql, suppressedSql } from "@/lib/alerts/fire-sql";
import { createAlertOptOutToken } from "@/lib/alerts/optout";
import { decideFire, type RearmNext, type RearmState } from "@/lib/alerts/rearm";
import { severityOf, type SeverityInput } from "@/lib/alerts/severity";
import { evidenceFor } from "@/lib/alerts/stored-evidence";
import { createResendTransport, type EmailTransport } from "@/lib/email/transport";
import { deliverDueEmails } from "@/lib/email/outbox";
import { resetLawCache } from "@/lib/tariffs/law";
import { createTwilioSender } from "@/lib/sms/twilio";
import { FIXTURE_NOW, makeSubscriber, seedAlertFixtures } from "../helpers/alert-fixtures";
import { startFakeResend, type FakeResend } from "../helpers/fake-resend";
import { startFakeTwilio, type FakeTwilio } from "../helpers/fake-twilio";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
const SITE = "https://tariffwatch.example";
const SECRET = "test-unsubscribe-secret-0123456789abcdef";
const quiet = { info: () => undefined, warn: () => undefined };
const now = FIXTURE_NOW;
const DAY = 86_400_000;

let resend: FakeResend;
let transport: EmailTransport;
let twilio: FakeTwilio;

beforeAll(async () => {
  resend = await startFakeResend();
  transport = createResendTransport({ apiKey: resend.apiKey, baseUrl: resend.url, requestsPerSecond: 0 });
  twilio = await startFakeTwilio();
});
afterAll(async () => {
  await resend.close();
  await twilio.close();
});
beforeEach(async () => {
  resend.delivered.length = 0;
  twilio.messages.length = 0;
  resetLawCache();
  await seedAlertFixtures(db.prisma);
});

const deps = (extra: { sms?: boolean } = {}) => ({
  now,
  siteUrl: SITE,
  secret: SECRET,
  email: { transport, logger: quiet, unsubscribeSecret: SECRET },
  sms: extra.sms ? createTwilioSender({ accountSid: twilio.accountSid, authToken: twilio.authToken, from: twilio.from, apiUrl: twilio.url }) : null,
});

/** The email-delivery job (docs/email.md, "Sending"): alert jobs record their emails, it delivers them. */
const runDelivery = (at: Date = now) => deliverDueEmails(db.prisma, at, deps().email);

type WatchInput = { categoryId?: string; htsCode?: string | null; name?: string | null; madeIn?: string | null; priceCents?: number | null; thresholdPct?: number; horizonDays?: number; direction?: string };

async function watch(subscriberId: string, w: WatchInput = {}) {
  return db.prisma.watch.create({
    data: {
      subscriberId,
      kind: w.htsCode ? "item" : "category",
      categoryId: w.categoryId ?? "footwear",
      htsCode: w.htsCode === undefined ? "6403.99.60" : w.htsCode,
      name: w.name === undefined ? "Men's leather shoes" : w.name,
      madeIn: w.madeIn === undefined ? "VN" : w.madeIn,
      priceCents: w.priceCents === undefined ? 12000 : w.priceCents,
      thresholdPct: w.thresholdPct ?? 0.5,
      horizonDays: w.horizonDays ?? 180,
      direction: w.direction ?? "both",
    },
  });
}

const alertsOf = (watchId: string) => db.prisma.subscriberAlert.findMany({ where: { watchId }, orderBy: { createdAt: "asc" } });

describe("the SQL rule agrees with decideFire and severityOf", () => {
  it("decides every case of the table the same way", async () => {
    const base: RearmState = { armed: true, lastFiredAt: null, lastFiredPct: null, snoozedUntil: null, rearmDays: -1, firedToday: 0, maxPerDay: 3 };
    const next: RearmNext = { centralPct: 3.5, thresholdPct: 3, direction: "both", newEvent: false };
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const cases: [RearmState, RearmNext][] = [];
    for (const direction of ["up", "down", "both"] as const) {
      for (const central of [-12, -3.5, -3, -2.01, -2, -1.99, 0, 1.99, 2, 2.01, 2.3, 3, 3.3, 3.5, 4.3, 12]) {
        cases.push([base, { ...next, direction, centralPct: central }]);
        cases.push([{ ...base, armed: false, lastFiredPct: 3.3, lastFiredAt: ago(2) }, { ...next, direction, centralPct: central }]);
        cases.push([{ ...base, armed: false, lastFiredPct: 2.3, lastFiredAt: ago(2) }, { ...next, direction, centralPct: central, newEvent: true }]);
        cases.push([{ ...base, armed: false, lastFiredPct: 3.3, lastFiredAt: ago(30) }, { ...next, direction, centralPct: central }]);
        cases.push([{ ...base, armed: false, lastFiredPct: 3.3, lastFiredAt: ago(29.9) }, { ...next, direction, centralPct: central }]);
        cases.push([{ ...base, armed: false, lastFiredPct: 3.3, lastFiredAt: ago(400), rearmDays: 0 }, { ...next, direction, centralPct: central }]);
        cases.push([{ ...base, armed: false, lastFiredPct: 3.3, lastFiredAt: ago(8), rearmDays: 7 }, { ...next, direction, centralPct: central }]);
        cases.push([{ ...base, armed: false, lastFiredPct: 12, lastFiredAt: ago(1) }, { ...next, direction, centralPct: central, newEvent: true }]);
      }
    }
    cases.push([{ ...base, snoozedUntil: new Date(now.getTime() + DAY) }, next]);
    cases.push([{ ...base, snoozedUntil: new Date(now.getTime() - 1) }, next]);
    cases.push([{ ...base, firedToday: 3 }, next]);
    cases.push([{ ...base, firedToday: 2 }, next]);
    cases.push([{ ...base, firedToday: 0, maxPerDay: 0 }, next]);
    cases.push([{ ...base, snoozedUntil: new Date(now.getTime() + DAY), firedToday: 9 }, next]);

    const cols = {
      armed: "(c->>'armed')::boolean",
      lastFiredAt: "(c->>'lastFiredAt')::timestamptz",
      lastFiredPct: "(c->>'lastFiredPct')::float8",
      snoozedUntil: "(c->>'snoozedUntil')::timestamptz",
      rearmDays: "(c->>'rearmDays')::int",
      firedToday: "(c->>'firedToday')::int",
      maxPerDay: "(c->>'maxPerDay')::int",
      centralPct: "(c->>'centralPct')::float8",
      thresholdPct: "(c->>'thresholdPct')::float8",
      direction: "(c->>'direction')",
      newEvent: "(c->>'newEvent')::boolean",
      now: "$2::timestamptz",
    };
    const rows = await db.prisma.$queryRawUnsafe<{ i: number; fire: boolean; armed: boolean; suppressed: string | null }[]>(
      `SELECT (ord - 1)::int AS i, ${fireSql(cols)} AS fire, ${armedAfterSql(cols)} AS armed,
              CASE WHEN ${fireSql(cols)} THEN ${suppressedSql(cols)} END AS suppressed
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(c, ord) ORDER BY ord`,
      JSON.stringify(cases.map(([s, n]) => ({ ...s, ...n }))),
      now.toISOString(),
    );
    expect(rows).toHaveLength(cases.length);
    const mismatches = cases
      .map(([s, n], i) => {
        const js = decideFire(s, n, now);
        const sql = rows[i]!;
        return js.fire === sql.fire && js.armed === sql.armed && (js.fire ? js.suppressed : null) === sql.suppressed ? null : { i, state: s, next: n, js, sql };
      })
      .filter(Boolean);
    expect(mismatches).toEqual([]);
    // The table reaches every branch.
    const decisions = cases.map(([s, n]) => decideFire(s, n, now));
    expect(new Set(decisions.map((d) => `${d.fire}/${d.armed}/${d.suppressed}`)).size).toBeGreaterThanOrEqual(5);
  });

  it("computes severity the same way", async () => {
    const cases: SeverityInput[] = [];
    for (const centralPct of [-11, -3, -2.99, -0.5, 0, 2.99, 3, 4.99, 5, 9.99, 10, 25]) {
      for (const effectiveInDays of [null, -5, 0, 30, 31, 60, 61]) {
        for (const centralCents of [null, 2499, 2500]) {
          for (const thresholdPct of [3, 0.5]) {
            cases.push({ centralPct, highPct: centralPct * 2, thresholdPct, finality: "final", effectiveInDays, centralCents });
          }
        }
      }
      cases.push({ centralPct, highPct: centralPct, thresholdPct: 3, finality: "proposed", effectiveInDays: 10, centralCents: null });
    }
    const s = {
      centralPct: "(c->>'centralPct')::float8",
      thresholdPct: "(c->>'thresholdPct')::float8",
      finality: "(c->>'finality')",
      effectiveInDays: "(c->>'effectiveInDays')::int",
      centralCents: "(c->>'centralCents')::int",
    };
    const rows = await db.prisma.$queryRawUnsafe<{ severity: string }[]>(
      `SELECT ${severitySql(s)} AS severity FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(c, ord) ORDER BY ord`,
      JSON.stringify(cases),
    );
    expect(rows.map((r) => r.severity)).toEqual(cases.map((c) => severityOf(c)));
  });
});

describe("evaluating watches", () => {
  it("writes one alert with evidence and sources for a watch a new measure touches, none twice, none for an untouched watch", async () => {
    const sid = await makeSubscriber(db.prisma, "trial@example.com", { trial: true });
    const shoes = await watch(sid);
    const coffee = await watch(sid, { categoryId: "appliances", htsCode: "8516.71.00", name: "Coffee maker", madeIn: "CN", priceCents: 8000 });

    const first = await evaluateWatches(db.prisma, { now, measureIds: ["s301_forced_labor"] });
    expect(first).toMatchObject({ watchesEvaluated: 1, combos: 1, alertsWritten: 1 });
    const [alert, ...rest] = await alertsOf(shoes.id);
    expect(rest).toHaveLength(0);
    expect(alert).toMatchObject({
      kind: "legal-event",
      severity: "watch",
      title: "Men's leather shoes (made in Vietnam): +0.4% to +2.1% expected by Feb 2027",
      eventIds: ["fl301:effective", "s122:expired"],
      dedupeKey: `${shoes.id}:legal-event:fl301:effective,s122:expired`,
      centralCents: 90,
      suppressed: false,
    });
    expect(Number(alert!.centralPct)).toBeCloseTo(0.749, 3);
    expect(Number(alert!.highPct)).toBeCloseTo(2.11, 2);
    const [resolved] = await evidenceFor(db.prisma, [alert!]);
    const evidence = resolved as { nodes: { id: string; formula: string | null }[]; sources: { id: string; url: string; publishedAt: string }[]; dataVersions: Record<string, string> };
    expect(evidence.nodes.find((n) => n.id === "duty:VN:t1")?.formula).toBe("8.5% MFN + 12.5% (Forced-labor Section 301) = 21.0%");
    expect(evidence.nodes.find((n) => n.id === "landed")?.formula).toContain("+2.110%");
    expect(evidence.sources.map((s) => s.id)).toEqual(expect.arrayContaining(["fr-2026-fl301", "fr-2026-s122", "bea-pce-bridge"]));
    expect(evidence.sources.find((s) => s.id === "fr-2026-fl301")).toMatchObject({ url: "https://www.federalregister.gov/d/2026-03824", publishedAt: "2026-06-01" });
    expect(evidence.dataVersions).toMatchObject({ htsRelease: "2026_rev_10" });

    const again = await evaluateWatches(db.prisma, { now, measureIds: ["s301_forced_labor"] });
    expect(again.alertsWritten).toBe(0);
    // The forced-labor measure does not reach HTS 8516: the coffee maker was not evaluated.
    expect(await alertsOf(coffee.id)).toHaveLength(0);
    expect((await db.prisma.watch.findUniqueOrThrow({ where: { id: coffee.id } })).evaluatedAt).toBeNull();
    // The nightly full run sees the Section 122 expiry on it (relief), and nothing new for the shoes.
    const full = await evaluateWatches(db.prisma, { now, full: true });
    expect(full).toMatchObject({ watchesEvaluated: 2, alertsWritten: 1 });
    expect(await alertsOf(coffee.id)).toMatchObject([{ kind: "relief", eventIds: ["s122:expired"] }]);
    expect(await alertsOf(shoes.id)).toHaveLength(1);
    const after = await db.prisma.watch.findUniqueOrThrow({ where: { id: shoes.id } });
    expect(after.armed).toBe(false); // the legal-event alert carried the threshold crossing
    expect(after.evaluatedAt).toEqual(now);
  });

  it("does not alert when the change does not reach the item (Section 232 goods), nor for a lapsed account", async () => {
    const sid = await makeSubscriber(db.prisma, "trial@example.com", { trial: true });
    const sofa = await watch(sid, { categoryId: "furniture", htsCode: null, name: null, madeIn: null, priceCents: null });
    const lapsed = await makeSubscriber(db.prisma, "lapsed@example.com", { lapsedTrial: true });
    const lapsedWatch = await watch(lapsed);
    const r = await evaluateWatches(db.prisma, { now, full: true });
    expect(r.watchesEvaluated).toBe(2);
    expect(await alertsOf(sofa.id)).toHaveLength(0);
    expect(await alertsOf(lapsedWatch.id)).toHaveLength(0);
    const w = await db.prisma.watch.findUniqueOrThrow({ where: { id: lapsedWatch.id } });
    expect(w.armed).toBe(true); // alerts paused: projection refreshed, nothing fired
    expect(Number(w.lastCentralPct)).toBeGreaterThan(0.5);
  });

  it("writes a relief alert when a measure ends", async () => {
    const sid = await makeSubscriber(db.prisma, "consumer@example.com", { plan: "consumer" });
    const sofa = await watch(sid, { categoryId: "furniture", htsCode: "9401.61.40", name: "Sofa", madeIn: "VN", priceCents: 90000, thresholdPct: 3 });
    await db.prisma.measureEvent.create({ data: { id: "s232wood:struck", measureId: "s232_wood", date: new Date("2026-08-01"), type: "STRUCK_DOWN", sourceId: "fr-2025-s232-wood" } });
    const r = await evaluateWatches(db.prisma, { now, measureIds: ["s232_wood"] });
    expect(r.alertsWritten).toBe(1);
    const [alert] = await alertsOf(sofa.id);
    expect(alert).toMatchObject({ kind: "relief", severity: "relief", eventIds: ["s232wood:struck"] });
    expect(Number(alert!.centralPct)).toBeLessThan(0);
    expect(alert!.title).toMatch(/^Sofa \(made in Vietnam\): −[\d.]+% to −[\d.]+% expected by Mar 2027$/);
  });

  it("re-arms by hysteresis, by a new legal event and by the re-arm period", async () => {
    const sid = await makeSubscriber(db.prisma, "pro@example.com", { plan: "professional" });
    const w = await watch(sid);
    await evaluateWatches(db.prisma, { now, full: true });
    let state = await db.prisma.watch.findUniqueOrThrow({ where: { id: w.id } });
    expect(state).toMatchObject({ armed: false });
    const firedPct = Number(state.lastFiredPct);
    expect(firedPct).toBeCloseTo(Number(state.lastCentralPct), 3);

    // (c) the re-arm period (30 days) passes and the condition still holds: a threshold alert.
    const later = new Date(now.getTime() + 31 * DAY);
    await db.prisma.watch.update({ where: { id: w.id }, data: { lastFiredAt: new Date(later.getTime() - 31 * DAY) } });
    await evaluateWatches(db.prisma, { now: later, full: true });
    const periodic = (await alertsOf(w.id)).filter((a) => a.kind === "threshold");
    expect(periodic).toHaveLength(1);
    expect(periodic[0]!.dedupeKey).toBe(`${w.id}:threshold:${later.toISOString().slice(0, 10)}`);

    // (b) a new legal event that moves the projection by >= 1 pp: a new legal-event alert, the watch fires again.
    await db.prisma.measureEvent.create({ data: { id: "fl301:rate:2026-09-01", measureId: "s301_forced_labor", date: new Date("2026-09-01"), type: "RATE_CHANGE", rate: 0.25, sourceId: "fr-2026-fl301" } });
    const r = await evaluateWatches(db.prisma, { now: later, measureIds: ["s301_forced_labor"] });
    expect(r.alertsWritten).toBe(1);
    const fresh = (await alertsOf(w.id)).find((a) => a.eventIds.includes("fl301:rate:2026-09-01"));
    expect(fresh).toMatchObject({ kind: "legal-event" });
    state = await db.prisma.watch.findUniqueOrThrow({ where: { id: w.id } });
    expect(Number(state.lastFiredPct)).toBeGreaterThan(firedPct + 1);
    expect(state.lastFiredAt).toEqual(later);

    // (a) hysteresis: the projection falls below threshold − 1 pp: re-armed, no alert.
    await db.prisma.watch.update({ where: { id: w.id }, data: { thresholdPct: 20 } });
    const before = await db.prisma.subscriberAlert.count();
    await evaluateWatches(db.prisma, { now: later, full: true });
    state = await db.prisma.watch.findUniqueOrThrow({ where: { id: w.id } });
    expect(state.armed).toBe(true);
    expect(await db.prisma.subscriberAlert.count()).toBe(before);
  });

  it("stores one evidence document for two watches on the same combo, each alert with its own price", async () => {
    const a = await makeSubscriber(db.prisma, "trial@example.com", { trial: true });
    const b = await makeSubscriber(db.prisma, "consumer@example.com", { plan: "consumer" });
    const first = await watch(a, { priceCents: 12000 });
    const second = await watch(b, { name: "Work boots", priceCents: 20000 });
    const r = await evaluateWatches(db.prisma, { now, measureIds: ["s301_forced_labor"] });
    expect(r).toMatchObject({ watchesEvaluated: 2, combos: 1, alertsWritten: 2 });
    const [x] = await alertsOf(first.id);
    const [y] = await alertsOf(second.id);
    expect(x!.evidenceKey).toMatch(/^[0-9a-f]{64}$/);
    expect(y!.evidenceKey).toBe(x!.evidenceKey);
    // One document for the change (both alerts), and the combo's projection (both watches): its working and its figures.
    expect(await db.prisma.alertEvidence.count()).toBe(3);
    const stored = await db.prisma.watch.findMany({ where: { id: { in: [first.id, second.id] } } });
    expect(new Set(stored.map((w) => w.projectionKey)).size).toBe(1);
    expect(new Set(stored.map((w) => w.figuresKey)).size).toBe(1);
    expect(stored[0]!.projectionKey).not.toBe(x!.evidenceKey);
    expect(new Set([stored[0]!.projectionKey, stored[0]!.figuresKey, x!.evidenceKey]).size).toBe(3);
    // Each row holds only its own part; the document is resolved through the key.
    expect(x!.evidence).toEqual({ price: { priceCents: 12000, lowCents: 45, centralCents: 90, highCents: 253 }, item: "Men's leather shoes" });
    const [ex, ey] = (await evidenceFor(db.prisma, [x!, y!])) as { nodes: { id: string }[]; price: { priceCents: number } }[];
    expect(ex!.nodes.map((n) => n.id)).toEqual(ey!.nodes.map((n) => n.id));
    expect(ex!.nodes.find((n) => n.id === "landed")).toBeDefined();
    expect([ex!.price.priceCents, ey!.price.priceCents]).toEqual([12000, 20000]);
    // The nightly run writes no second copy of it.
    await evaluateWatches(db.prisma, { now, full: true });
    expect(await db.prisma.alertEvidence.count({ where: { key: x!.evidenceKey! } })).toBe(1);
  });

  it("stores alerts of a snoozed watch and past the daily cap without sending them", async () => {
    const sid = await makeSubscriber(db.prisma, "consumer@example.com", { plan: "consumer" }, now, { alertFrequency: "instant" });
    const snoozed = await watch(sid, { name: "Snoozed shoes" });
    await db.prisma.watch.update({ where: { id: snoozed.id }, data: { snoozedUntil: new Date(now.getTime() + 7 * DAY) } });
    // Consumer: 5 alerts a day. Six more watches that all fire (different horizons = different combos).
    for (const horizonDays of [60, 90, 120, 150, 170, 175]) await watch(sid, { name: `Shoes ${horizonDays}`, horizonDays });
    const r = await evaluateWatches(db.prisma, { now, full: true });
    expect(r.alertsWritten).toBe(7);
    const all = await db.prisma.subscriberAlert.findMany({ where: { subscriberId: sid } });
    const reason = (a: (typeof all)[number]) => (a.evidence as { suppressed?: string }).suppressed ?? null;
    expect(all.filter((a) => a.suppressed && reason(a) === "snoozed").map((a) => a.watchId)).toEqual([snoozed.id]);
    expect(all.filter((a) => a.suppressed && reason(a) === "daily-cap")).toHaveLength(1);
    expect(all.filter((a) => !a.suppressed)).toHaveLength(5);
    expect((await db.prisma.watch.findUniqueOrThrow({ where: { id: snoozed.id } })).armed).toBe(false);

    const delivered = await deliverAlerts(db.prisma, deps());
    expect(delivered.emailed).toBe(5);
    await runDelivery();
    expect(resend.delivered).toHaveLength(5);
    expect(resend.delivered.some((m) => m.subject.includes("Snoozed shoes"))).toBe(false);
  });
});

describe("delivering alerts", () => {
  it("emails a Consumer on instant frequency at once, and texts the phone on the account", async () => {
    const sid = await makeSubscriber(db.prisma, "consumer@example.com", { plan: "consumer" }, now, { alertFrequency: "instant", phone: "+15551234567" });
    const w = await watch(sid);
    await evaluateWatches(db.prisma, { now, full: true });
    const r = await deliverAlerts(db.prisma, deps({ sms: true }));
    expect(r).toMatchObject({ emailed: 1, sms: 1, smsFailed: 0 });
    await runDelivery();
    const mail = resend.delivered[0]!;
    expect(mail.subject).toBe("[Watch] Men's leather shoes (made in Vietnam): +0.4% to +2.1% expected by Feb 2027");
    expect(mail.text).toContain("8.5% MFN + 12.5% (Forced-labor Section 301) = 21.0%");
    expect(mail.text).toContain("+$0.45 / +$0.90 / +$2.53");
    expect(mail.text).toContain("https://www.federalregister.gov/d/2026-03824");
    expect(mail.text).toContain(`${SITE}/account`);
    expect(mail.text).toContain(`${SITE}/alerts/email-settings?token=`);
    expect(twilio.messages).toHaveLength(1);
    expect(twilio.messages[0]).toMatchObject({ to: "+15551234567", from: twilio.from });
    expect(twilio.messages[0]!.body).toContain("Men's leather shoes");
    const [alert] = await alertsOf(w.id);
    expect(alert!.emailedAt).toEqual(now);
    expect(alert!.smsAt).toEqual(now);
    // Nothing twice.
    const again = await deliverAlerts(db.prisma, deps({ sms: true }));
    expect(again).toMatchObject({ emailed: 0, sms: 0 });
    await runDelivery();
    expect(resend.delivered).toHaveLength(1);
  });

  it("sends a large rise resting on an unconfirmed row at once, by its size, labelled unconfirmed (docs/alerts.md, Severity)", async () => {
    const sid = await makeSubscriber(db.prisma, "consumer@example.com", { plan: "consumer" }, now, { alertFrequency: "instant", phone: "+15551234567" });
    const w = await watch(sid, { thresholdPct: 3 });
    // A 40% duty on Vietnamese footwear in ten days, from a notice not yet confirmed (confidence "low").
    await db.prisma.tariffMeasure.create({
      data: { id: "op_unconfirmed", authority: "S301_CHINA", name: "Announced duty on footwear", rate: 0.4, countries: ["VN"], products: ["6403"], sourceId: "fr-2026-fl301", confidence: "low" },
    });
    await db.prisma.measureEvent.create({ data: { id: "op_unconfirmed:effective", measureId: "op_unconfirmed", date: new Date("2026-07-11"), type: "EFFECTIVE", sourceId: "fr-2026-fl301" } });
    await evaluateWatches(db.prisma, { now, measureIds: ["op_unconfirmed"] });
    const [alert] = (await alertsOf(w.id)).filter((a) => a.eventIds.includes("op_unconfirmed:effective"));
    // 18.5% → 58.5%: landed +33.76%, central 0.355 × 33.76% ≈ +12%, in force within 30 days: critical, not "info".
    expect(alert).toMatchObject({ kind: "legal-event", severity: "critical", unconfirmed: true, suppressed: false });
    expect(Number(alert!.centralPct)).toBeGreaterThan(10);

    const r = await deliverAlerts(db.prisma, deps({ sms: true }));
    expect(r).toMatchObject({ emailed: 1, sms: 1 });
    await runDelivery();
    const mail = resend.delivered[0]!;
    expect(mail.subject.startsWith("[Critical, unconfirmed] Men's leather shoes (made in Vietnam):")).toBe(true);
    expect(mail.text).toContain("Unconfirmed: part of this rests on a rule we have not yet confirmed");
    expect(mail.text).toMatch(/About \$1[0-9]\.\d\d more on your \$120\.00 Men's leather shoes by February 2027/);
    expect(twilio.messages[0]!.body).toContain("[Critical, unconfirmed]");
  });

  it("sends a trial no instant email: its alerts go in the weekly digest, once per period", async () => {
    const sid = await makeSubscriber(db.prisma, "trial@example.com", { trial: true }, now, { phone: "+15551234567" });
    const w = await watch(sid);
    await evaluateWatches(db.prisma, { now, full: true });
    expect(await deliverAlerts(db.prisma, deps({ sms: true }))).toMatchObject({ emailed: 0, sms: 0 });
    await runDelivery();
    expect(resend.delivered).toHaveLength(0);
    expect(twilio.messages).toHaveLength(0);

    await db.prisma.economicSeries.create({ data: { seriesId: "CUUR0000SEAE", survey: "CPI", label: "Footwear", role: "category", seasonallyAdjusted: false, onDashboard: true, sortOrder: 1 } });
    await db.prisma.economicObservation.createMany({
      data: [
        { seriesId: "CUUR0000SEAE", period: "2025-05", value: 140, origin: "snapshot", sourceRef: "T1", sourceUrl: "https://www.bls.gov/cpi/", fetchedAt: now },
        { seriesId: "CUUR0000SEAE", period: "2026-05", value: 147, origin: "snapshot", sourceRef: "T1", sourceUrl: "https://www.bls.gov/cpi/", fetchedAt: now },
      ],
    });
    const digest = await sendDigests(db.prisma, { ...deps(), frequency: "weekly" });
    expect(digest).toMatchObject({ sent: 1, alertsIncluded: 1 });
    await runDelivery();
    const mail = resend.delivered[0]!;
    expect(mail.subject).toMatch(/^Your weekly tariff report: 1 new alert \(week 2026-W27\)$/);
    expect(mail.text).toContain("Men's leather shoes");
    // The month and where the figure came from (lib/economy/freshness.ts).
    expect(mail.text).toContain("Footwear: +5.0% over 12 months (CPI for May 2026, from the offline snapshot shipped with the site, stored Jul 1, 2026)");
    expect((await alertsOf(w.id))[0]!.digestedAt).toEqual(now);

    const again = await sendDigests(db.prisma, { ...deps(), frequency: "weekly" });
    expect(again).toMatchObject({ sent: 0, duplicates: 1 });
    await runDelivery();
    expect(resend.delivered).toHaveLength(1);
  });

  it("writes a CPI alert once per period when the category's 12-month change crosses the threshold", async () => {
    const sid = await makeSubscriber(db.prisma, "trial@example.com", { trial: true });
    const w = await watch(sid, { htsCode: null, name: null, madeIn: null, priceCents: null, thresholdPct: 3 });
    await db.prisma.economicSeries.create({ data: { seriesId: "CUUR0000SEAE", survey: "CPI", label: "Footwear", role: "category", seasonallyAdjusted: false, onDashboard: true } });
    await db.prisma.economicObservation.createMany({
      data: [
        { seriesId: "CUUR0000SEAE", period: "2025-05", value: 140, origin: "snapshot", sourceRef: "T1", sourceUrl: "https://www.bls.gov/cpi/", fetchedAt: now },
        { seriesId: "CUUR0000SEAE", period: "2026-05", value: 147, origin: "snapshot", sourceRef: "T1", sourceUrl: "https://www.bls.gov/cpi/", fetchedAt: now },
      ],
    });
    await evaluateWatches(db.prisma, { now, full: true });
    await evaluateWatches(db.prisma, { now: new Date(now.getTime() + DAY), full: true });
    const cpi = (await alertsOf(w.id)).filter((a) => a.kind === "cpi");
    expect(cpi).toHaveLength(1);
    expect(cpi[0]).toMatchObject({ dedupeKey: `${w.id}:cpi:2026-05`, title: "Footwear: consumer prices +5.0% over 12 months (May 2026 CPI)" });
  });

  it("stops instant alert emails after the signed link in one is used", async () => {
    const sid = await makeSubscriber(db.prisma, "consumer@example.com", { plan: "consumer" }, now, { alertFrequency: "instant" });
    await watch(sid);
    await evaluateWatches(db.prisma, { now, full: true });
    const recorded = await deliverAlerts(db.prisma, deps());
    const tally = await runDelivery();
    const stored = await db.prisma.sentEmail.findMany({ select: { status: true, error: true, nextAttemptAt: true } });
    expect({ emailed: recorded.emailed, due: tally.due, sent: tally.sent, delivered: resend.delivered.length, stored }).toEqual({
      emailed: 1,
      due: 1,
      sent: 1,
      delivered: 1,
      stored: [{ status: "sent", error: null, nextAttemptAt: null }],
    });
    const link = /\/alerts\/email-settings\?token=([^\s"<)\]]+)/.exec(resend.delivered[0]!.text)?.[1];
    expect(link).toBe(encodeURIComponent(createAlertOptOutToken("consumer@example.com", "alerts", SECRET)));

    process.env.UNSUBSCRIBE_SECRET = SECRET;
    try {
      const bad = await optOutRoute(new Request("http://localhost/api/alerts/unsubscribe?token=nope", { method: "POST" }));
      expect(bad.status).toBe(400);
      const res = await optOutRoute(new Request(`http://localhost/api/alerts/unsubscribe?token=${link}`, { method: "POST" }));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ kind: "alerts" });
    } finally {
      delete process.env.UNSUBSCRIBE_SECRET;
    }
    expect((await db.prisma.subscriber.findUniqueOrThrow({ where: { id: sid } })).emailOptOuts).toEqual(["alerts"]);

    await watch(sid, { name: "Boots", horizonDays: 90 });
    const r = await evaluateWatches(db.prisma, { now: new Date(now.getTime() + 60_000), full: true });
    expect(r.alertsWritten).toBe(1);
    const d = await deliverAlerts(db.prisma, { ...deps(), now: new Date(now.getTime() + 60_000) });
    expect(d.emailed).toBe(0);
    await runDelivery(new Date(now.getTime() + 60_000));
    expect(resend.delivered).toHaveLength(1);
  });
});
