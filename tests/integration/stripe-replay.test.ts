import Stripe from "stripe";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { restoreTemplate, setupTestDatabase } from "../helpers/test-database";

/**
 * Replay proof (docs/billing.md "Card payments"). One customer's whole card lifecycle as Stripe events:
 * trial, checkout, subscription created, first payment (charge, PaymentIntent, invoice
 * payment, invoice), active, renewal (invoice, invoice payment, period), a partial refund of
 * the renewal, a dispute of the first payment, cancel at period end, deletion. Delivered
 * once in order; then, on a fresh database, every event three times in shuffled order
 * (three different shuffles). The final state must be the same each time: subscription,
 * payments with their statuses and refunded amounts, the account's flag, the trial's
 * conversion, and the operator's email sent once.
 */
const db = setupTestDatabase();
const WEBHOOK_SECRET = "whsec_replaytestsecret";
const signer = new Stripe("sk_test_signer");
const EMAIL = "lifecycle@example.com";

beforeAll(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_integration";
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = "pk_test_integration";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = "http://127.0.0.1:9"; // never called by webhooks
});

const T0 = 1_790_000_000;
const DAY = 86_400;
const P1 = T0 + 30 * DAY; // end of the first period
const P2 = P1 + 30 * DAY; // end of the renewed period

type Obj = Record<string, unknown>;
const event = (id: string, type: string, object: Obj, created: number): Obj => ({
  id,
  object: "event",
  api_version: Stripe.API_VERSION,
  created,
  livemode: false,
  type,
  data: { object },
});

const subscription = (status: string, periodEnd: number, extra: Obj = {}): Obj => ({
  id: "sub_life",
  object: "subscription",
  customer: "cus_life",
  status,
  cancel_at_period_end: false,
  metadata: { planId: "consumer", email: EMAIL },
  items: { object: "list", data: [{ id: "si_life", current_period_end: periodEnd }] },
  ...extra,
});
const invoice = (id: string, reason: string, start: number, end: number): Obj => ({
  id,
  object: "invoice",
  billing_reason: reason,
  customer: "cus_life",
  customer_email: EMAIL,
  amount_paid: 1000,
  amount_due: 1000,
  currency: "usd",
  parent: { type: "subscription_details", subscription_details: { subscription: "sub_life" } },
  lines: { object: "list", data: [{ period: { start, end } }] },
});
const invoicePayment = (invoiceId: string, intentId: string): Obj => ({
  id: `inpay_${invoiceId}`,
  object: "invoice_payment",
  amount_paid: 1000,
  currency: "usd",
  invoice: invoiceId,
  status: "paid",
  payment: { type: "payment_intent", payment_intent: intentId },
});

/** Every handled event type, in the order Stripe would send them. */
const LIFECYCLE: Obj[] = [
  event("evt_01", "customer.subscription.created", subscription("incomplete", P1), T0),
  event("evt_02", "charge.succeeded", { id: "ch_first", object: "charge", amount: 1000, payment_intent: "pi_first", payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } } }, T0 + 10),
  event("evt_03", "payment_intent.succeeded", { id: "pi_first", object: "payment_intent", amount: 1000, amount_received: 1000, currency: "usd", status: "succeeded", metadata: {}, receipt_email: null }, T0 + 10),
  event("evt_04", "invoice_payment.paid", invoicePayment("in_first", "pi_first"), T0 + 11),
  event("evt_05", "invoice.paid", invoice("in_first", "subscription_create", T0, P1), T0 + 11),
  event("evt_06", "customer.subscription.updated", subscription("active", P1), T0 + 12),
  event("evt_07", "invoice.paid", invoice("in_renewal", "subscription_cycle", P1, P2), P1 + 60),
  event("evt_08", "invoice_payment.paid", invoicePayment("in_renewal", "pi_renewal"), P1 + 61),
  event("evt_09", "customer.subscription.updated", subscription("active", P2), P1 + 62),
  event("evt_10", "charge.refunded", { id: "ch_renewal", object: "charge", amount: 1000, amount_refunded: 300, refunded: false, currency: "usd", payment_intent: "pi_renewal" }, P1 + 5 * DAY),
  event("evt_11", "charge.dispute.created", { id: "du_life", object: "dispute", amount: 1000, currency: "usd", charge: "ch_first", payment_intent: "pi_first", reason: "fraudulent", status: "needs_response" }, P1 + 6 * DAY),
  event("evt_12", "customer.subscription.updated", subscription("active", P2, { cancel_at_period_end: true }), P1 + 7 * DAY),
  event("evt_13", "customer.subscription.deleted", subscription("canceled", P2, { cancel_at_period_end: true, ended_at: P2 }), P2 + 5),
];

async function deliver(payload: Obj): Promise<number> {
  const body = JSON.stringify(payload);
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  const response = await stripeWebhook(
    new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body }),
  );
  return response.status;
}

/** The trial, then what the card checkout records (as lib/payments/card-checkout.ts does). */
async function trialAndCheckout(): Promise<void> {
  const now = new Date(T0 * 1000 - 3 * DAY * 1000);
  const subscriber = await findOrCreateSubscriber(db.prisma, EMAIL, now);
  await db.prisma.freeTrial.create({ data: { email: EMAIL, firstName: "Lee", lastName: "Cycle", endDate: new Date(now.getTime() + 7 * DAY * 1000), subscriberId: subscriber.id } });
  const sub = await db.prisma.subscription.create({
    data: { provider: "stripe", providerSubscriptionId: "sub_life", providerCustomerId: "cus_life", email: EMAIL, planId: "consumer", status: "incomplete", subscriberId: subscriber.id },
  });
  await db.prisma.payment.create({
    data: { provider: "stripe", providerPaymentId: "pi_first", providerOrderId: "in_first", email: EMAIL, itemId: "consumer", kind: "subscription", amountCents: 1000, status: "pending", subscriptionId: sub.id, subscriberId: subscriber.id },
  });
}

async function finalState() {
  const subscriber = await db.prisma.subscriber.findUniqueOrThrow({ where: { email: EMAIL } });
  const sub = await db.prisma.subscription.findFirstOrThrow();
  const payments = await db.prisma.payment.findMany({ orderBy: { providerPaymentId: "asc" } });
  const emails = await db.prisma.sentEmail.findMany({ orderBy: { idempotencyKey: "asc" } });
  const trial = await db.prisma.freeTrial.findUniqueOrThrow({ where: { email: EMAIL } });
  return {
    subscription: {
      status: sub.status,
      planId: sub.planId,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString(),
      endedAt: sub.endedAt?.toISOString(),
      card: `${sub.cardBrand} ${sub.cardLast4}`,
      lastEventAt: sub.lastEventAt?.toISOString(),
      ownedByAccount: sub.subscriberId === subscriber.id,
    },
    payments: payments.map((p) => ({
      providerPaymentId: p.providerPaymentId,
      providerOrderId: p.providerOrderId,
      kind: p.kind,
      itemId: p.itemId,
      status: p.status,
      amountCents: p.amountCents,
      note: p.failureMessage,
      lastEventAt: p.lastEventAt?.toISOString(),
      ofSubscription: p.subscriptionId === sub.id,
      ofAccount: p.subscriberId === subscriber.id,
    })),
    flag: { flaggedAt: subscriber.flaggedAt?.toISOString(), flagReason: subscriber.flagReason },
    trialConverted: trial.hasConverted,
    emails: emails.map((e) => ({ template: e.template, recipient: e.recipient, subject: e.subject, key: e.idempotencyKey })),
    events: await db.prisma.providerEvent.count(),
  };
}

/** A deterministic shuffle (mulberry32), so a failure names its seed. */
function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe("Stripe webhook replay", () => {
  jest.setTimeout(180_000);

  it("three shuffled replays of the whole lifecycle end in the same state as one in-order delivery", async () => {
    await trialAndCheckout();
    for (const e of LIFECYCLE) expect(await deliver(e)).toBe(200);
    const expected = await finalState();

    // What the in-order delivery must have produced (the lifecycle as Stripe defines it).
    expect(expected.subscription).toMatchObject({ status: "canceled", cancelAtPeriodEnd: true, currentPeriodEnd: new Date(P2 * 1000).toISOString(), card: "visa 4242", ownedByAccount: true });
    expect(expected.payments).toEqual([
      expect.objectContaining({ providerPaymentId: "dispute:du_life", kind: "dispute", providerOrderId: "pi_first", amountCents: 1000, note: "fraudulent", ofAccount: true }),
      expect.objectContaining({ providerPaymentId: "pi_first", kind: "subscription", status: "disputed", amountCents: 1000 }),
      expect.objectContaining({ providerPaymentId: "pi_renewal", providerOrderId: "in_renewal", kind: "subscription", status: "partially_refunded", amountCents: 1000, ofSubscription: true, ofAccount: true }),
      expect.objectContaining({ providerPaymentId: "refund:ch_renewal", kind: "refund", providerOrderId: "pi_renewal", amountCents: 300, itemId: "consumer", ofSubscription: true, ofAccount: true }),
    ]);
    expect(expected.flag.flaggedAt).toBe(new Date((P1 + 6 * DAY) * 1000).toISOString());
    expect(expected.flag.flagReason).toContain("du_life");
    expect(expected.trialConverted).toBe(true);
    expect(expected.emails).toEqual([expect.objectContaining({ template: "operator-dispute", recipient: "support@tariffwatch.app", key: "operator-dispute:du_life" })]);
    expect(expected.events).toBe(LIFECYCLE.length);

    for (const seed of [1, 2, 3]) {
      await restoreTemplate(); // every table empty again, as at the start
      await trialAndCheckout();
      const deliveries = shuffled([...LIFECYCLE, ...LIFECYCLE, ...LIFECYCLE], seed);
      for (const e of deliveries) expect(await deliver(e)).toBe(200);
      expect({ seed, state: await finalState() }).toEqual({ seed, state: expected });
    }
  });
});
