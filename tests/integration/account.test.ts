import Stripe from "stripe";
import { POST as deleteAccount } from "@/app/api/account/delete/route";
import { GET as exportData } from "@/app/api/account/export/route";
import { POST as billingPortal } from "@/app/api/account/billing-portal/route";
import { POST as changePlan } from "@/app/api/account/plan/route";
import { POST as savePreferences } from "@/app/api/account/preferences/route";
import { POST as setSubscription } from "@/app/api/account/subscription/route";
import { POST as createPaymentIntent } from "@/app/api/create-payment-intent/route";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { accessOf } from "@/lib/accounts/access";
import { notifyLapsedAccess } from "@/lib/accounts/lapse";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { cardOnFile, nextCharge, statusSummary } from "@/components/account/summary";
import { decodeStripeForm, startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { newClientIp, postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
const WEBHOOK_SECRET = "whsec_accounttestsecret";
const signer = new Stripe("sk_test_signer");
const DAY = 24 * 60 * 60 * 1000;
const quiet = { info: () => undefined, warn: () => undefined };
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  process.env.STRIPE_SECRET_KEY = "sk_test_integration";
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = "pk_test_integration";
  process.env.STRIPE_API_URL = stripe.url;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
});
afterAll(() => stripe.close());

async function signIn(email: string): Promise<{ id: string; cookie: string }> {
  const subscriber = await findOrCreateSubscriber(db.prisma, email, new Date());
  const { token } = await createSession(db.prisma, subscriber.id, new Date());
  return { id: subscriber.id, cookie: `${subscriberCookieName()}=${token}` };
}

const post = (path: string, body: unknown, cookie?: string) => postRequest(path, body, { headers: cookie ? { cookie } : {} });
const get = (path: string, cookie?: string) =>
  new Request(`http://localhost${path}`, { headers: { "x-forwarded-for": newClientIp(), ...(cookie ? { cookie } : {}) } });

let seq = 0;
function deliver(type: string, object: Record<string, unknown>): Promise<Response> {
  seq += 1;
  const body = JSON.stringify({ id: `evt_acct_${seq}`, object: "event", api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000) + seq, livemode: false, type, data: { object } });
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return stripeWebhook(new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body }));
}

async function startTrial(subscriberId: string, email: string, endsInDays: number) {
  const now = Date.now();
  return db.prisma.freeTrial.create({
    data: { email, firstName: "Ada", lastName: "Buyer", startDate: new Date(now - (7 - endsInDays) * DAY), endDate: new Date(now + endsInDays * DAY), subscriberId },
  });
}

/** Checkout as a signed-in subscriber, then the first invoice is paid (webhook) with the card reported by charge.succeeded. */
async function subscribeByCard(cookie: string, email: string, plan = "consumer", amount = 10) {
  const response = await createPaymentIntent(post("/api/create-payment-intent", { amount, plan, email }, cookie));
  expect(response.status).toBe(200);
  const { paymentId } = (await readJson(response)) as { paymentId: string };
  const row = await db.prisma.subscription.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
  const fake = stripe.subscriptions.get(row.providerSubscriptionId)!;
  stripe.activate(row.providerSubscriptionId);
  const invoice = fake.latest_invoice as Record<string, unknown>;
  expect((await deliver("invoice.paid", { ...invoice, amount_paid: amount * 100, status: "paid" })).status).toBe(200);
  expect(
    (await deliver("charge.succeeded", { id: "ch_1", object: "charge", payment_intent: paymentId, payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } } })).status,
  ).toBe(200);
  return { row: await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } }), paymentId };
}

describe("account calls", () => {
  it("answer 401 when signed out", async () => {
    const calls: [string, Promise<Response>][] = [
      ["subscription", setSubscription(post("/api/account/subscription", { cancelAtPeriodEnd: true }))],
      ["billing-portal", billingPortal(post("/api/account/billing-portal", {}))],
      ["preferences", savePreferences(post("/api/account/preferences", { alertFrequency: "daily" }))],
      ["plan", changePlan(post("/api/account/plan", { planId: "professional" }))],
      ["delete", deleteAccount(post("/api/account/delete", { confirm: "DELETE" }))],
      ["export", exportData(get("/api/account/export"))],
    ];
    for (const [name, call] of calls) expect([name, (await call).status]).toEqual([name, 401]);
    // A made-up cookie is no better.
    expect((await exportData(get("/api/account/export", `${subscriberCookieName()}=${"x".repeat(43)}`))).status).toBe(401);
  });

  it("shows a trial account as trialing with the days left", async () => {
    const me = await signIn("trial@example.com");
    await startTrial(me.id, "trial@example.com", 5);
    const access = await accessOf(db.prisma, me.id, new Date());
    expect(access).toMatchObject({ status: "trialing", trialDaysLeft: 5, alertsPaused: false });
    expect(access.entitlements.maxCategories).toBe(3);
    expect(statusSummary(access)).toMatchObject({ label: "Trialing", paused: false });
    expect(statusSummary(access).detail).toMatch(/^Free trial: 5 days left, ends /);
  });
});

describe("card checkout joins the account", () => {
  it("links the subscription and payment, lifts the 3-category limit, and records the card", async () => {
    const me = await signIn("buyer@example.com");
    await startTrial(me.id, "buyer@example.com", 3);
    expect((await accessOf(db.prisma, me.id, new Date())).entitlements.maxCategories).toBe(3);

    const { row, paymentId } = await subscribeByCard(me.cookie, "buyer@example.com");
    expect(row).toMatchObject({ subscriberId: me.id, planId: "consumer", status: "active", cardBrand: "visa", cardLast4: "4242" });
    const payment = await db.prisma.payment.findUniqueOrThrow({ where: { provider_providerPaymentId: { provider: "stripe", providerPaymentId: paymentId } } });
    expect(payment.subscriberId).toBe(me.id);

    const access = await accessOf(db.prisma, me.id, new Date());
    expect(access).toMatchObject({ plan: "consumer", status: "active" });
    expect(access.entitlements.maxCategories).toBeNull();
    expect(cardOnFile(row)).toBe("Visa ending in 4242");
    expect(nextCharge(row)).toMatchObject({ amount: "$10.00", date: row.currentPeriodEnd });
  });

  it("joins the account of the email when nobody is signed in", async () => {
    const response = await createPaymentIntent(post("/api/create-payment-intent", { amount: 10, plan: "consumer", email: "Walk.In@Example.com" }));
    expect(response.status).toBe(200);
    const subscriber = await db.prisma.subscriber.findUniqueOrThrow({ where: { email: "walk.in@example.com" } });
    expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ subscriberId: subscriber.id });
    expect(await db.prisma.payment.findFirstOrThrow()).toMatchObject({ subscriberId: subscriber.id });
  });

  it("records endedAt when Stripe deletes the subscription", async () => {
    const me = await signIn("ender@example.com");
    const { row } = await subscribeByCard(me.cookie, "ender@example.com");
    const fake = stripe.subscriptions.get(row.providerSubscriptionId)!;
    await deliver("customer.subscription.deleted", { ...fake, status: "canceled", ended_at: 1_900_000_000 });
    expect(await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "canceled",
      endedAt: new Date(1_900_000_000 * 1000),
    });
  });
});

describe("cancel at period end, undo, and lapse", () => {
  it("reaches Stripe and the row both ways", async () => {
    const me = await signIn("cancel@example.com");
    const { row } = await subscribeByCard(me.cookie, "cancel@example.com");

    const cancel = await setSubscription(post("/api/account/subscription", { cancelAtPeriodEnd: true }, me.cookie));
    expect(cancel.status).toBe(200);
    expect((await readJson(cancel)).subscription).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });
    expect(stripe.subscriptions.get(row.providerSubscriptionId)?.cancel_at_period_end).toBe(true);
    expect((await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).cancelAtPeriodEnd).toBe(true);
    const cancelling = await accessOf(db.prisma, me.id, new Date());
    expect(cancelling).toMatchObject({ status: "cancelling", endsAt: row.currentPeriodEnd });
    expect(statusSummary(cancelling).detail).toContain("ends");

    const undo = await setSubscription(post("/api/account/subscription", { cancelAtPeriodEnd: false }, me.cookie));
    expect(undo.status).toBe(200);
    expect(stripe.subscriptions.get(row.providerSubscriptionId)?.cancel_at_period_end).toBe(false);
    expect((await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).cancelAtPeriodEnd).toBe(false);

    const bad = await setSubscription(post("/api/account/subscription", { cancelAtPeriodEnd: "yes" }, me.cookie));
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).errors).toHaveProperty("cancelAtPeriodEnd");
  });

  it("falls back when the period passes: lapsed, alerts paused, one email however often the job runs, cleared on return", async () => {
    const me = await signIn("lapse@example.com");
    const { row } = await subscribeByCard(me.cookie, "lapse@example.com");
    await setSubscription(post("/api/account/subscription", { cancelAtPeriodEnd: true }, me.cookie));
    const later = new Date(row.currentPeriodEnd!.getTime() + DAY);

    const access = await accessOf(db.prisma, me.id, later);
    expect(access).toMatchObject({ status: "lapsed", alertsPaused: true, plan: null });
    expect(statusSummary(access)).toMatchObject({ label: "Lapsed", paused: true });

    const deps = { siteUrl: "http://localhost:3000", transport: null, logger: quiet };
    expect(await notifyLapsedAccess(db.prisma, later, deps)).toMatchObject({ notified: 1 });
    expect(await notifyLapsedAccess(db.prisma, new Date(later.getTime() + 60_000), deps)).toMatchObject({ notified: 0 });
    const emails = await db.prisma.sentEmail.findMany({ where: { template: "access-paused" } });
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ recipient: "lapse@example.com", idempotencyKey: `access-paused:${me.id}:sub:${row.id}:${row.currentPeriodEnd!.toISOString()}` });
    expect(emails[0]?.text).toContain("watchlist");
    expect((await db.prisma.subscriber.findUniqueOrThrow({ where: { id: me.id } })).lapseNotifiedAt).not.toBeNull();

    // Access returns: the mark is cleared, so a later lapse is told again.
    await db.prisma.subscription.create({
      data: { provider: "stripe", providerSubscriptionId: "sub_again", email: "lapse@example.com", planId: "consumer", status: "active", currentPeriodEnd: new Date(later.getTime() + 30 * DAY), subscriberId: me.id },
    });
    expect(await notifyLapsedAccess(db.prisma, later, deps)).toMatchObject({ cleared: 1, notified: 0 });
    expect((await db.prisma.subscriber.findUniqueOrThrow({ where: { id: me.id } })).lapseNotifiedAt).toBeNull();
  });

  it("tells an ended trial once, and not one that ended long ago", async () => {
    const recent = await signIn("ended@example.com");
    await startTrial(recent.id, "ended@example.com", -1);
    const old = await signIn("old@example.com");
    await startTrial(old.id, "old@example.com", -60);
    const deps = { siteUrl: "http://localhost:3000", transport: null, logger: quiet };
    expect(await notifyLapsedAccess(db.prisma, new Date(), deps)).toMatchObject({ notified: 1 });
    expect(await notifyLapsedAccess(db.prisma, new Date(), deps)).toMatchObject({ notified: 0 });
    const emails = await db.prisma.sentEmail.findMany({ where: { template: "access-paused" } });
    expect(emails.map((e) => e.recipient)).toEqual(["ended@example.com"]);
    expect(emails[0]?.subject).toMatch(/trial has ended/);
  });
});

describe("email preferences", () => {
  it("refuses bad fields one by one (400)", async () => {
    const me = await signIn("prefs@example.com");
    const response = await savePreferences(post("/api/account/preferences", { alertFrequency: "hourly", emailOptOuts: ["spam"] }, me.cookie));
    expect(response.status).toBe(400);
    const errors = (await readJson(response)).errors as Record<string, string>;
    expect(errors.alertFrequency).toMatch(/instant, daily or weekly/);
    expect(Object.keys(errors).some((k) => k.startsWith("emailOptOuts"))).toBe(true);
    expect((await savePreferences(post("/api/account/preferences", {}, me.cookie))).status).toBe(400);
    expect((await savePreferences(post("/api/account/preferences", { emailOptOuts: "marketing" }, me.cookie))).status).toBe(400);
  });

  it("refuses instant alerts on a trial with a 403 naming the Consumer Plan, and allows them once subscribed", async () => {
    const me = await signIn("instant@example.com");
    await startTrial(me.id, "instant@example.com", 4);
    const refused = await savePreferences(post("/api/account/preferences", { alertFrequency: "instant" }, me.cookie));
    expect(refused.status).toBe(403);
    expect(String((await readJson(refused)).message)).toContain("Consumer Plan");
    expect((await db.prisma.subscriber.findUniqueOrThrow({ where: { id: me.id } })).alertFrequency).toBe("weekly");

    await subscribeByCard(me.cookie, "instant@example.com");
    const ok = await savePreferences(post("/api/account/preferences", { alertFrequency: "instant" }, me.cookie));
    expect(ok.status).toBe(200);
    // Marketing email stays off until turned on (docs/email.md, "Consent").
    expect(await readJson(ok)).toEqual({ alertFrequency: "instant", emailOptOuts: ["marketing"] });
  });

  it("keeps the marketing switch and the one-click unsubscribe list in step", async () => {
    const me = await signIn("news@example.com");
    await db.prisma.newsletter.create({ data: { email: "news@example.com", subscriberId: me.id } });
    // A newsletter row alone (no recorded consent) shows marketing off until it is turned on here.
    const first = await savePreferences(post("/api/account/preferences", { emailOptOuts: [] }, me.cookie));
    expect(await readJson(first)).toEqual({ alertFrequency: "weekly", emailOptOuts: [] });
    const off = await savePreferences(post("/api/account/preferences", { emailOptOuts: ["digest", "marketing"] }, me.cookie));
    expect(await readJson(off)).toEqual({ alertFrequency: "weekly", emailOptOuts: ["digest", "marketing"] });
    expect(await db.prisma.emailSuppression.findUnique({ where: { email: "news@example.com" } })).not.toBeNull();
    expect(await db.prisma.newsletter.count()).toBe(0);

    const on = await savePreferences(post("/api/account/preferences", { emailOptOuts: [] }, me.cookie));
    expect(await readJson(on)).toEqual({ alertFrequency: "weekly", emailOptOuts: [] });
    expect(await db.prisma.emailSuppression.count()).toBe(0);

    // An unsubscribe by link shows as marketing off.
    await db.prisma.emailSuppression.create({ data: { email: "news@example.com", reason: "one-click" } });
    const after = await savePreferences(post("/api/account/preferences", { alertFrequency: "daily" }, me.cookie));
    expect(await readJson(after)).toEqual({ alertFrequency: "daily", emailOptOuts: ["marketing"] });
  });
});

describe("billing portal and plan changes", () => {
  it("opens Stripe's customer portal for the account's customer", async () => {
    const me = await signIn("portal@example.com");
    const none = await billingPortal(post("/api/account/billing-portal", {}, me.cookie));
    expect(none.status).toBe(404);
    const { row } = await subscribeByCard(me.cookie, "portal@example.com");
    const response = await billingPortal(post("/api/account/billing-portal", {}, me.cookie));
    expect(response.status).toBe(200);
    expect(String((await readJson(response)).url)).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(stripe.portalSessions.at(-1)).toMatchObject({ customer: row.providerCustomerId, return_url: expect.stringMatching(/\/account$/) });
  });

  it("moves Consumer to Professional with proration through Stripe", async () => {
    const me = await signIn("upgrade@example.com");
    const { row } = await subscribeByCard(me.cookie, "upgrade@example.com");
    const response = await changePlan(post("/api/account/plan", { planId: "professional" }, me.cookie));
    expect(response.status).toBe(200);
    const update = stripe.requests.filter((r) => r.method === "POST" && r.path.startsWith(`/v1/subscriptions/${row.providerSubscriptionId}`)).at(-1)!;
    const form = decodeStripeForm(update.body) as { proration_behavior: string; items: Record<string, { id: string; price: string }> };
    expect(form.proration_behavior).toBe("create_prorations");
    const item = (stripe.subscriptions.get(row.providerSubscriptionId)!.items as { data: { id: string; price: { id: string; unit_amount: number } }[] }).data[0]!;
    expect(form.items["0"]).toEqual({ id: item.id, price: item.price.id });
    expect(item.price.unit_amount).toBe(3500);
    expect(await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ planId: "professional" });
    expect((await accessOf(db.prisma, me.id, new Date())).plan).toBe("professional");

    expect((await changePlan(post("/api/account/plan", { planId: "professional" }, me.cookie))).status).toBe(409);
    const bad = await changePlan(post("/api/account/plan", { planId: "free-trial" }, me.cookie));
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).errors).toHaveProperty("planId");
  });
});

describe("download and delete", () => {
  it("exports everything tied to the account as a JSON attachment", async () => {
    const me = await signIn("export@example.com");
    await startTrial(me.id, "export@example.com", 2);
    await subscribeByCard(me.cookie, "export@example.com");
    await db.prisma.sentEmail.create({
      data: { idempotencyKey: "x:1", recipient: "export@example.com", template: "trial-welcome", subject: "Welcome", html: "<p>hi</p>", text: "hi", status: "logged" },
    });
    await db.prisma.payment.create({ data: { provider: "stripe", providerPaymentId: "pi_other", email: "someone@example.com", itemId: "consumer", kind: "one-time", amountCents: 100, status: "succeeded" } });
    const response = await exportData(get("/api/account/export", me.cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="tariffwatch-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await response.json()) as Record<string, unknown[] & Record<string, unknown>>;
    expect(data.account).toMatchObject({ email: "export@example.com" });
    expect(data.trial).toHaveLength(1);
    expect(data.subscriptions).toHaveLength(1);
    expect((data.payments as unknown as { email: string }[]).map((p) => p.email)).toEqual(["export@example.com"]);
    expect(data.emailsSent).toHaveLength(1);
    expect(JSON.stringify(data)).not.toMatch(/tokenHash|keyHash|someone@example\.com/);
  });

  it("removes personal data, cancels at Stripe and keeps anonymised payments", async () => {
    const me = await signIn("leaver@example.com");
    await startTrial(me.id, "leaver@example.com", 2);
    await db.prisma.newsletter.create({ data: { email: "leaver@example.com", subscriberId: me.id } });
    await db.prisma.ebookSignup.create({ data: { email: "leaver@example.com", name: "Lee", subscriberId: me.id } });
    await db.prisma.ebookPurchase.create({ data: { email: "leaver@example.com", name: "Lee Leaver", amount: "4.99", subscriberId: me.id } });
    const { row } = await subscribeByCard(me.cookie, "leaver@example.com");

    const unconfirmed = await deleteAccount(post("/api/account/delete", { confirm: "delete" }, me.cookie));
    expect(unconfirmed.status).toBe(400);
    expect((await readJson(unconfirmed)).errors).toHaveProperty("confirm");
    expect(await db.prisma.subscriber.count({ where: { id: me.id } })).toBe(1);

    const response = await deleteAccount(post("/api/account/delete", { confirm: "DELETE" }, me.cookie));
    expect(response.status).toBe(200);
    // The session cookie and the signed-in hint are both cleared.
    expect(response.headers.getSetCookie()).toEqual([
      "tariffwatch.session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
      "tariffwatch.signed-in=; Path=/; SameSite=Lax; Max-Age=0",
    ]);
    expect(stripe.subscriptions.get(row.providerSubscriptionId)?.status).toBe("canceled");

    expect(await db.prisma.subscriber.count({ where: { id: me.id } })).toBe(0);
    expect(await db.prisma.subscriberSession.count()).toBe(0);
    expect(await db.prisma.freeTrial.count()).toBe(0);
    expect(await db.prisma.newsletter.count()).toBe(0);
    expect(await db.prisma.ebookSignup.count()).toBe(0);
    const payments = await db.prisma.payment.findMany();
    expect(payments.length).toBeGreaterThan(0);
    for (const p of payments) {
      expect(p.email).toMatch(/^deleted-[0-9a-f-]{36}@deleted\.invalid$/);
      expect(p.subscriberId).toBeNull();
    }
    expect(await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "canceled", subscriberId: null, email: payments[0]!.email });
    expect(await db.prisma.ebookPurchase.findFirstOrThrow()).toMatchObject({ name: "", email: payments[0]!.email, subscriberId: null });
    const leftovers = await db.prisma.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM (SELECT email FROM payments UNION ALL SELECT email FROM subscriptions UNION ALL SELECT email FROM ebook_purchases UNION ALL SELECT recipient FROM sent_emails) t WHERE email = 'leaver@example.com'`,
    );
    expect(Number(leftovers[0]?.n)).toBe(0);
    // The old cookie is dead.
    expect((await exportData(get("/api/account/export", me.cookie))).status).toBe(401);
  });
});
