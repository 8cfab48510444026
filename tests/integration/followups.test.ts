import { GET as cronJobRoute } from "@/app/api/cron/[job]/route";
import type { FreeTrial } from "@/lib/db/generated/client";
import { deliverDueEmails } from "@/lib/email/outbox";
import { createResendTransport, type EmailTransport } from "@/lib/email/transport";
import { runEmailJobs } from "@/lib/jobs/email-jobs";
import { markTrialConverted } from "@/lib/payments/conversions";
import {
  followUpIdempotencyKey,
  runTrialFollowUps,
  sendTrialFollowUp,
  trialDashboardStats,
  type FollowUpDeps,
} from "@/lib/trials/followups";
import { trialEndDate } from "@/lib/trials/trials";
import { startFakeResend, type FakeResend } from "../helpers/fake-resend";
import { giveMarketingConsent } from "../helpers/consent";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();

const SITE = "https://tariffwatch.example";
const SECRET = "unsubscribe-secret-for-tests-0123456789abcdef";
const CRON_SECRET = "cron-secret-for-the-tests-0123456789";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const START = new Date("2026-11-01T09:30:00.000Z");
const at = (days: number, hours = 0) => new Date(START.getTime() + days * DAY + hours * HOUR);
const quiet = { info: () => undefined, warn: () => undefined };

let resend: FakeResend;
let transport: EmailTransport;

beforeAll(async () => {
  resend = await startFakeResend();
  transport = createResendTransport({ apiKey: resend.apiKey, baseUrl: resend.url, requestsPerSecond: 0 });
  process.env.CRON_SECRET = CRON_SECRET;
});
afterAll(async () => {
  await resend.close();
  delete process.env.CRON_SECRET;
});
beforeEach(() => {
  resend.delivered.length = 0;
  resend.requests.length = 0;
});

const deps = (over: Partial<FollowUpDeps> = {}): FollowUpDeps => ({
  siteUrl: SITE,
  transport,
  from: "TariffWatch <alerts@tariffwatch.example>",
  unsubscribeSecret: SECRET,
  logger: quiet,
  ...over,
});

/** A trial whose member ticked the news-and-offers box: the day 2 and day 5 tips are marketing (docs/email.md, "Consent"). */
async function trial(email: string, start = START, over: Partial<FreeTrial> = {}): Promise<FreeTrial> {
  await giveMarketingConsent(db.prisma, [email], start);
  return db.prisma.freeTrial.create({
    data: { email, firstName: "Alex", lastName: "Morgan", startDate: start, endDate: trialEndDate(start), createdAt: start, ...over },
  });
}

const subjects = () => resend.delivered.map((d) => d.subject);

describe("the follow-up runner, with fixed dates", () => {
  it("sends day 2, day 5 and day 7 once each at their time, then deactivates the trial after its end", async () => {
    const t = await trial("alex@example.com");
    const run = (now: Date) => runTrialFollowUps(db.prisma, now, deps());

    expect(await run(at(1))).toMatchObject({ due: 0, sent: 0, deactivated: 0 });
    expect(await run(at(2))).toMatchObject({ due: 1, sent: 1 });
    expect(await run(at(2, 1))).toMatchObject({ due: 0, sent: 0 });
    expect(await run(at(5))).toMatchObject({ due: 1, sent: 1 });
    expect(await run(at(6))).toMatchObject({ due: 1, sent: 1 });
    expect(await run(at(6, 12))).toMatchObject({ due: 0, sent: 0 });
    expect(await run(at(7))).toMatchObject({ due: 0, sent: 0, deactivated: 1 });
    expect(await run(at(8))).toMatchObject({ due: 0, sent: 0, deactivated: 0 });

    expect(subjects()).toEqual([
      "Alex, your tariff protection is active",
      "2 days left in your TariffWatch free trial",
      "Final notice: your TariffWatch free trial expires in 24 hours",
    ]);
    expect(resend.delivered.map((d) => d.idempotencyKey)).toEqual(["day2", "day5", "day7"].map((type) => `trial-followup:${t.id}:${type}`));
    expect(resend.delivered.every((d) => d.to[0] === "alex@example.com")).toBe(true);
    // The two tips are marketing (an unsubscribe header); the last-day notice is service mail (docs/email.md, "Consent").
    expect(resend.delivered.map((d) => d.headers["List-Unsubscribe-Post"] ?? null)).toEqual(["List-Unsubscribe=One-Click", "List-Unsubscribe=One-Click", null]);
    expect(resend.delivered[0]?.text).toContain("5 days");

    const rows = await db.prisma.trialFollowUp.findMany({ where: { trialId: t.id }, orderBy: { sentAt: "asc" } });
    expect(rows.map((r) => [r.emailType, r.sentAt.toISOString()])).toEqual([
      ["day2", at(2).toISOString()],
      ["day5", at(5).toISOString()],
      ["day7", at(6).toISOString()],
    ]);
    expect(await db.prisma.freeTrial.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ isActive: false });
    const emails = await db.prisma.sentEmail.findMany({ where: { template: { startsWith: "trial-day" } } });
    expect(emails.map((e) => e.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("sends only the latest follow-up when the scheduler was down, and never the skipped ones later", async () => {
    await trial("late@example.com");
    expect(await runTrialFollowUps(db.prisma, at(5, 2), deps())).toMatchObject({ due: 1, sent: 1 });
    expect(await runTrialFollowUps(db.prisma, at(5, 3), deps())).toMatchObject({ due: 0 });
    expect(subjects()).toEqual(["2 days left in your TariffWatch free trial"]);
  });

  it("without RESEND_API_KEY records each follow-up once as logged (not delivered)", async () => {
    await trial("nokey@example.com");
    const result = await runTrialFollowUps(db.prisma, at(2), deps({ transport: null }));
    expect(result).toMatchObject({ due: 1, sent: 0, logged: 1 });
    expect(await runTrialFollowUps(db.prisma, at(2, 1), deps({ transport: null }))).toMatchObject({ due: 0 });
    expect(await db.prisma.sentEmail.findFirstOrThrow({ where: { template: "trial-day2" } })).toMatchObject({ status: "logged" });
    expect(resend.requests).toHaveLength(0);
  });
});

describe("a converted trial", () => {
  it("gets nothing more after it converts", async () => {
    const t = await trial("buyer@example.com");
    expect(await runTrialFollowUps(db.prisma, at(2), deps())).toMatchObject({ sent: 1 });
    await markTrialConverted(db.prisma, "buyer@example.com");
    for (const now of [at(5), at(6), at(6, 20)]) {
      expect(await runTrialFollowUps(db.prisma, now, deps())).toMatchObject({ due: 0, sent: 0 });
    }
    expect(subjects()).toHaveLength(1);
    expect(await db.prisma.trialFollowUp.count({ where: { trialId: t.id } })).toBe(1);
  });

  it("does not get a failed follow-up retried once it has converted", async () => {
    await trial("convert-later@example.com");
    resend.failNext({ status: 500, name: "internal_server_error", message: "Try again" });
    expect(await runTrialFollowUps(db.prisma, at(2), deps())).toMatchObject({ due: 1, failed: 1 });
    await markTrialConverted(db.prisma, "convert-later@example.com");
    const result = await runTrialFollowUps(db.prisma, at(2, 1), deps());
    expect(result).toMatchObject({ cancelled: 1, retried: { due: 0 } });
    expect(resend.delivered).toHaveLength(0);
    expect(await db.prisma.sentEmail.findFirstOrThrow({ where: { template: "trial-day2" } })).toMatchObject({ status: "cancelled", nextAttemptAt: null });
  });
});

describe("exactly once with concurrent runners", () => {
  it("two runs at the same moment send each due follow-up once", async () => {
    const trials = await Promise.all(["a", "b", "c", "d"].map((n) => trial(`${n}@example.com`)));
    // A fifth trial whose day 5 is due at the same moment.
    trials.push(await trial("e@example.com", new Date(START.getTime() - 3 * DAY)));
    const [one, two] = await Promise.all([runTrialFollowUps(db.prisma, at(2), deps()), runTrialFollowUps(db.prisma, at(2), deps())]);

    expect(one.sent + two.sent).toBe(5);
    expect(one.sent + one.claimedElsewhere + (two.sent + two.claimedElsewhere)).toBe(one.due + two.due);
    expect(resend.delivered).toHaveLength(5);
    expect(resend.requests).toHaveLength(5);
    expect(new Set(resend.delivered.map((d) => d.idempotencyKey)).size).toBe(5);
    expect(await db.prisma.trialFollowUp.count()).toBe(5);
    expect(await db.prisma.sentEmail.count()).toBe(5);
  });

  it("four whole job runs at once over the whole trial still give each trial three emails", async () => {
    await Promise.all(["p", "q", "r"].map((n) => trial(`${n}@example.com`)));
    for (const now of [at(2), at(5), at(6), at(7)]) {
      await Promise.all(Array.from({ length: 4 }, () => runEmailJobs(db.prisma, now, { ...deps(), trigger: "timer" })));
    }
    expect(resend.delivered).toHaveLength(9);
    expect(new Set(resend.delivered.map((d) => d.idempotencyKey)).size).toBe(9);
    expect(await db.prisma.jobRun.count({ where: { name: "trial-followups", outcome: "success" } })).toBe(16);
  });
});

describe("failures and recovery", () => {
  it("retries a follow-up that failed to send on a later run, without a second claim", async () => {
    const t = await trial("retry@example.com");
    resend.failNext({ status: 503, name: "application_error", message: "Service unavailable" });
    expect(await runTrialFollowUps(db.prisma, at(2), deps())).toMatchObject({ due: 1, sent: 0, failed: 1 });
    const failed = await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: followUpIdempotencyKey(t.id, "day2") } });
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.nextAttemptAt?.toISOString()).toBe(new Date(at(2).getTime() + 60_000).toISOString());

    const next = await runTrialFollowUps(db.prisma, at(2, 1), deps());
    // Compared together, so a miss also shows the stored email's status and error (seen once
    // under a heavily loaded CI run, not reproduced alone).
    const stored = await db.prisma.sentEmail.findUniqueOrThrow({ where: { id: failed.id }, select: { status: true, attempts: true, error: true } });
    expect({ next, stored, requests: resend.requests.length }).toMatchObject({
      next: { due: 0, retried: { due: 1, sent: 1 } },
      stored: { status: "sent", attempts: 2 },
      requests: 2,
    });
    expect(resend.delivered).toHaveLength(1);
    expect(resend.requests.map((r) => r.headers["idempotency-key"])).toEqual([failed.idempotencyKey, failed.idempotencyKey]);
    expect(await db.prisma.trialFollowUp.count()).toBe(1);
  });

  it("sends a follow-up that was claimed by a run that died before recording its email", async () => {
    const t = await trial("orphan@example.com");
    await db.prisma.trialFollowUp.create({ data: { trialId: t.id, emailType: "day2", sentAt: at(2) } });
    // Within the claim's 5 minutes it is left to its claimer.
    expect(await runTrialFollowUps(db.prisma, at(2, 0.05), deps())).toMatchObject({ due: 0, sent: 0 });
    expect(await runTrialFollowUps(db.prisma, at(2, 1), deps())).toMatchObject({ due: 1, sent: 1 });
    expect(await runTrialFollowUps(db.prisma, at(2, 2), deps())).toMatchObject({ due: 0, sent: 0 });
    expect(resend.delivered.map((d) => d.idempotencyKey)).toEqual([followUpIdempotencyKey(t.id, "day2")]);
  });

  it("records an unsubscribed member's follow-up as suppressed, once", async () => {
    await trial("quiet@example.com");
    await db.prisma.emailSuppression.create({ data: { email: "quiet@example.com", reason: "one-click" } });
    expect(await runTrialFollowUps(db.prisma, at(2), deps())).toMatchObject({ due: 1, suppressed: 1, sent: 0 });
    expect(await runTrialFollowUps(db.prisma, at(2, 1), deps())).toMatchObject({ due: 0 });
    expect(resend.requests).toHaveLength(0);
  });
});

describe("manual follow-ups (the admin form)", () => {
  it("sends to an address with no trial, recording each send under its own key", async () => {
    // A prospect who turned marketing email on (the newsletter): the day 5 tip is marketing.
    await giveMarketingConsent(db.prisma, ["prospect@example.com"]);
    const first = await sendTrialFollowUp(db.prisma, { email: "Prospect@Example.com", firstName: "Pat", lastName: "Lee", emailType: "day5", daysLeft: 5 }, at(0), deps());
    const second = await sendTrialFollowUp(db.prisma, { email: "prospect@example.com", firstName: "Pat", lastName: "Lee", emailType: "day5", daysLeft: 5 }, at(0), deps());
    // The admin's request records them; delivery follows the request (here: the delivery job).
    expect(await deliverDueEmails(db.prisma, at(0), deps())).toMatchObject({ due: 2, sent: 2 });
    expect(first).toMatchObject({ emailType: "day5", trial: null, duplicate: false, email: { recipient: "prospect@example.com", template: "trial-day5" } });
    expect(await db.prisma.sentEmail.findUniqueOrThrow({ where: { id: first.email.id } })).toMatchObject({ status: "sent", recipient: "prospect@example.com", template: "trial-day5" });
    expect(second.email.idempotencyKey).not.toBe(first.email.idempotencyKey);
    expect(first.email.idempotencyKey).toMatch(/^trial-followup-manual:day5:/);
    expect(resend.delivered).toHaveLength(2);
    expect(resend.delivered[0]?.subject).toBe("5 days left in your TariffWatch free trial");
    expect(resend.delivered[0]?.text).toMatch(/Pat, only 5 days left/i);
    // The end date shown is daysLeft days from now when there is no trial.
    expect(resend.delivered[0]?.text).toContain("Friday, November 6, 2026");
  });

  it("does not use up the trial's automatic follow-up", async () => {
    const t = await trial("member@example.com");
    const manual = await sendTrialFollowUp(db.prisma, { email: "member@example.com", firstName: "Alex", lastName: "Morgan", emailType: "day2", daysLeft: 6 }, at(1), deps());
    await deliverDueEmails(db.prisma, at(1), deps());
    expect(manual.trial?.id).toBe(t.id);
    expect(resend.delivered[0]?.text).toContain("Sunday, November 8, 2026"); // the trial's own end date
    expect(await db.prisma.trialFollowUp.count()).toBe(0);
    expect(await runTrialFollowUps(db.prisma, at(2), deps())).toMatchObject({ due: 1, sent: 1 });
    expect(resend.delivered).toHaveLength(2);
  });

  it("refuses daysLeft outside 1-7", async () => {
    await expect(
      sendTrialFollowUp(db.prisma, { email: "x@example.com", firstName: "Xa", lastName: "Yb", emailType: "day7", daysLeft: 0 }, at(0), deps()),
    ).rejects.toThrow(RangeError);
    expect(await db.prisma.sentEmail.count()).toBe(0);
  });
});

describe("the admin dashboard figures", () => {
  it("counts trials, follow-ups by type and the next ones due, and when the scheduler last ran", async () => {
    expect(await trialDashboardStats(db.prisma, at(0))).toMatchObject({ activeTrials: 0, schedulerLastRunAt: null, nextDue: [] });

    await trial("s1@example.com"); // day 2 at at(2)
    await trial("s2@example.com", at(-3)); // day 5 at at(2)
    await trial("s3@example.com", at(-6, 12)); // ends at(0, 12)
    await trial("s4@example.com", at(-1), { hasConverted: true });
    await runEmailJobs(db.prisma, at(2), { ...deps(), trigger: "cron" });

    const stats = await trialDashboardStats(db.prisma, at(2, 1));
    expect(stats).toMatchObject({
      activeTrials: 2,
      endingWithin48h: 1, // s2 ends at(4), 47 hours away
      convertedTrials: 1,
      followUpsSentByType: { day2: 1, day5: 1, day7: 0 },
      followUpsByStatus: { day2: { sent: 1 }, day5: { sent: 1 }, day7: {} },
      schedulerLastRunAt: at(2),
      schedulerLastRun: { trigger: "cron", outcome: "success" },
    });
    expect(stats.nextDue).toEqual([
      { email: "s2@example.com", emailType: "day7", dueAt: at(3) },
      { email: "s1@example.com", emailType: "day5", dueAt: at(5) },
    ]);
    // Later, s2 has ended and s1 ends within 48 hours.
    expect(await trialDashboardStats(db.prisma, at(5, 12))).toMatchObject({ activeTrials: 1, endingWithin48h: 1 });
  });
});

describe("GET /api/cron/trial-followups", () => {
  const cronRoute = (request: Request) => cronJobRoute(request, { params: Promise.resolve({ job: "trial-followups" }) });
  const request = (authorization?: string) =>
    new Request("http://localhost/api/cron/trial-followups", { headers: authorization ? { authorization } : {} });

  it("refuses a call without the cron secret", async () => {
    for (const auth of [undefined, "Bearer wrong", CRON_SECRET, `Basic ${CRON_SECRET}`]) {
      const response = await cronRoute(request(auth));
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
    }
    expect(await db.prisma.jobRun.count()).toBe(0);
  });

  it("runs the job with the secret, records the run and answers its summary", async () => {
    await trial("cron@example.com", new Date(Date.now() - 2 * DAY - HOUR));
    const response = await cronRoute(request(`Bearer ${CRON_SECRET}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { followUps: { due: number; logged: number }; retries: { deliveryConfigured: boolean } };
    // This process has no RESEND_API_KEY: the follow-up is recorded and logged, not sent.
    expect(body.followUps).toMatchObject({ due: 1, logged: 1 });
    expect(body.retries.deliveryConfigured).toBe(false);
    expect(await db.prisma.jobRun.findFirstOrThrow()).toMatchObject({ name: "trial-followups", trigger: "cron", outcome: "success" });
  });
});

describe("the job_runs ledger", () => {
  it("records a failed run with its error and keeps 30 days of runs", async () => {
    await db.prisma.jobRun.create({ data: { name: "trial-followups", trigger: "timer", startedAt: at(-40), finishedAt: at(-40), outcome: "success" } });
    await db.prisma.jobRun.create({ data: { name: "trial-followups", trigger: "timer", startedAt: at(-10), finishedAt: at(-10), outcome: "success" } });
    await runEmailJobs(db.prisma, at(0), { ...deps(), trigger: "cli" });
    expect((await db.prisma.jobRun.findMany({ orderBy: { startedAt: "asc" } })).map((r) => r.startedAt)).toEqual([at(-10), at(0)]);

    const broken = { ...db.prisma, freeTrial: { updateMany: () => Promise.reject(new Error("database went away")) } } as unknown as typeof db.prisma;
    // The ledger itself still works: only the follow-up step fails.
    Object.defineProperty(broken, "jobRun", { value: db.prisma.jobRun });
    await expect(runEmailJobs(broken, at(1), { ...deps(), trigger: "timer" })).rejects.toThrow("database went away");
    expect(await db.prisma.jobRun.findFirstOrThrow({ where: { startedAt: at(1) } })).toMatchObject({ outcome: "failed", error: "database went away", finishedAt: at(1) });
  });
});
