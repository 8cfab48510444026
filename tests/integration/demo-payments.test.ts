import { POST as openPortal } from "@/app/api/account/billing-portal/route";
import { POST as setSubscription } from "@/app/api/account/subscription/route";
import { POST as createPaymentIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmRoute } from "@/app/api/demo-payments/stripe/confirm/route";
import { GET as scriptRoute } from "@/app/api/demo-payments/stripe.js/route";
import { GET as exportWatchlist } from "@/app/api/watchlist/export/route";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { accessOf } from "@/lib/accounts/access";
import { publicPaymentConfig } from "@/lib/payments/public-config";
import { startDemoPaymentServer, type DemoPaymentServer } from "@/scripts/lib/demo-payment-server";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";
import { apiRequest, subscriberOnPlan } from "./plan-fixtures";

/**
 * Demo payments end to end on the server (docs/billing.md "Demo payments"): the demo payment
 * server (scripts/lib/demo-payment-server.ts) answers the production code's Stripe calls, the
 * card form's confirm goes through /api/demo-payments/stripe/confirm to the server's
 * /v1/payment_intents/{id}/confirm, and the server's own signed webhooks, not a test, move the
 * subscription: a declined test card changes nothing, 4242 grants the plan (and its paid
 * features), and cancel and resume in the account reach the server and come back by webhook.
 */
const db = setupTestDatabase();
const SECRET = "whsec_demopaymentstest";
let server: DemoPaymentServer;
const refusals: string[] = [];

beforeAll(async () => {
  server = await startDemoPaymentServer({
    secret: SECRET,
    retry: { firstMs: 50, totalMs: 1_000 },
    log: (message) => refusals.push(message),
    post: (payload, headers) => stripeWebhook(new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers, body: payload })),
  });
  Object.assign(process.env, {
    EBOOK_DEMO_MODE: "true",
    DEMO_PAYMENTS: "true",
    STRIPE_SECRET_KEY: "sk_test_demo_payments",
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_demo_payments",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: server.url,
  });
});
afterAll(() => server.close());

async function confirm(clientSecret: string, number: string) {
  const response = await confirmRoute(postRequest("/api/demo-payments/stripe/confirm", { clientSecret, number }));
  expect(response.status).toBe(200);
  return readJson(response);
}

describe("demo payments", () => {
  it("tells the checkout to load the stand-in card form and serves it from the demo server", async () => {
    expect(publicPaymentConfig().demo).toEqual({ scriptUrl: "/api/demo-payments/stripe.js", confirmUrl: "/api/demo-payments/stripe/confirm" });
    const response = await scriptRoute(new Request("http://localhost/api/demo-payments/stripe.js"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const script = await response.text();
    expect(script).toContain("data-confirm-url");
    expect(script).toContain("window.Stripe = Stripe");
  });

  it("upgrades with a test card: a decline changes nothing, 4242 grants the plan by signed webhooks; cancel and resume come back the same way", async () => {
    const me = await subscriberOnPlan(db.prisma, "trial", "demo-buyer@example.com");
    const intent = await createPaymentIntent(postRequest("/api/create-payment-intent", { amount: 35, plan: "professional", email: me.email }, { headers: { cookie: me.cookie } }));
    expect(intent.status).toBe(200);
    const { clientSecret } = (await readJson(intent)) as { clientSecret: string };

    const declined = await confirm(clientSecret, "4000000000000002");
    expect(declined).toMatchObject({ error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." } });
    await server.idle();
    expect((await accessOf(db.prisma, me.id, new Date())).plan).toBe("free-trial");
    expect((await exportWatchlist(apiRequest("GET", "/api/watchlist/export", { cookie: me.cookie }))).status).toBe(403);

    const paid = await confirm(clientSecret, "4242 4242 4242 4242".replace(/ /g, ""));
    expect(paid).toMatchObject({ paymentIntent: { object: "payment_intent", status: "succeeded" } });
    await server.idle();
    expect(refusals).toEqual([]);
    const row = await db.prisma.subscription.findFirstOrThrow({ where: { subscriberId: me.id } });
    expect(row).toMatchObject({ planId: "professional", status: "active", cardBrand: "visa", cardLast4: "4242", cancelAtPeriodEnd: false });
    const payment = await db.prisma.payment.findFirstOrThrow({ where: { subscriptionId: row.id } });
    expect(payment).toMatchObject({ status: "succeeded", amountCents: 3500 });
    // Every change came by webhook, each checked against its signature and recorded once.
    const events = await db.prisma.providerEvent.findMany({ where: { provider: "stripe" }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.type).sort()).toEqual(["charge.succeeded", "customer.subscription.updated", "invoice.paid", "payment_intent.payment_failed", "payment_intent.succeeded"]);
    expect(await accessOf(db.prisma, me.id, new Date())).toMatchObject({ plan: "professional", status: "active" });
    expect((await exportWatchlist(apiRequest("GET", "/api/watchlist/export", { cookie: me.cookie }))).status).toBe(200);

    // No hosted card portal exists in demo mode: a clear 409, not a link to Stripe's site.
    const portal = await openPortal(postRequest("/api/account/billing-portal", {}, { headers: { cookie: me.cookie } }));
    expect(portal.status).toBe(409);
    expect(JSON.stringify(await readJson(portal))).toContain("Demo payments have no card portal");

    const cancel = await setSubscription(postRequest("/api/account/subscription", { cancelAtPeriodEnd: true }, { headers: { cookie: me.cookie } }));
    expect(cancel.status).toBe(200);
    await server.idle();
    expect(await accessOf(db.prisma, me.id, new Date())).toMatchObject({ plan: "professional", status: "cancelling" });
    expect(server.stripe.subscriptions.get(row.providerSubscriptionId)).toMatchObject({ cancel_at_period_end: true });

    const resume = await setSubscription(postRequest("/api/account/subscription", { cancelAtPeriodEnd: false }, { headers: { cookie: me.cookie } }));
    expect(resume.status).toBe(200);
    await server.idle();
    expect(await accessOf(db.prisma, me.id, new Date())).toMatchObject({ plan: "professional", status: "active" });
    expect(await db.prisma.providerEvent.count({ where: { provider: "stripe", type: "customer.subscription.updated" } })).toBe(3);
    expect(refusals).toEqual([]);
  });

  it("answers a bad confirm with a 4xx and a message, and an unknown payment the way Stripe does", async () => {
    const bad = await confirmRoute(postRequest("/api/demo-payments/stripe/confirm", { clientSecret: "nope", number: "12" }));
    expect(bad.status).toBe(400);
    expect(Object.keys(((await readJson(bad)) as { errors: object }).errors).sort()).toEqual(["clientSecret", "number"]);
    const unknown = await confirm("pi_doesnotexist_secret_abc", "4242424242424242");
    expect(unknown).toMatchObject({ error: { type: "invalid_request_error", code: "resource_missing" } });
  });
});
