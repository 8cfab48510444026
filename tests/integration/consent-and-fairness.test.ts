import { createHash } from "node:crypto";
import { POST as deleteAccount } from "@/app/api/account/delete/route";
import { POST as savePreferences } from "@/app/api/account/preferences/route";
import { POST as ebookSignupCall } from "@/app/api/ebook-email-signup/route";
import { POST as startTrialCall } from "@/app/api/free-trial/route";
import { POST as newsletterCall } from "@/app/api/newsletter/route";
import { POST as unsubscribeCall } from "@/app/api/unsubscribe/route";
import { deliverAlerts, sendDigests } from "@/lib/alerts/deliver";
import { evaluateWatches } from "@/lib/alerts/evaluate";
import { preferencesOf } from "@/lib/accounts/preferences";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { tombstoneHash } from "@/lib/accounts/tombstones";
import { deliverDueEmails, queueEmail } from "@/lib/email/outbox";
import { createResendTransport, type EmailTransport } from "@/lib/email/transport";
import { createUnsubscribeToken } from "@/lib/email/unsubscribe";
import { getSecret } from "@/lib/secrets";
import { resetLawCache } from "@/lib/tariffs/law";
import { TRIAL_ALREADY_USED_FIELD, TRIAL_ALREADY_USED_MESSAGE } from "@/lib/trials/schema";
import { FIXTURE_NOW, makeSubscriber, seedAlertFixtures } from "../helpers/alert-fixtures";
import { startFakeResend, type FakeResend } from "../helpers/fake-resend";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * Consent and fairness (docs/email.md "Consent", docs/accounts.md "Deleting an account and
 * the free trial"): marketing email is off until the person turns it on, on every signup
 * path; deleting an account and signing up again starts no second trial; a trial can stop
 * its alert emails from its account.
 */
const db = setupTestDatabase();
const SECRET = "consent-test-unsubscribe-secret-0123456789";
const quiet = { info: () => undefined, warn: () => undefined };
const trialBody = (email: string, extra: Record<string, unknown> = {}) => ({ firstName: "Pat", lastName: "Lee", email, ...extra });

async function cookieOf(email: string): Promise<string> {
  const subscriber = await db.prisma.subscriber.findUniqueOrThrow({ where: { email } });
  const { token } = await createSession(db.prisma, subscriber.id, new Date());
  return `${subscriberCookieName()}=${token}`;
}

const consentOf = async (email: string) =>
  (await db.prisma.subscriber.findUniqueOrThrow({ where: { email }, select: { marketingConsentAt: true, marketingConsentSource: true } }));

/** Records a trial tip (marketing) and an account notice (service) to `email` and says how each stands. */
async function tipAndNotice(email: string, key: string): Promise<{ tip: string; notice: string }> {
  const props = { firstName: "Pat", daysLeft: 5, trialEndDate: "Saturday, December 5, 2026", siteUrl: "https://tariffwatch.example" };
  const tip = await queueEmail(db.prisma, { to: email, template: "trial-day2", props, idempotencyKey: `tip:${key}` }, { transport: null, logger: quiet, unsubscribeSecret: SECRET });
  const notice = await queueEmail(db.prisma, { to: email, template: "trial-day7", props, idempotencyKey: `notice:${key}` }, { transport: null, logger: quiet, unsubscribeSecret: SECRET });
  return { tip: tip.email.status, notice: notice.email.status };
}

describe("marketing email is off until the person turns it on", () => {
  it("a free trial without the box ticked: the trial's own emails go, its tips do not", async () => {
    const response = await startTrialCall(postRequest("/api/free-trial", trialBody("plain-trial@example.com")));
    expect(response.status).toBe(201);
    expect(await consentOf("plain-trial@example.com")).toEqual({ marketingConsentAt: null, marketingConsentSource: null });
    // The welcome (its first steps) is service mail: recorded for delivery.
    const welcome = await db.prisma.sentEmail.findFirstOrThrow({ where: { recipient: "plain-trial@example.com", template: "trial-welcome" } });
    expect(welcome.status).not.toBe("suppressed");
    expect(welcome.text).toContain("/watchlist");
    expect(await tipAndNotice("plain-trial@example.com", "plain")).toEqual({ tip: "suppressed", notice: "logged" });
    // The account page shows marketing off.
    const subscriber = await db.prisma.subscriber.findUniqueOrThrow({ where: { email: "plain-trial@example.com" } });
    expect((await preferencesOf(db.prisma, subscriber.id)).emailOptOuts).toEqual(["marketing"]);
  });

  it("a free trial with the box ticked records when and where, and the tips go", async () => {
    const response = await startTrialCall(postRequest("/api/free-trial", trialBody("ticked@example.com", { marketingOptIn: true })));
    expect(response.status).toBe(201);
    const consent = await consentOf("ticked@example.com");
    expect(consent.marketingConsentSource).toBe("free-trial");
    expect(consent.marketingConsentAt).toBeInstanceOf(Date);
    expect(await tipAndNotice("ticked@example.com", "ticked")).toEqual({ tip: "logged", notice: "logged" });
  });

  it("refuses a box that is not true or false (400, nothing created)", async () => {
    const response = await startTrialCall(postRequest("/api/free-trial", trialBody("odd@example.com", { marketingOptIn: "yes" })));
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors).toHaveProperty("marketingOptIn");
    expect(await db.prisma.freeTrial.count({ where: { email: "odd@example.com" } })).toBe(0);
  });

  it("the e-book preview sends the chapters asked for, and turns marketing on only with the box", async () => {
    expect((await ebookSignupCall(postRequest("/api/ebook-email-signup", { name: "Ren", email: "reader@example.com" }))).status).toBe(201);
    expect((await consentOf("reader@example.com")).marketingConsentAt).toBeNull();
    const preview = await db.prisma.sentEmail.findFirstOrThrow({ where: { recipient: "reader@example.com", template: "ebook-preview" } });
    expect(preview.status).not.toBe("suppressed");

    expect((await ebookSignupCall(postRequest("/api/ebook-email-signup", { name: "Sol", email: "reader2@example.com", marketingOptIn: true }))).status).toBe(201);
    expect((await consentOf("reader2@example.com")).marketingConsentSource).toBe("ebook-preview");
  });

  it("the newsletter signup is the explicit request: consent recorded; unsubscribing withdraws it", async () => {
    expect((await newsletterCall(postRequest("/api/newsletter", { email: "news-reader@example.com" }))).status).toBe(201);
    expect((await consentOf("news-reader@example.com")).marketingConsentSource).toBe("newsletter");
    const welcome = await db.prisma.sentEmail.findFirstOrThrow({ where: { recipient: "news-reader@example.com", template: "newsletter-welcome" } });
    expect(welcome.status).not.toBe("suppressed");

    // The one-click unsubscribe of the email's footer (signed with the app's own secret).
    const token = createUnsubscribeToken("news-reader@example.com", getSecret("unsubscribe"));
    const request = new Request(`http://localhost/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.77" },
      body: "List-Unsubscribe=One-Click",
    });
    expect((await unsubscribeCall(request)).status).toBe(200);
    expect(await consentOf("news-reader@example.com")).toEqual({ marketingConsentAt: null, marketingConsentSource: null });
    expect(await tipAndNotice("news-reader@example.com", "gone")).toEqual({ tip: "suppressed", notice: "logged" });
  });

  it("the account preferences turn it on and off again", async () => {
    await startTrialCall(postRequest("/api/free-trial", trialBody("prefs-on@example.com")));
    const cookie = await cookieOf("prefs-on@example.com");
    const on = await savePreferences(postRequest("/api/account/preferences", { emailOptOuts: [] }, { headers: { cookie } }));
    expect(await readJson(on)).toEqual({ alertFrequency: "weekly", emailOptOuts: [] });
    expect((await consentOf("prefs-on@example.com")).marketingConsentSource).toBe("account");
    const off = await savePreferences(postRequest("/api/account/preferences", { emailOptOuts: ["marketing"] }, { headers: { cookie } }));
    expect(await readJson(off)).toEqual({ alertFrequency: "weekly", emailOptOuts: ["marketing"] });
    expect((await consentOf("prefs-on@example.com")).marketingConsentAt).toBeNull();
  });

  it("a queued tip is dropped if consent is withdrawn before it is delivered", async () => {
    await startTrialCall(postRequest("/api/free-trial", trialBody("changed-mind@example.com", { marketingOptIn: true })));
    const props = { firstName: "Pat", daysLeft: 5, trialEndDate: "Saturday, December 5, 2026", siteUrl: "https://tariffwatch.example" };
    const resend = await startFakeResend();
    try {
      const transport: EmailTransport = createResendTransport({ apiKey: resend.apiKey, baseUrl: resend.url, requestsPerSecond: 0 });
      const { email } = await queueEmail(db.prisma, { to: "changed-mind@example.com", template: "trial-day5", props, idempotencyKey: "tip:changed" }, { transport, logger: quiet, unsubscribeSecret: SECRET });
      expect(email.status).toBe("queued");
      const cookie = await cookieOf("changed-mind@example.com");
      await savePreferences(postRequest("/api/account/preferences", { emailOptOuts: ["marketing"] }, { headers: { cookie } }));
      const run = await deliverDueEmails(db.prisma, new Date(), { transport, logger: quiet, unsubscribeSecret: SECRET, ids: [email.id] });
      expect(run.suppressed).toBe(1);
      expect(resend.delivered).toHaveLength(0);
    } finally {
      await resend.close();
    }
  });
});

describe("deleting an account does not give a new free trial", () => {
  it("keeps a keyed hash of the email, and the same email (any case) gets 409 with its own message", async () => {
    const email = "again@example.com";
    expect((await startTrialCall(postRequest("/api/free-trial", trialBody(email)))).status).toBe(201);
    const cookie = await cookieOf(email);
    expect((await deleteAccount(postRequest("/api/account/delete", { confirm: "DELETE" }, { headers: { cookie } }))).status).toBe(200);
    expect(await db.prisma.subscriber.count({ where: { email } })).toBe(0);
    expect(await db.prisma.freeTrial.count({ where: { email } })).toBe(0);

    // Only the keyed hash is kept: not the address, not its plain SHA-256.
    const tombstones = await db.prisma.trialTombstone.findMany();
    expect(tombstones.map((t) => t.emailHash)).toEqual([tombstoneHash(email)]);
    const plain = createHash("sha256").update(email).digest();
    expect(tombstones[0]!.emailHash).not.toBe(plain.toString("hex"));
    expect(tombstones[0]!.emailHash).not.toBe(plain.toString("base64url"));
    expect(JSON.stringify(tombstones)).not.toContain("again");

    const second = await startTrialCall(postRequest("/api/free-trial", trialBody(" Again@Example.COM ")));
    expect(second.status).toBe(409);
    const body = await readJson(second);
    expect(body.message).toBe(TRIAL_ALREADY_USED_MESSAGE);
    expect(body.errors).toEqual({ email: TRIAL_ALREADY_USED_FIELD });
    expect(await db.prisma.freeTrial.count()).toBe(0);

    // Deleting again (an account made some other way) keeps one tombstone.
    await newsletterCall(postRequest("/api/newsletter", { email }));
    const cookie2 = await cookieOf(email);
    expect((await deleteAccount(postRequest("/api/account/delete", { confirm: "DELETE" }, { headers: { cookie: cookie2 } }))).status).toBe(200);
    expect(await db.prisma.trialTombstone.count()).toBe(1);
  });

  it("an account that never had a trial leaves no tombstone, and its email can start one later", async () => {
    const email = "never-trialled@example.com";
    await newsletterCall(postRequest("/api/newsletter", { email }));
    const cookie = await cookieOf(email);
    expect((await deleteAccount(postRequest("/api/account/delete", { confirm: "DELETE" }, { headers: { cookie } }))).status).toBe(200);
    expect(await db.prisma.trialTombstone.count()).toBe(0);
    expect((await startTrialCall(postRequest("/api/free-trial", trialBody(email)))).status).toBe(201);
  });
});

describe("a trial can stop its alert emails from /account", () => {
  let resend: FakeResend;
  let transport: EmailTransport;
  beforeAll(async () => {
    resend = await startFakeResend();
    transport = createResendTransport({ apiKey: resend.apiKey, baseUrl: resend.url, requestsPerSecond: 0 });
  });
  afterAll(() => resend.close());
  beforeEach(async () => {
    resend.delivered.length = 0;
    resetLawCache();
    await seedAlertFixtures(db.prisma);
  });

  const deps = () => ({ now: FIXTURE_NOW, siteUrl: "https://tariffwatch.example", secret: SECRET, email: { transport, logger: quiet, unsubscribeSecret: SECRET }, sms: null });

  /** A running trial that watches shoes, with an alert waiting, signed in now (its session cookie). */
  async function trialWithAlert(email: string): Promise<{ id: string; cookie: string }> {
    const id = await makeSubscriber(db.prisma, email, { trial: true }, FIXTURE_NOW);
    await db.prisma.watch.create({
      data: { subscriberId: id, kind: "item", categoryId: "footwear", htsCode: "6403.99.60", name: "Men's leather shoes", madeIn: "VN", priceCents: 12000, thresholdPct: 0.5, horizonDays: 180 },
    });
    await evaluateWatches(db.prisma, { now: FIXTURE_NOW, full: true });
    expect(await db.prisma.subscriberAlert.count({ where: { subscriberId: id } })).toBeGreaterThan(0);
    const { token } = await createSession(db.prisma, id, new Date());
    return { id, cookie: `${subscriberCookieName()}=${token}` };
  }

  it("with alert emails off, the weekly digest carries no alert (and says where they are)", async () => {
    const me = await trialWithAlert("quiet-trial@example.com");
    const saved = await savePreferences(postRequest("/api/account/preferences", { emailOptOuts: ["alerts", "marketing"] }, { headers: { cookie: me.cookie } }));
    expect(saved.status).toBe(200);
    expect(await readJson(saved)).toEqual({ alertFrequency: "weekly", emailOptOuts: ["alerts", "marketing"] });

    expect(await deliverAlerts(db.prisma, deps())).toMatchObject({ emailed: 0 });
    expect(await sendDigests(db.prisma, { ...deps(), frequency: "weekly" })).toMatchObject({ sent: 1, alertsIncluded: 0 });
    await deliverDueEmails(db.prisma, FIXTURE_NOW, deps().email);
    expect(resend.delivered).toHaveLength(1);
    const mail = resend.delivered[0]!;
    expect(mail.subject).toMatch(/^Your weekly tariff report: your watches and prices/);
    expect(mail.text).toContain("Alert emails are off in your account preferences");
    expect(mail.text).not.toMatch(/\[(?:Relief|Info|Watch|Act|Critical)\]/);
    // The alerts stay listed in the account, undelivered.
    expect(await db.prisma.subscriberAlert.count({ where: { subscriberId: me.id, digestedAt: null, emailedAt: null } })).toBeGreaterThan(0);
  });

  it("with the digest off as well, no email at all", async () => {
    const me = await trialWithAlert("silent-trial@example.com");
    const saved = await savePreferences(postRequest("/api/account/preferences", { emailOptOuts: ["alerts", "digest", "marketing"] }, { headers: { cookie: me.cookie } }));
    expect(saved.status).toBe(200);
    expect(await sendDigests(db.prisma, { ...deps(), frequency: "weekly" })).toMatchObject({ sent: 0 });
    expect(await deliverAlerts(db.prisma, deps())).toMatchObject({ emailed: 0 });
    await deliverDueEmails(db.prisma, FIXTURE_NOW, deps().email);
    expect(resend.delivered).toHaveLength(0);
  });
});
