import Stripe from "stripe";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { accessOf } from "@/lib/accounts/access";
import { STRIPE_EVENT_HANDLERS } from "@/lib/payments/events/stripe";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
const WEBHOOK_SECRET = "whsec_integrationtestsecret";
const signer = new Stripe("sk_test_signer");

beforeAll(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_integration";
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = "pk_test_integration";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = "http://127.0.0.1:9"; // never called by webhooks
});

let seq = 0;
function event(type: string, object: Record<string, unknown>, created: number): Record<string, unknown> {
  seq += 1;
  return { id: `evt_test_${seq}`, object: "event", api_version: "2026-10-28.endive", created, livemode: false, type, data: { object } };
}

function deliver(payload: Record<string, unknown>, opts: { signature?: string | null; secret?: string; timestamp?: number } = {}): Promise<Response> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const signature =
    opts.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload: body, secret: opts.secret ?? WEBHOOK_SECRET, ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}) })
      : opts.signature;
  if (signature !== null) headers["stripe-signature"] = signature;
  return stripeWebhook(new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers, body }));
}

async function seedSubscription() {
  const sub = await db.prisma.subscription.create({
    data: { provider: "stripe", providerSubscriptionId: "sub_1", providerCustomerId: "cus_1", email: "sub@example.com", planId: "consumer", status: "incomplete" },
  });
  await db.prisma.payment.create({
    data: { provider: "stripe", providerPaymentId: "pi_first", providerOrderId: "in_first", email: "sub@example.com", itemId: "consumer", kind: "subscription", amountCents: 1000, status: "pending", subscriptionId: sub.id },
  });
  return sub;
}

const invoice = (id: string, paid: boolean, amount = 1000, billingReason = id === "in_first" ? "subscription_create" : "subscription_cycle") => ({
  id,
  object: "invoice",
  billing_reason: billingReason,
  customer: "cus_1",
  customer_email: "sub@example.com",
  amount_paid: paid ? amount : 0,
  amount_due: amount,
  currency: "usd",
  parent: { type: "subscription_details", subscription_details: { subscription: "sub_1" } },
  lines: { object: "list", data: [{ period: { start: 1_790_000_000, end: 1_792_592_000 } }] },
});

const subscription = (status: string, extra: Record<string, unknown> = {}) => ({
  id: "sub_1",
  object: "subscription",
  customer: "cus_1",
  status,
  cancel_at_period_end: false,
  metadata: { planId: "consumer", email: "sub@example.com" },
  items: { object: "list", data: [{ id: "si_1", current_period_end: 1_792_592_000 }] },
  ...extra,
});

describe("POST /api/webhooks/stripe", () => {
  it("refuses a delivery with no signature (400) and records nothing", async () => {
    const response = await deliver(event("invoice.paid", invoice("in_first", true), 1_790_000_100), { signature: null });
    expect(response.status).toBe(400);
    expect(await db.prisma.providerEvent.count()).toBe(0);
  });

  it("refuses a bad signature (400): wrong secret or forged header", async () => {
    expect((await deliver(event("invoice.paid", invoice("in_first", true), 1), { secret: "whsec_wrong" })).status).toBe(400);
    expect((await deliver(event("invoice.paid", invoice("in_first", true), 1), { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    expect(await db.prisma.providerEvent.count()).toBe(0);
  });

  it("accepts an unknown event type with 2xx and changes nothing", async () => {
    const response = await deliver(event("customer.tax_id.created", { id: "txi_1", object: "tax_id" }, 1_790_000_000));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: true, handled: false });
    expect(await db.prisma.payment.count()).toBe(0);
  });

  it("invoice.paid activates the subscription and marks its first payment succeeded", async () => {
    await seedSubscription();
    const response = await deliver(event("invoice.paid", invoice("in_first", true), 1_790_000_100));
    expect(response.status).toBe(200);
    expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "active", currentPeriodEnd: new Date(1_792_592_000 * 1000) });
    expect(await db.prisma.payment.findFirstOrThrow({ where: { providerPaymentId: "pi_first" } })).toMatchObject({ status: "succeeded", amountCents: 1000 });
  });

  it("a renewal invoice records a new payment; a failed one marks the subscription past due", async () => {
    await seedSubscription();
    await deliver(event("invoice.paid", invoice("in_first", true), 1_790_000_100));
    await deliver(event("invoice.payment_failed", invoice("in_renewal", false), 1_792_600_000));
    expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "past_due" });
    expect(await db.prisma.payment.findFirstOrThrow({ where: { providerOrderId: "in_renewal" } })).toMatchObject({ status: "failed", kind: "subscription" });
    await deliver(event("invoice.paid", invoice("in_renewal", true), 1_792_700_000));
    expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "active" });
    expect(await db.prisma.payment.count()).toBe(2);
  });

  it("a duplicated or replayed event changes nothing the second time", async () => {
    await seedSubscription();
    const paid = event("invoice.paid", invoice("in_first", true), 1_790_000_100);
    const [a, b] = await Promise.all([deliver(paid), deliver(paid)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const outcomes = [await a.json(), await b.json()].map((r: { duplicate: boolean }) => r.duplicate).sort();
    expect(outcomes).toEqual([false, true]);
    // The subscription is cancelled later; replaying the old paid event must not revive it.
    await deliver(event("customer.subscription.deleted", subscription("canceled"), 1_790_500_000));
    expect((await deliver(paid)).status).toBe(200);
    expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "canceled" });
    expect(await db.prisma.providerEvent.count()).toBe(2);
  });

  it("events arriving out of order leave the same final state", async () => {
    await seedSubscription();
    const created = event("customer.subscription.created", subscription("incomplete"), 1_790_000_000);
    const active = event("customer.subscription.updated", subscription("active"), 1_790_000_200);
    const cancelling = event("customer.subscription.updated", subscription("active", { cancel_at_period_end: true }), 1_790_300_000);
    for (const e of [cancelling, created, active]) expect((await deliver(e)).status).toBe(200);
    expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
  });

  it("payment_intent events update one-time payments; a refund is final", async () => {
    await db.prisma.payment.create({
      data: { provider: "stripe", providerPaymentId: "pi_test", email: "qa@example.com", itemId: "test-payment", kind: "one-time", amountCents: 100, status: "pending" },
    });
    const pi = (status: string) => ({ id: "pi_test", object: "payment_intent", amount: 100, amount_received: status === "succeeded" ? 100 : 0, currency: "usd", status, metadata: { itemId: "test-payment" }, receipt_email: "qa@example.com", last_payment_error: status === "requires_payment_method" ? { message: "Your card was declined." } : null });
    await deliver(event("payment_intent.payment_failed", pi("requires_payment_method"), 1_790_000_000));
    expect(await db.prisma.payment.findFirstOrThrow()).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    await deliver(event("payment_intent.succeeded", pi("succeeded"), 1_790_000_100));
    expect(await db.prisma.payment.findFirstOrThrow()).toMatchObject({ status: "succeeded", amountCents: 100 });
    await deliver(event("charge.refunded", { id: "ch_1", object: "charge", refunded: true, payment_intent: "pi_test" }, 1_790_000_200));
    await deliver(event("payment_intent.succeeded", pi("succeeded"), 1_790_000_300));
    expect(await db.prisma.payment.findFirstOrThrow({ where: { providerPaymentId: "pi_test" } })).toMatchObject({ status: "refunded" });
  });

  it("answers 500 when a handler fails, records nothing, and processes the retry", async () => {
    await seedSubscription();
    const original = STRIPE_EVENT_HANDLERS["invoice.paid"];
    const handlers = STRIPE_EVENT_HANDLERS as Record<string, typeof original>;
    const paid = event("invoice.paid", invoice("in_first", true), 1_790_000_100);
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    handlers["invoice.paid"] = async () => {
      throw new Error("database went away");
    };
    try {
      expect((await deliver(paid)).status).toBe(500);
    } finally {
      handlers["invoice.paid"] = original;
      spy.mockRestore();
    }
    expect(await db.prisma.providerEvent.count()).toBe(0);
    expect((await db.prisma.subscription.findFirstOrThrow()).status).toBe("incomplete");
    expect((await deliver(paid)).status).toBe(200);
    expect((await db.prisma.subscription.findFirstOrThrow()).status).toBe("active");
  });
  describe("signature timestamps", () => {
    const now = () => Math.floor(Date.now() / 1000);
    it.each([
      ["10 minutes old", -600],
      ["10 minutes in the future", 600],
    ])("refuses a signature %s (400) and records nothing", async (_name, offset) => {
      const response = await deliver(event("invoice.paid", invoice("in_first", true), 1_790_000_100), { timestamp: now() + offset });
      expect(response.status).toBe(400);
      expect(await db.prisma.providerEvent.count()).toBe(0);
    });

    it("accepts a signature a few seconds off either way", async () => {
      expect((await deliver(event("customer.tax_id.created", { id: "txi_2" }, 1), { timestamp: now() + 30 })).status).toBe(200);
      expect((await deliver(event("customer.tax_id.created", { id: "txi_3" }, 1), { timestamp: now() - 30 })).status).toBe(200);
    });
  });

  it("an event of another API version is logged, answered 200 and recorded as skipped, not applied", async () => {
    await seedSubscription();
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const old = { ...event("invoice.paid", invoice("in_first", true), 1_790_000_100), api_version: "2024-06-20" };
      const response = await deliver(old);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ received: true, skipped: true });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("2024-06-20"));
      expect((await deliver(old)).status).toBe(200); // a redelivery is skipped again, recorded once
    } finally {
      warn.mockRestore();
    }
    expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "incomplete" });
    expect(await db.prisma.payment.findFirstOrThrow()).toMatchObject({ status: "pending" });
    const recorded = await db.prisma.providerEvent.findMany();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.processedAt).toBeNull();
  });

  describe("subscription lifecycle", () => {
    it("a failed first invoice leaves the subscription incomplete (no access); Stripe's incomplete_expired is final", async () => {
      const sub = await seedSubscription();
      const subscriber = await db.prisma.subscriber.create({ data: { email: "sub@example.com" } });
      await db.prisma.subscription.update({ where: { id: sub.id }, data: { subscriberId: subscriber.id } });

      await deliver(event("invoice.payment_failed", invoice("in_first", false), 1_790_000_100));
      expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "incomplete" });
      expect(await db.prisma.payment.findFirstOrThrow()).toMatchObject({ status: "failed" });
      const access = await accessOf(db.prisma, subscriber.id, new Date(1_790_000_200 * 1000));
      expect(access.plan).not.toBe("consumer");
      expect(["active", "past_due", "cancelling"]).not.toContain(access.status);

      // 23 hours later Stripe expires it and says so.
      await deliver(event("customer.subscription.updated", subscription("incomplete_expired"), 1_790_000_000 + 23 * 3600));
      expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "incomplete_expired" });
      // Nothing revives it: not a paid invoice, not a later "active".
      await deliver(event("invoice.paid", invoice("in_first", true), 1_790_000_000 + 24 * 3600));
      await deliver(event("customer.subscription.updated", subscription("active"), 1_790_000_000 + 25 * 3600));
      expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "incomplete_expired" });
      expect((await accessOf(db.prisma, subscriber.id, new Date(1_790_100_000 * 1000))).plan).not.toBe("consumer");
    });

    it("a failed renewal makes it past due (a first invoice does not)", async () => {
      await seedSubscription();
      await deliver(event("invoice.paid", invoice("in_first", true), 1_790_000_100));
      await deliver(event("invoice.payment_failed", invoice("in_renewal", false), 1_792_600_000));
      expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "past_due" });
    });

    it("invoice.paid never revives a cancelled subscription, even when it is newer", async () => {
      await seedSubscription();
      await deliver(event("invoice.paid", invoice("in_first", true), 1_790_000_100));
      await deliver(event("customer.subscription.deleted", subscription("canceled"), 1_790_500_000));
      await deliver(event("invoice.paid", invoice("in_final", true, 500), 1_790_600_000));
      expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "canceled" });
    });

    const invoicePayment = (invoiceId: string, intentId: string, amount = 1000) => ({
      id: `inpay_${invoiceId}`,
      object: "invoice_payment",
      amount_paid: amount,
      amount_requested: amount,
      currency: "usd",
      invoice: invoiceId,
      is_default: true,
      status: "paid",
      payment: { type: "payment_intent", payment_intent: intentId },
    });
    const charge = (id: string, intentId: string, amount: number, refundedCents: number) => ({
      id,
      object: "charge",
      amount,
      amount_refunded: refundedCents,
      refunded: refundedCents >= amount,
      currency: "usd",
      payment_intent: intentId,
    });

    it("a partial refund of a renewal is found by the invoice's PaymentIntent, records the amount and keeps access", async () => {
      const sub = await seedSubscription();
      const subscriber = await db.prisma.subscriber.create({ data: { email: "sub@example.com" } });
      await db.prisma.subscription.update({ where: { id: sub.id }, data: { subscriberId: subscriber.id } });
      await deliver(event("invoice.paid", invoice("in_first", true), 1_790_000_100));
      await deliver(event("invoice.paid", invoice("in_renewal", true), 1_792_600_000));
      await deliver(event("invoice_payment.paid", invoicePayment("in_renewal", "pi_renewal"), 1_792_600_001));
      await deliver(event("charge.refunded", charge("ch_renewal", "pi_renewal", 1000, 300), 1_792_700_000));

      const renewal = await db.prisma.payment.findFirstOrThrow({ where: { providerOrderId: "in_renewal" } });
      expect(renewal).toMatchObject({ providerPaymentId: "pi_renewal", status: "partially_refunded", amountCents: 1000 });
      const refund = await db.prisma.payment.findFirstOrThrow({ where: { kind: "refund" } });
      expect(refund).toMatchObject({ providerPaymentId: "refund:ch_renewal", providerOrderId: "pi_renewal", amountCents: 300, subscriptionId: sub.id });
      expect(await db.prisma.payment.findFirstOrThrow({ where: { providerPaymentId: "pi_first" } })).toMatchObject({ status: "succeeded" });
      expect(await db.prisma.subscription.findFirstOrThrow()).toMatchObject({ status: "active" });
      expect((await accessOf(db.prisma, subscriber.id, new Date(1_792_700_100 * 1000))).plan).toBe("consumer");

      // The rest is refunded later: the running total is recorded, the payment is refunded.
      await deliver(event("charge.refunded", charge("ch_renewal", "pi_renewal", 1000, 1000), 1_792_800_000));
      expect(await db.prisma.payment.findFirstOrThrow({ where: { providerOrderId: "in_renewal", kind: "subscription" } })).toMatchObject({ status: "refunded" });
      expect(await db.prisma.payment.findFirstOrThrow({ where: { kind: "refund" } })).toMatchObject({ amountCents: 1000 });
    });

    it("a refund that arrives before its renewal invoice is applied when the invoice is recorded", async () => {
      await seedSubscription();
      await deliver(event("charge.refunded", charge("ch_r", "pi_renewal", 1000, 250), 1_792_700_000));
      await deliver(event("invoice_payment.paid", invoicePayment("in_renewal", "pi_renewal"), 1_792_600_001));
      await deliver(event("invoice.paid", invoice("in_renewal", true), 1_792_600_000));
      expect(await db.prisma.payment.findFirstOrThrow({ where: { providerOrderId: "in_renewal" } })).toMatchObject({
        providerPaymentId: "pi_renewal",
        status: "partially_refunded",
      });
      expect(await db.prisma.payment.findFirstOrThrow({ where: { kind: "refund" } })).toMatchObject({ amountCents: 250, itemId: "consumer" });
    });

    it("a dispute is recorded, flags the account and emails the operator once", async () => {
      const sub = await seedSubscription();
      const subscriber = await db.prisma.subscriber.create({ data: { email: "sub@example.com" } });
      await db.prisma.subscription.update({ where: { id: sub.id }, data: { subscriberId: subscriber.id } });
      await db.prisma.payment.updateMany({ data: { subscriberId: subscriber.id } });
      await deliver(event("invoice.paid", invoice("in_first", true), 1_790_000_100));
      const disputed = event(
        "charge.dispute.created",
        { id: "du_1", object: "dispute", amount: 1000, currency: "usd", charge: "ch_first", payment_intent: "pi_first", reason: "fraudulent", status: "needs_response", evidence_details: { due_by: 1_791_000_000 } },
        1_790_300_000,
      );
      expect((await deliver(disputed)).status).toBe(200);
      expect((await deliver(disputed)).status).toBe(200);

      expect(await db.prisma.payment.findFirstOrThrow({ where: { providerPaymentId: "pi_first" } })).toMatchObject({ status: "disputed" });
      expect(await db.prisma.payment.findFirstOrThrow({ where: { kind: "dispute" } })).toMatchObject({ providerPaymentId: "dispute:du_1", amountCents: 1000, failureMessage: "fraudulent" });
      const flagged = await db.prisma.subscriber.findUniqueOrThrow({ where: { id: subscriber.id } });
      expect(flagged.flaggedAt).toEqual(new Date(1_790_300_000 * 1000));
      expect(flagged.flagReason).toContain("du_1");
      const emails = await db.prisma.sentEmail.findMany();
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ template: "operator-dispute", recipient: "support@tariffwatch.app" });
      expect(emails[0]?.subject).toContain("$10.00");
      expect(emails[0]?.text).toContain("sub@example.com");
      // A later payment event does not hide the dispute.
      await deliver(event("invoice.paid", invoice("in_first", true), 1_790_400_000));
      expect(await db.prisma.payment.findFirstOrThrow({ where: { providerPaymentId: "pi_first" } })).toMatchObject({ status: "disputed" });
    });
  });
});
