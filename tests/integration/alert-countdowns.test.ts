import { evaluateWatches } from "@/lib/alerts/evaluate";
import { runAlertEvaluation } from "@/lib/jobs/alert-jobs";
import { resetLawCache } from "@/lib/tariffs/law";
import { makeSubscriber, seedAlertFixtures } from "../helpers/alert-fixtures";
import { setupFakeResend } from "../helpers/fake-resend";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * Countdowns and corrections (docs/alerts.md, "Countdowns and corrections"), on a real
 * database: the Section 232 step-up of upholstered wooden furniture from 25% to 30% on
 * 2027-01-01 (deferred by the proclamation of 2025-12-31) alerts a subscriber watching a sofa
 * made in Vietnam 30 days, 7 days and 0 days before, once each however often and however
 * concurrently the evaluation runs; withdrawing, postponing or changing it sends one correction
 * and marks the earlier alerts superseded.
 */
const db = setupTestDatabase();
const SECRET = "test-unsubscribe-secret-0123456789abcdef";
const quiet = { info: () => undefined, warn: () => undefined };
const at = (day: string) => new Date(`${day}T04:00:00Z`);

const mail = setupFakeResend();

let watchId = "";
let subscriberId = "";
beforeEach(async () => {
  resetLawCache();
  await seedAlertFixtures(db.prisma);
  await db.prisma.sourceDocument.create({
    data: {
      id: "wh-2025-12-wood-amendment",
      kind: "PROCLAMATION",
      title: "Amendments to Adjusting Imports of Timber, Lumber, and Their Derivative Products Into the United States",
      citation: "Proclamation of 2025-12-31",
      url: "https://www.whitehouse.gov/presidential-actions/2025/12/amendments-to-adjusting-imports-of-timber-lumber-and-their-derivative-products-into-the-united-states/",
      publisher: "The White House",
      publishedAt: new Date("2025-12-31"),
    },
  });
  await db.prisma.measureEvent.createMany({
    data: [
      { id: "s232wood:deferral", measureId: "s232_wood", date: new Date("2025-12-31"), type: "FINAL", sourceId: "wh-2025-12-wood-amendment" },
      { id: "s232wood:step-up", measureId: "s232_wood", date: new Date("2027-01-01"), type: "RATE_CHANGE", rate: 0.3, sourceId: "wh-2025-12-wood-amendment" },
    ],
  });
  subscriberId = await makeSubscriber(db.prisma, `sofa-${Date.now()}@example.com`, { plan: "consumer" }, at("2026-12-01"), { alertFrequency: "instant" });
  await db.prisma.subscription.updateMany({ where: { subscriberId }, data: { currentPeriodEnd: new Date("2027-06-01") } });
  const w = await db.prisma.watch.create({
    data: { subscriberId, kind: "item", categoryId: "furniture", htsCode: "9401.61.40", name: "Sofa", madeIn: "VN", priceCents: 120000, thresholdPct: 0.5, horizonDays: 365, direction: "both" },
  });
  watchId = w.id;
});

const run = (day: string) => evaluateWatches(db.prisma, { now: at(day), full: true });
const alertsOf = (kind: string) => db.prisma.subscriberAlert.findMany({ where: { watchId, kind }, orderBy: { createdAt: "asc" } });
const unread = () => db.prisma.subscriberAlert.count({ where: { subscriberId, readAt: null, supersededById: null } });

describe("countdowns to a scheduled change", () => {
  it("alerts 30 days, 7 days and on the day, once each, however often and concurrently the job runs", async () => {
    // 2026-11-28: the step-up is announced (the legal-event alert), no countdown yet.
    await run("2026-11-28");
    expect((await alertsOf("legal-event")).map((a) => a.dedupeKey)).toEqual([`${watchId}:legal-event:s232wood:step-up`]);
    expect(await alertsOf("countdown")).toHaveLength(0);
    // 2026-12-02: 30 days before, through the registered job, twice, and twice at once.
    const deps = { siteUrl: "https://tariffwatch.example", secret: SECRET, email: { transport: mail.transport, logger: quiet, unsubscribeSecret: SECRET }, sms: null, trigger: "cli" as const };
    await runAlertEvaluation(db.prisma, at("2026-12-02"), deps);
    await runAlertEvaluation(db.prisma, at("2026-12-02"), deps);
    await Promise.all([run("2026-12-02"), run("2026-12-02")]);
    let countdowns = await alertsOf("countdown");
    expect(countdowns).toHaveLength(1);
    const c30 = countdowns[0]!;
    expect(c30.dedupeKey).toBe(`${watchId}:countdown:s232wood:step-up@2027-01-01:30`);
    expect(c30.title).toMatch(/^Sofa \(made in Vietnam\): duty change in 30 days, on Jan 1, 2027; \+/);
    expect(c30.reason).toContain("Section 232 upholstered wooden furniture changes rate to 30% on 2027-01-01 (in 30 days)");
    expect(c30.reason).toContain("Status: in force from 2027-01-01 (proclamation signed 2025-12-31; in the HTS under 9903.76.02)");
    expect(c30.reason).toContain("https://www.whitehouse.gov/presidential-actions/2025/12/");
    expect(Number(c30.centralPct)).toBeGreaterThan(0);
    expect(c30.announced).toEqual([{ id: "s232wood:step-up", measureId: "s232_wood", date: "2027-01-01", type: "RATE_CHANGE", rate: 0.3, country: null }]);
    // A paying subscriber gets it by email, once (the job delivered it).
    expect(c30.emailedAt).not.toBeNull();

    // The days between send nothing new.
    await run("2026-12-03");
    await run("2026-12-24");
    expect(await alertsOf("countdown")).toHaveLength(1);

    await Promise.all([run("2026-12-25"), run("2026-12-25")]);
    await run("2026-12-26");
    countdowns = await alertsOf("countdown");
    expect(countdowns.map((a) => a.dedupeKey.split(":").pop())).toEqual(["30", "7"]);
    expect(countdowns[1]!.title).toContain("duty change in 7 days, on Jan 1, 2027");

    await Promise.all([run("2027-01-01"), run("2027-01-01")]);
    await run("2027-01-02");
    countdowns = await alertsOf("countdown");
    expect(countdowns.map((a) => a.dedupeKey.split(":").pop())).toEqual(["30", "7", "0"]);
    expect(countdowns[2]!.title).toContain("duty change takes effect today, Jan 1, 2027");
    expect(countdowns[2]!.reason).toContain("Status: in force since 2027-01-01");
    expect(await alertsOf("correction")).toHaveLength(0);
  });

  it("sends none outside the horizon, and no reminder the day a change is first announced", async () => {
    await db.prisma.watch.update({ where: { id: watchId }, data: { horizonDays: 20 } });
    await run("2026-12-02"); // the step-up is 30 days away, beyond a 20-day horizon
    expect(await db.prisma.subscriberAlert.count({ where: { watchId } })).toBe(0);
    await run("2026-12-13"); // 19 days before: announced
    expect(await alertsOf("legal-event")).toHaveLength(1);
    expect(await alertsOf("countdown")).toHaveLength(0);
    await run("2026-12-28"); // 4 days before: the 7-day reminder only, not the 30-day one
    expect((await alertsOf("countdown")).map((a) => a.dedupeKey.split(":").pop())).toEqual(["7"]);
  });

  it("a watch first evaluated inside a lead time gets the announcement, then the next lead time", async () => {
    await run("2026-12-28"); // 4 days before: the announcement alone
    expect(await alertsOf("legal-event")).toHaveLength(1);
    await run("2026-12-29");
    expect(await alertsOf("countdown")).toHaveLength(0);
    await run("2027-01-01");
    expect((await alertsOf("countdown")).map((a) => a.dedupeKey.split(":").pop())).toEqual(["0"]);
  });
});

describe("corrections", () => {
  async function announced() {
    await run("2026-11-28");
    await run("2026-12-02");
    const earlier = await db.prisma.subscriberAlert.findMany({ where: { watchId, kind: { in: ["legal-event", "countdown"] } } });
    expect(earlier.map((a) => a.kind).sort()).toEqual(["countdown", "legal-event"]);
    return earlier;
  }

  it("a postponed event: one correction naming the new day, the earlier alerts superseded, countdowns restart for the new day", async () => {
    const earlier = await announced();
    const unreadBefore = await unread();
    await db.prisma.measureEvent.update({ where: { id: "s232wood:step-up" }, data: { date: new Date("2027-02-01") } });
    resetLawCache();
    await Promise.all([run("2026-12-03"), run("2026-12-03")]);
    await run("2026-12-04");
    const corrections = await alertsOf("correction");
    expect(corrections).toHaveLength(1);
    const c = corrections[0]!;
    expect(c.title).toBe("Sofa: correction, postponed to Feb 1, 2027: Section 232 upholstered wooden furniture");
    expect(c.reason).toContain("postponed from 2027-01-01 to 2027-02-01");
    for (const e of earlier) {
      const now = await db.prisma.subscriberAlert.findUniqueOrThrow({ where: { id: e.id } });
      expect(now.supersededById).toBe(c.id);
    }
    // The two superseded alerts leave the unread count; the correction joins it.
    expect(await unread()).toBe(unreadBefore - 2 + 1);

    // 30 days before the new day, its countdown.
    await run("2027-01-02");
    const countdowns = await alertsOf("countdown");
    expect(countdowns.map((a) => a.dedupeKey)).toEqual([
      `${watchId}:countdown:s232wood:step-up@2027-01-01:30`,
      `${watchId}:countdown:s232wood:step-up@2027-02-01:30`,
    ]);
    expect(countdowns[1]!.supersededById).toBeNull();
    expect(await alertsOf("correction")).toHaveLength(1);
  });

  it("a withdrawn event: one correction, the earlier alerts superseded, the watch's projection back to 0%", async () => {
    const earlier = await announced();
    await db.prisma.measureEvent.delete({ where: { id: "s232wood:step-up" } });
    resetLawCache();
    await run("2026-12-03");
    await run("2026-12-03");
    const corrections = await alertsOf("correction");
    expect(corrections).toHaveLength(1);
    expect(corrections[0]!.title).toBe("Sofa: correction, withdrawn: Section 232 upholstered wooden furniture on Jan 1, 2027");
    expect(corrections[0]!.reason).toContain("has been withdrawn");
    const marks = await db.prisma.subscriberAlert.findMany({ where: { id: { in: earlier.map((e) => e.id) } } });
    expect(marks.every((m) => m.supersededById === corrections[0]!.id)).toBe(true);
    const w = await db.prisma.watch.findUniqueOrThrow({ where: { id: watchId } });
    expect(Number(w.lastCentralPct)).toBe(0);
    expect(await alertsOf("countdown")).toHaveLength(1); // no countdown to a withdrawn event
  });

  it("a changed rate: one correction naming the old and new rate", async () => {
    const earlier = await announced();
    await db.prisma.measureEvent.update({ where: { id: "s232wood:step-up" }, data: { rate: 0.35 } });
    resetLawCache();
    await run("2026-12-03");
    await run("2026-12-03");
    const corrections = await alertsOf("correction");
    expect(corrections).toHaveLength(1);
    expect(corrections[0]!.title).toBe("Sofa: correction, rate changed to 35%: Section 232 upholstered wooden furniture on Jan 1, 2027");
    expect(corrections[0]!.reason).toContain("rate changed from 30% to 35%");
    const marks = await db.prisma.subscriberAlert.findMany({ where: { id: { in: earlier.map((e) => e.id) } } });
    expect(marks.every((m) => m.supersededById === corrections[0]!.id)).toBe(true);
    // The 7-day reminder carries the new rate; the correction is not corrected again.
    await run("2026-12-25");
    const seven = (await alertsOf("countdown")).find((a) => a.dedupeKey.endsWith(":7"));
    expect(seven?.reason).toContain("to 35% on 2027-01-01");
    expect(await alertsOf("correction")).toHaveLength(1);
  });
});
