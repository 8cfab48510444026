import { GET as subscriptionStatus, POST as createSubscription } from "@/app/api/paypal/subscription/route";
import { POST as paypalWebhook } from "@/app/api/webhooks/paypal/route";
import { accessOf } from "@/lib/accounts/access";
import { setCancelAtPeriodEnd } from "@/lib/payments/account-billing";
import { PayPalClient } from "@/lib/payments/paypal-client";
import { setUpPayPalPlans } from "@/lib/payments/paypal-setup";
import { resetVerificationLimit } from "@/lib/payments/paypal-webhook";
import { startFakePayPal, type FakePayPal } from "../helpers/fake-paypal";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * Monthly wallet plans as PayPal Subscriptions (docs/billing.md "Monthly plans") against the fake PayPal:
 * create (approval_pending, no access), approve, confirm at PayPal (active, access),
 * webhooks keep the row in step, cancel from /account reaches PayPal.
 */
const db = setupTestDatabase();
let paypal: FakePayPal;

beforeAll(async () => {
  paypal = await startFakePayPal(0, undefined, { webhookId: "WH-SUBS" });
  process.env.PAYPAL_CLIENT_ID = paypal.clientId;
  process.env.PAYPAL_CLIENT_SECRET = paypal.clientSecret;
  process.env.PAYPAL_API_URL = paypal.url;
  process.env.PAYPAL_WEBHOOK_ID = "WH-SUBS";
  process.env.SITE_URL = "https://tariffwatch.example";
  // The plans `npm run paypal:setup` would create.
  const client = new PayPalClient({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiUrl: paypal.url });
  const product = await client.createProduct({ name: "TariffWatch", description: "Tariff alerts" }, "p-1");
  const consumer = await client.createMonthlyPlan({ productId: product.id, name: "Consumer", description: "Consumer", amountValue: "10.00", currency: "USD" }, "plan-c");
  const professional = await client.createMonthlyPlan({ productId: product.id, name: "Professional", description: "Pro", amountValue: "35.00", currency: "USD" }, "plan-p");
  process.env.PAYPAL_PLAN_CONSUMER = consumer.id;
  process.env.PAYPAL_PLAN_PROFESSIONAL = professional.id;
});
afterAll(() => paypal.close());
beforeEach(() => resetVerificationLimit());

const create = (body: unknown) => createSubscription(postRequest("/api/paypal/subscription", body));
const status = (query: string, cookie?: string) =>
  subscriptionStatus(new Request(`http://localhost/api/paypal/subscription?${query}`, { headers: cookie ? { cookie } : {} }));

let seq = 0;
function deliver(type: string, resource: Record<string, unknown>, createTime: string): Promise<Response> {
  seq += 1;
  const raw = JSON.stringify({ id: `WH-SUB-${seq}`, event_version: "1.0", create_time: createTime, event_type: type, resource_type: "subscription", resource });
  return paypalWebhook(new Request("http://localhost/api/webhooks/paypal", { method: "POST", headers: { "content-type": "application/json", ...paypal.signWebhook(raw) }, body: raw }));
}

async function activeSubscription(email = "wallet.sub@example.com") {
  const response = await create({ planId: "consumer", email });
  expect(response.status).toBe(201);
  const { id } = await readJson(response);
  paypal.approveSubscription(String(id));
  expect(await readJson(await status(`id=${String(id)}`))).toMatchObject({ status: "active", active: true, planId: "consumer" });
  const row = await db.prisma.subscription.findFirstOrThrow({ where: { providerSubscriptionId: String(id) } });
  return { id: String(id), row };
}

describe("PayPal subscriptions for the wallet plans", () => {
  it("says whether the wallet can subscribe to a plan", async () => {
    expect(await readJson(await status("planId=consumer"))).toEqual({ available: true, cardCheckoutPath: "/checkout-consumer" });
    expect((await status("planId=gold")).status).toBe(400);
  });

  it("creates the subscription at PayPal with our plan, the email, return URLs and our subscriber id; records it as approval_pending (no access)", async () => {
    const response = await create({ planId: "professional", email: "Pro.Wallet@example.com" });
    expect(response.status).toBe(201);
    expect(response.headers.get("set-cookie")).toMatch(/^tw_paypal_buyer=.*HttpOnly/);
    const { id } = await readJson(response);
    const sent = JSON.parse(paypal.requests.filter((r) => r.path === "/v1/billing/subscriptions").at(-1)?.body ?? "{}") as Record<string, unknown>;
    const subscriber = await db.prisma.subscriber.findUniqueOrThrow({ where: { email: "pro.wallet@example.com" } });
    expect(sent).toMatchObject({
      plan_id: process.env.PAYPAL_PLAN_PROFESSIONAL,
      custom_id: subscriber.id,
      subscriber: { email_address: "pro.wallet@example.com" },
      application_context: { return_url: "https://tariffwatch.example/paypal/subscription", cancel_url: "https://tariffwatch.example/checkout-professional-paypal?cancelled=1" },
    });
    const row = await db.prisma.subscription.findFirstOrThrow({ where: { providerSubscriptionId: String(id) } });
    expect(row).toMatchObject({ provider: "paypal", planId: "professional", status: "approval_pending", subscriberId: subscriber.id });
    expect((await accessOf(db.prisma, subscriber.id, new Date())).status).not.toBe("active");
    // Not approved yet: checking at PayPal keeps it pending.
    expect(await readJson(await status(`id=${String(id)}`))).toMatchObject({ status: "approval_pending", active: false });
  });

  it("after approval our server checks PayPal and records ACTIVE: the plan grants access", async () => {
    const { row } = await activeSubscription();
    expect(row.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const access = await accessOf(db.prisma, row.subscriberId ?? "", new Date());
    expect(access).toMatchObject({ status: "active", plan: "consumer" });
  });

  it("shows the email only to the browser that created the subscription", async () => {
    const response = await create({ planId: "consumer", email: "cookie.sub@example.com" });
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const { id } = await readJson(response);
    paypal.approveSubscription(String(id));
    expect((await readJson(await status(`id=${String(id)}`))).email).toBeUndefined();
    expect((await readJson(await status(`id=${String(id)}`, cookie))).email).toBe("cookie.sub@example.com");
  });

  it("refuses a subscription we never created (404) and bad input before configuration (400)", async () => {
    expect((await status("id=I-NOTOURS123")).status).toBe(404);
    expect((await create({ planId: "consumer", email: "nope" })).status).toBe(400);
    expect((await create({ planId: "pro-alerts", email: "a@example.com" })).status).toBe(400);
  });

  it("limits attempts per email (429)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await create({ planId: "consumer", email: "many@example.com" })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("webhooks: renewal payments once per sale id, payment failure, suspension, cancellation and expiry", async () => {
    const { id, row } = await activeSubscription("hooks@example.com");
    const sale = { id: "SALE-1", state: "completed", amount: { total: "10.00", currency: "USD" }, billing_agreement_id: id, create_time: "2026-12-01T10:00:00Z" };
    expect((await deliver("PAYMENT.SALE.COMPLETED", sale, "2026-12-01T10:00:01Z")).status).toBe(200);
    expect((await deliver("PAYMENT.SALE.COMPLETED", sale, "2026-12-01T10:00:02Z")).status).toBe(200); // another event, same sale
    const payments = await db.prisma.payment.findMany({ where: { subscriptionId: row.id } });
    expect(payments).toEqual([expect.objectContaining({ providerPaymentId: "SALE-1", status: "succeeded", amountCents: 1000, kind: "subscription", subscriberId: row.subscriberId })]);

    // A sale for another amount does not count.
    await deliver("PAYMENT.SALE.COMPLETED", { ...sale, id: "SALE-CHEAP", amount: { total: "0.01", currency: "USD" } }, "2026-12-02T10:00:00Z");
    expect(await db.prisma.payment.findFirstOrThrow({ where: { providerPaymentId: "SALE-CHEAP" } })).toMatchObject({ status: "failed" });

    await deliver("BILLING.SUBSCRIPTION.PAYMENT.FAILED", { id, status: "ACTIVE" }, "2026-12-03T10:00:00Z");
    expect(await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "past_due" });
    await deliver("BILLING.SUBSCRIPTION.SUSPENDED", { id, status: "SUSPENDED" }, "2026-12-04T10:00:00Z");
    expect(await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "unpaid" });
    // An older activation arriving late changes nothing.
    await deliver("BILLING.SUBSCRIPTION.ACTIVATED", { id, status: "ACTIVE" }, "2026-12-01T09:00:00Z");
    expect(await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "unpaid" });
    await deliver("BILLING.SUBSCRIPTION.ACTIVATED", { id, status: "ACTIVE", billing_info: { next_billing_time: "2027-01-05T10:00:00Z" } }, "2026-12-05T10:00:00Z");
    expect(await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "active" });
    // Cancelled with a paid period left: access to its end, then over.
    await deliver("BILLING.SUBSCRIPTION.CANCELLED", { id, status: "CANCELLED" }, "2026-12-06T10:00:00Z");
    const cancelled = await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(cancelled).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await accessOf(db.prisma, row.subscriberId ?? "", new Date("2027-01-01T00:00:00Z"))).status).toBe("cancelling");
    expect((await accessOf(db.prisma, row.subscriberId ?? "", new Date("2027-01-06T00:00:00Z"))).status).not.toMatch(/active|cancelling/);
    await deliver("BILLING.SUBSCRIPTION.EXPIRED", { id, status: "EXPIRED" }, "2027-01-06T10:00:00Z");
    expect(await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "canceled", endedAt: expect.any(Date) });
  });

  it("a refunded subscription payment is recorded and the plan stops granting", async () => {
    const { id, row } = await activeSubscription("refund@example.com");
    await deliver("PAYMENT.SALE.COMPLETED", { id: "SALE-R", state: "completed", amount: { total: "10.00", currency: "USD" }, billing_agreement_id: id }, "2026-12-01T10:00:00Z");
    await deliver("PAYMENT.SALE.REFUNDED", { id: "REFUND-R", sale_id: "SALE-R", amount: { total: "10.00", currency: "USD" } }, "2026-12-02T10:00:00Z");
    expect(await db.prisma.payment.findFirstOrThrow({ where: { providerPaymentId: "SALE-R" } })).toMatchObject({ status: "refunded" });
    expect(await db.prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "unpaid" });
  });

  it("cancelling from /account cancels at PayPal (POST .../cancel) and keeps access to the period end", async () => {
    const { id, row } = await activeSubscription("cancel@example.com");
    const client = new PayPalClient({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiUrl: paypal.url });
    const updated = await setCancelAtPeriodEnd({ db: db.prisma, stripe: null, paypal: client, now: new Date() }, row.subscriberId ?? "", true);
    expect(updated).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });
    expect(paypal.requests.some((r) => r.method === "POST" && r.path === `/v1/billing/subscriptions/${id}/cancel`)).toBe(true);
    expect(paypal.subscriptions.get(id)?.status).toBe("CANCELLED");
    // Cancelling again (PayPal: 422 SUBSCRIPTION_STATUS_INVALID) is done, not an error.
    await expect(client.cancelSubscription(id, "again")).resolves.toBeUndefined();
  });

  it("paypal:setup creates the product and one monthly plan per wallet plan priced from the catalog, and reuses them when run again", async () => {
    const fresh = await startFakePayPal();
    try {
      const client = new PayPalClient({ clientId: fresh.clientId, clientSecret: fresh.clientSecret, apiUrl: fresh.url });
      const first = await setUpPayPalPlans(client);
      expect(first.createdProduct).toBe(true);
      expect(first.plans.consumer.created && first.plans.professional.created).toBe(true);
      const prices = [...fresh.plans.values()].map((p) => (p.billing_cycles[0] as { pricing_scheme: { fixed_price: { value: string } }; frequency: { interval_unit: string } }));
      expect(prices.map((c) => [c.pricing_scheme.fixed_price.value, c.frequency.interval_unit]).sort()).toEqual([["10.00", "MONTH"], ["35.00", "MONTH"]]);
      const second = await setUpPayPalPlans(client);
      expect(second).toMatchObject({ createdProduct: false, productId: first.productId, plans: { consumer: { id: first.plans.consumer.id, created: false }, professional: { id: first.plans.professional.id, created: false } } });
      expect(fresh.products.size).toBe(1);
      expect(fresh.plans.size).toBe(2);
      expect(second.env).toEqual([`PAYPAL_PLAN_CONSUMER=${first.plans.consumer.id}`, `PAYPAL_PLAN_PROFESSIONAL=${first.plans.professional.id}`]);
    } finally {
      await fresh.close();
    }
  });
});
