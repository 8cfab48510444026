import { POST as checkoutAttempt } from "@/app/api/checkout-attempt/route";
import { POST as createPaymentIntent } from "@/app/api/create-payment-intent/route";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { createAdmin, sessionCookie, setTestAuthSecret } from "./admin-helpers";
import { POST as sendConfirmation } from "@/app/api/send-payment-confirmation/route";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

setTestAuthSecret();
const db = setupTestDatabase();
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  process.env.STRIPE_SECRET_KEY = "sk_test_integration";
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = "pk_test_integration";
  process.env.STRIPE_API_URL = stripe.url;
});
afterAll(() => stripe.close());
beforeEach(() => {
  stripe.requests.length = 0;
});

const create = (body: unknown, headers: Record<string, string> = {}) => createPaymentIntent(postRequest("/api/create-payment-intent", body, { headers }));

async function adminCookie(): Promise<string> {
  return sessionCookie(await createAdmin(db.prisma));
}

async function newAttempt(): Promise<string> {
  const response = await checkoutAttempt(postRequest("/api/checkout-attempt", {}));
  expect(response.status).toBe(200);
  return String((await readJson(response)).attempt);
}

describe("POST /api/create-payment-intent", () => {
  it.each([
    ["pro", 49, "pro-alerts"],
    ["consumer", 10, "consumer"],
    ["consumer-debug", 10, "consumer"],
    ["consumer-simple-card", 10, "consumer"],
    ["consumer-enhanced", 10, "consumer"],
    ["consumer-paypal-primary", 10, "consumer"],
    ["consumer-ultimate-card", 10, "consumer"],
  ])("starts an incomplete monthly subscription for plan %s ($%i)", async (plan, amount, planId) => {
    const email = `buyer-${plan}@example.com`;
    const response = await create({ amount, plan, email: email.toUpperCase() });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.kind).toBe("subscription");
    expect(body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(String(body.clientSecret).startsWith(`${String(body.paymentId)}_secret_`)).toBe(true);

    const sub = [...stripe.subscriptions.values()].find((s) => (s.metadata as { email?: string }).email === email);
    expect(sub).toMatchObject({ status: "incomplete", metadata: { planId, email } });
    const priceId = (sub?.items as { data: { price: { id: string } }[] }).data[0]?.price.id ?? "";
    expect(stripe.prices.get(priceId)).toMatchObject({ unit_amount: amount * 100, currency: "usd", recurring: { interval: "month" } });

    const stored = await db.prisma.subscription.findFirstOrThrow();
    expect(stored).toMatchObject({ planId, status: "incomplete", email, provider: "stripe" });
    const payment = await db.prisma.payment.findFirstOrThrow();
    expect(payment).toMatchObject({ providerPaymentId: body.paymentId, amountCents: amount * 100, status: "pending", kind: "subscription" });
  });

  it("reuses the customer with the same email and the plan's price", async () => {
    const before = { customers: stripe.customers.size, prices: stripe.prices.size, subs: stripe.subscriptions.size };
    await create({ amount: 10, plan: "consumer", email: "repeat@example.com" });
    await create({ amount: 10, plan: "consumer", email: "REPEAT@example.com" });
    expect(stripe.customers.size).toBe(before.customers + 1);
    expect(stripe.prices.size).toBe(before.prices); // the Consumer price exists already
    expect(stripe.subscriptions.size).toBe(before.subs + 2);
  });

  // Replaces the test that keyed a retry on the browser's `timestamp` (Date.now() in the page):
  // keys now come from a server-issued checkout attempt (docs/billing.md "Card payments").
  it("sends an idempotency key from the server's checkout attempt: a retry of the attempt creates nothing new", async () => {
    const attempt = await newAttempt();
    const body = { amount: 10, plan: "consumer", email: "keys@example.com", attempt };
    const before = stripe.subscriptions.size;
    const first = await readJson(await create(body));
    const second = await readJson(await create(body));
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(stripe.subscriptions.size).toBe(before + 1);
    const creates = stripe.requests.filter((r) => r.method === "POST");
    expect(creates.length).toBeGreaterThan(0);
    for (const r of creates) expect(typeof r.headers["idempotency-key"]).toBe("string");
    const attemptId = attempt.split(".")[0] ?? "";
    expect(stripe.idempotencyKeys().find((k) => k.path === "/v1/subscriptions")?.key).toContain(attemptId);
    expect(await db.prisma.payment.count()).toBe(1);
  });

  it("a new attempt gets a new key; the browser's clock is not a key", async () => {
    const [a, b] = [await newAttempt(), await newAttempt()];
    expect(a).not.toBe(b);
    const before = stripe.subscriptions.size;
    await create({ amount: 10, plan: "consumer", email: "again@example.com", attempt: a });
    await create({ amount: 10, plan: "consumer", email: "again@example.com", attempt: b });
    expect(stripe.subscriptions.size).toBe(before + 2);
    // Two presses that send the same timestamp and no attempt are two attempts, not one.
    await create({ amount: 10, plan: "consumer", email: "clock@example.com", timestamp: 1_700_000_000_000 });
    await create({ amount: 10, plan: "consumer", email: "clock@example.com", timestamp: 1_700_000_000_000 });
    expect(stripe.subscriptions.size).toBe(before + 4);
    expect(stripe.idempotencyKeys().some((k) => k.key.includes("1700000000000"))).toBe(false);
  });

  it("refuses a forged or tampered attempt token (400) and creates nothing", async () => {
    const attempt = await newAttempt();
    const [id, expires] = attempt.split(".");
    for (const forged of [`${id}.${expires}.${"A".repeat(43)}`, `${id}.${Number(expires) + 1}.${attempt.split(".")[2]}`, "not-a-token"]) {
      const response = await create({ amount: 10, plan: "consumer", email: "forge@example.com", attempt: forged });
      expect(response.status).toBe(400);
      expect(Object.keys((await readJson(response)).errors as object)).toContain("attempt");
    }
    expect(stripe.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("refuses more than 5 attempts per email (429 with a message), whatever the client", async () => {
    for (let i = 0; i < 5; i += 1) expect((await create({ amount: 10, plan: "consumer", email: "tester@example.com" })).status).toBe(200);
    const refused = await create({ amount: 10, plan: "consumer", email: "Tester@example.com" });
    expect(refused.status).toBe(429);
    expect((await readJson(refused)).error).toMatch(/Too many payment attempts for this email/);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await create({ amount: 10, plan: "consumer", email: "other@example.com" })).status).toBe(200);
  });

  it("limits one client trying many emails (429)", async () => {
    const ip = "198.51.100.77";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await createPaymentIntent(postRequest("/api/create-payment-intent", { amount: 10, plan: "consumer", email: `card${i}@example.com` }, { ip }))).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("the $1 test payment needs a signed-in admin: 401 signed out, 403 for a subscriber, nothing created", async () => {
    expect((await create({ amount: 1, plan: "test", email: "qa@example.com" })).status).toBe(401);
    const subscriber = await findOrCreateSubscriber(db.prisma, "member@example.com", new Date());
    const { token } = await createSession(db.prisma, subscriber.id, new Date());
    const asSubscriber = await create({ amount: 1, plan: "test", email: "qa@example.com" }, { cookie: `${subscriberCookieName()}=${token}` });
    expect(asSubscriber.status).toBe(403);
    expect(typeof (await readJson(asSubscriber)).error).toBe("string");
    expect(stripe.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    expect(await db.prisma.payment.count()).toBe(0);
  });

  it("makes the $1 test payment a one-time payment (admin)", async () => {
    const response = await create({ amount: 1, plan: "test", email: "qa@example.com" }, { cookie: await adminCookie() });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.kind).toBe("one-time");
    const pi = stripe.paymentIntents.get(String(body.paymentId));
    expect(pi).toMatchObject({ amount: 100, currency: "usd", receipt_email: "qa@example.com" });
    expect(stripe.requests.some((r) => r.path.startsWith("/v1/subscriptions"))).toBe(false);
  });

  it.each([
    ["a tampered amount", { amount: 1, plan: "consumer", email: "t@example.com" }, "amount"],
    ["the retired $29.99 price", { amount: 29.99, plan: "consumer", email: "t@example.com" }, "amount"],
    ["Pro Alerts at the Consumer price", { amount: 10, plan: "pro", email: "t@example.com" }, "amount"],
    ["an unknown plan", { amount: 10, plan: "platinum", email: "t@example.com" }, "plan"],
    ["a missing email", { amount: 10, plan: "consumer" }, "email"],
    ["a non-number amount", { amount: { value: 10 }, plan: "consumer", email: "t@example.com" }, "amount"],
  ])("refuses %s with 400 and creates nothing", async (_name, body, field) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    const answer = await readJson(response);
    expect(typeof answer.error).toBe("string");
    expect(Object.keys(answer.errors as object)).toContain(field);
    expect(stripe.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    expect(await db.prisma.payment.count()).toBe(0);
  });

  it("answers 502 with a message when the provider fails, and records nothing", async () => {
    const cookie = await adminCookie();
    stripe.failNext();
    const response = await create({ amount: 1, plan: "test", email: "outage@example.com" }, cookie ? { cookie } : {});
    expect(response.status).toBe(502);
    expect((await readJson(response)).error).toMatch(/could not be reached/);
    expect(await db.prisma.payment.count()).toBe(0);
  });
});

describe("POST /api/send-payment-confirmation (card)", () => {
  it("refuses unknown payments", async () => {
    const response = await sendConfirmation(postRequest("/api/send-payment-confirmation", { paymentId: "pi_unknown", amount: "10", currency: "USD", method: "Credit/Debit Card" }));
    expect(response.status).toBe(404);
    expect(await db.prisma.sentEmail.count()).toBe(0);
  });

  it("refuses a payment that has not completed", async () => {
    const { paymentId } = await readJson(await create({ amount: 10, plan: "consumer", email: "wait@example.com" }));
    const response = await sendConfirmation(postRequest("/api/send-payment-confirmation", { paymentId, amount: "10", currency: "USD", method: "Credit/Debit Card" }));
    expect(response.status).toBe(409);
    expect(await db.prisma.sentEmail.count()).toBe(0);
  });

  it("confirms with the provider, states the captured amount (not the browser's), and sends once", async () => {
    const { paymentId } = await readJson(await create({ amount: 10, plan: "consumer", email: "paid@example.com" }));
    stripe.succeed(String(paymentId));
    const call = () =>
      sendConfirmation(postRequest("/api/send-payment-confirmation", { paymentId, amount: "19", currency: "USD", method: "Credit/Debit Card" }));
    const responses = await Promise.all([call(), call(), call()]);
    for (const r of responses) expect(r.status).toBe(200);
    const emails = await db.prisma.sentEmail.findMany();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ template: "payment-confirmation", recipient: "paid@example.com" });
    expect(emails[0]?.subject).toContain("$10.00");
    expect(emails[0]?.text).not.toContain("$19");
    expect((await db.prisma.payment.findFirstOrThrow()).status).toBe("succeeded");
  });

  it("marks the buyer's free trial as converted", async () => {
    await db.prisma.freeTrial.create({ data: { email: "trialist@example.com", firstName: "Tia", lastName: "Lo", endDate: new Date(Date.now() + 7 * 86400_000) } });
    const { paymentId } = await readJson(await create({ amount: 10, plan: "consumer", email: "trialist@example.com" }));
    stripe.succeed(String(paymentId));
    await sendConfirmation(postRequest("/api/send-payment-confirmation", { paymentId, amount: "10", currency: "USD", method: "Credit/Debit Card" }));
    expect((await db.prisma.freeTrial.findUniqueOrThrow({ where: { email: "trialist@example.com" } })).hasConverted).toBe(true);
  });
});
