import { POST as sendFollowUp } from "@/app/api/admin/send-trial-followup/route";
import { followUpSchema, FOLLOW_UP_DEFAULTS } from "@/lib/admin/follow-up-schema";
import { schedulerRecentWithinMs, trialDashboard } from "@/lib/admin/trial-followups";
import { giveMarketingConsent } from "../helpers/consent";
import { setupTestDatabase } from "../helpers/test-database";
import { readJson } from "../helpers/requests";
import { adminRequest, createAdmin, sessionCookie, setTestAuthSecret } from "./admin-helpers";

setTestAuthSecret();
const db = setupTestDatabase();

const valid = { email: "Jordan.Rivera@Example.com", firstName: "Jordan", lastName: "Rivera", emailType: "day5", daysLeft: 2 };

async function post(body: unknown) {
  const cookie = await sessionCookie(await createAdmin(db.prisma));
  const response = await sendFollowUp(adminRequest("/api/admin/send-trial-followup", { cookie, body }));
  return { status: response.status, body: await readJson(response) };
}

describe("the follow-up form's schema (docs/product-rules.md §5)", () => {
  it("defaults to empty names and email, day2 and 5 days left", () => {
    expect(FOLLOW_UP_DEFAULTS).toEqual({ firstName: "", lastName: "", email: "", emailType: "day2", daysLeft: 5 });
    expect(followUpSchema.parse({ email: "a@b.co", firstName: "Al", lastName: "Bo", emailType: "day7" }).daysLeft).toBe(5);
  });
});

describe("POST /api/admin/send-trial-followup", () => {
  it("refuses a marketing tip (day 5) to an address that has not turned marketing email on: 409, nothing sent", async () => {
    const { status, body } = await post(valid);
    expect(status).toBe(409);
    expect(String(body.message)).toContain("has not turned TariffWatch news and offers on");
    expect(await db.prisma.sentEmail.count({ where: { status: { not: "suppressed" } } })).toBe(0);
  });

  it("sends the chosen follow-up and answers {emailType, trialData: {email, ...}}", async () => {
    await giveMarketingConsent(db.prisma, ["jordan.rivera@example.com"]);
    const { status, body } = await post(valid);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      emailType: "day5",
      trialData: { email: "jordan.rivera@example.com", firstName: "Jordan", lastName: "Rivera", daysLeft: 2 },
      delivery: "logged",
      trialFound: false,
    });
    expect(String(body.message)).toContain("not delivered");
    const emails = await db.prisma.sentEmail.findMany();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ recipient: "jordan.rivera@example.com", template: "trial-day5" });
    expect(emails[0]?.text.toLowerCase()).toContain("jordan, only 2 days left");
  });

  it("uses the trial's real end date when the address has a trial", async () => {
    const endDate = new Date(Date.UTC(2026, 10, 28, 12));
    await db.prisma.freeTrial.create({
      data: { email: "jordan.rivera@example.com", firstName: "Jordan", lastName: "Rivera", startDate: new Date(Date.UTC(2026, 10, 21, 12)), endDate },
    });
    const { body } = await post({ ...valid, emailType: "day7", daysLeft: 1 });
    expect(body.trialFound).toBe(true);
    const email = await db.prisma.sentEmail.findFirstOrThrow();
    expect(email.template).toBe("trial-day7");
    expect(email.text).toContain("November 28, 2026");
  });

  it.each([
    ["an invalid email", { email: "nope" }, "email", "Please enter a valid email address"],
    ["a short first name", { firstName: "J" }, "firstName", "First name must be at least 2 characters"],
    ["a short last name", { lastName: "R" }, "lastName", "Last name must be at least 2 characters"],
    ["an unknown email type", { emailType: "day3" }, "emailType", "Please select an email type"],
    ["a missing email type", { emailType: undefined }, "emailType", "Please select an email type"],
    ["0 days left", { daysLeft: 0 }, "daysLeft", "Days left must be a whole number from 1 to 7"],
    ["8 days left", { daysLeft: 8 }, "daysLeft", "Days left must be a whole number from 1 to 7"],
    ["2.5 days left", { daysLeft: 2.5 }, "daysLeft", "Days left must be a whole number from 1 to 7"],
    ["days left as text", { daysLeft: "5" }, "daysLeft", "Days left must be a whole number from 1 to 7"],
  ])("refuses %s with the spec's message and sends nothing", async (_name, change, field, message) => {
    const { status, body } = await post({ ...valid, ...change });
    expect(status).toBe(400);
    expect(body.errors).toMatchObject({ [field]: message });
    expect(await db.prisma.sentEmail.count()).toBe(0);
  });

  it("refuses malformed JSON with 400", async () => {
    expect((await post("{oops")).status).toBe(400);
  });
});

describe("trial dashboard figures", () => {
  it("counts active, ending-soon and converted trials and lists what is due next", async () => {
    const now = new Date(Date.UTC(2026, 10, 25, 12));
    const day = 24 * 3600 * 1000;
    const trial = (email: string, startedDaysAgo: number, extra: { hasConverted?: boolean; isActive?: boolean } = {}) =>
      db.prisma.freeTrial.create({
        data: {
          email,
          firstName: "Test",
          lastName: "User",
          startDate: new Date(now.getTime() - startedDaysAgo * day),
          endDate: new Date(now.getTime() + (7 - startedDaysAgo) * day),
          ...extra,
        },
      });
    const fresh = await trial("fresh@example.com", 1);
    const middle = await trial("middle@example.com", 3);
    const ending = await trial("ending@example.com", 5.5);
    await trial("converted@example.com", 4, { hasConverted: true });
    await trial("expired@example.com", 9);
    await db.prisma.trialFollowUp.createMany({
      data: [
        { trialId: middle.id, emailType: "day2" },
        { trialId: ending.id, emailType: "day2" },
        { trialId: ending.id, emailType: "day5" },
      ],
    });
    const stats = await trialDashboard(db.prisma, now);
    expect(stats).toMatchObject({ activeTrials: 3, endingWithin48h: 1, convertedTrials: 1 });
    expect(stats.nextDue.map((d) => [d.email, d.emailType])).toEqual([
      ["ending@example.com", "day7"],
      ["fresh@example.com", "day2"],
      ["middle@example.com", "day5"],
    ]);
    expect(stats.nextDue[1]?.dueAt).toEqual(new Date(fresh.startDate.getTime() + 2 * day));
    expect(stats.schedulerLastRunAt).toBeNull();
  });
});

describe("scheduler health", () => {
  it("counts a run as recent within twice the timer's interval, or 25 hours when a cron drives the job", () => {
    expect(schedulerRecentWithinMs(15)).toBe(30 * 60_000);
    expect(schedulerRecentWithinMs(60)).toBe(120 * 60_000);
    expect(schedulerRecentWithinMs(0)).toBe(25 * 3600_000);
  });
});
