import type Stripe from "stripe";
import { CURRENCY, PLANS, type PlanId } from "@/lib/catalog";
import type { Db } from "@/lib/db/types";
import { periodEndOf } from "../card-checkout";
import { markTrialConverted } from "../conversions";
import { subscriberIdFor } from "../subscriber-link";
import { ADJUSTED_STATUSES, ADJUSTMENT_KINDS, applyAdjustments, onChargeRefunded, onDispute, paymentIntentsOfInvoice } from "./stripe/adjustments";

/**
 * What each Stripe event does to our records. Every handler is safe to run twice and
 * to run out of order: a record remembers the creation time of the newest event applied
 * (lastEventAt) and ignores older ones. Unknown types do nothing.
 *
 * Subscription statuses follow Stripe's lifecycle: a first invoice that fails leaves the
 * subscription `incomplete` (Stripe moves it to `incomplete_expired` after 23 hours and says
 * so with customer.subscription.updated); only a renewal that fails makes it `past_due`.
 * `canceled` and `incomplete_expired` are final: no later event revives them. Refunds and
 * disputes: ./stripe/adjustments.ts.
 */
type Handler = (tx: Db, event: Stripe.Event) => Promise<void>;

const eventTime = (event: Stripe.Event) => new Date(event.created * 1000);

const isNewer = (eventAt: Date, lastEventAt: Date | null) => !lastEventAt || eventAt >= lastEventAt;

type CardOnFile = { cardBrand: string; cardLast4: string };

/** Brand and last 4 of a payment method, when the event carries it expanded (an id alone says nothing). */
function cardOfMethod(method: string | Stripe.PaymentMethod | null | undefined): CardOnFile | null {
  if (!method || typeof method === "string" || !method.card?.last4) return null;
  return { cardBrand: method.card.brand, cardLast4: method.card.last4 };
}

/** Records the card on the subscription a payment belongs to (brand and last 4 only). */
async function recordCard(tx: Db, subscriptionId: string | null | undefined, card: CardOnFile | null): Promise<void> {
  if (!subscriptionId || !card) return;
  await tx.subscription.update({ where: { id: subscriptionId }, data: card });
}

const isAdjustment = (kind: string) => (ADJUSTMENT_KINDS as readonly string[]).includes(kind);

/** Stripe's final subscription statuses: nothing revives them. */
const FINAL_SUBSCRIPTION_STATUSES = new Set(["canceled", "incomplete_expired"]);

const paymentStatus = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.payment_failed": "failed",
  "payment_intent.canceled": "failed",
} as const;

async function onPaymentIntent(tx: Db, event: Stripe.Event): Promise<void> {
  const intent = event.data.object as Stripe.PaymentIntent;
  const status = paymentStatus[event.type as keyof typeof paymentStatus];
  const at = eventTime(event);
  const existing = await tx.payment.findUnique({ where: { provider_providerPaymentId: { provider: "stripe", providerPaymentId: intent.id } } });
  const amountCents = status === "succeeded" ? intent.amount_received || intent.amount : intent.amount;
  const email = (intent.receipt_email ?? intent.metadata?.email ?? existing?.email ?? null)?.toLowerCase() ?? null;
  const failureMessage = status === "failed" ? (intent.last_payment_error?.message ?? "Payment failed") : null;

  if (!existing) {
    // Only payments we started carry our item id; invoice payments are recorded from invoice events.
    const itemId = intent.metadata?.itemId;
    if (!itemId) return;
    await tx.payment.create({
      data: {
        provider: "stripe",
        providerPaymentId: intent.id,
        subscriberId: await subscriberIdFor(tx, email, new Date()),
        email,
        itemId,
        kind: "one-time",
        amountCents,
        currency: intent.currency.toUpperCase(),
        status,
        failureMessage,
        lastEventAt: at,
      },
    });
  } else if (isNewer(at, existing.lastEventAt) && (ADJUSTED_STATUSES.has(existing.status) || isAdjustment(existing.kind))) {
    // Refunded or disputed: the status stays, the event is still the newest seen.
    await tx.payment.update({ where: { id: existing.id }, data: { lastEventAt: at } });
  } else if (isNewer(at, existing.lastEventAt)) {
    await tx.payment.update({
      where: { id: existing.id },
      data: {
        status,
        amountCents,
        email: existing.email ?? email,
        failureMessage,
        lastEventAt: at,
        ...(existing.subscriberId ? {} : { subscriberId: await subscriberIdFor(tx, existing.email ?? email, new Date()) }),
      },
    });
  }
  const recorded = await tx.payment.findUnique({ where: { provider_providerPaymentId: { provider: "stripe", providerPaymentId: intent.id } } });
  if (recorded) await applyAdjustments(tx, recorded);
  if (status === "succeeded") await recordCard(tx, existing?.subscriptionId, cardOfMethod(intent.payment_method));
  if (status === "succeeded" && email) await markTrialConverted(tx, email);
}

function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const ref = invoice.parent?.subscription_details?.subscription;
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

async function onInvoice(tx: Db, event: Stripe.Event): Promise<void> {
  const invoice = event.data.object as Stripe.Invoice;
  const providerSubscriptionId = subscriptionIdOf(invoice);
  if (!providerSubscriptionId || !invoice.id) return;
  const at = eventTime(event);
  const paid = event.type !== "invoice.payment_failed";
  const subscription = await tx.subscription.findUnique({
    where: { provider_providerSubscriptionId: { provider: "stripe", providerSubscriptionId } },
  });
  if (!subscription) return; // not one of ours
  const email = (invoice.customer_email ?? subscription.email).toLowerCase();

  // The invoice's payment: the one we recorded when the subscription started, or a renewal
  // (keyed by its PaymentIntent when invoice_payment.paid named it already, else by the invoice).
  const payment = await tx.payment.findFirst({
    where: { provider: "stripe", providerOrderId: invoice.id, kind: { notIn: [...ADJUSTMENT_KINDS] } },
    orderBy: { createdAt: "asc" },
  });
  const amountCents = paid ? invoice.amount_paid : invoice.amount_due;
  const status = paid ? "succeeded" : "failed";
  if (!payment) {
    const [intentId] = await paymentIntentsOfInvoice(tx, invoice.id);
    const taken = intentId
      ? await tx.payment.findUnique({ where: { provider_providerPaymentId: { provider: "stripe", providerPaymentId: intentId } } })
      : null;
    await tx.payment.create({
      data: {
        provider: "stripe",
        providerPaymentId: intentId && !taken ? intentId : invoice.id,
        providerOrderId: invoice.id,
        email,
        itemId: subscription.planId,
        kind: "subscription",
        amountCents,
        currency: (invoice.currency ?? CURRENCY).toUpperCase(),
        status,
        subscriptionId: subscription.id,
        subscriberId: subscription.subscriberId ?? (await subscriberIdFor(tx, email, new Date())),
        lastEventAt: at,
      },
    });
  } else if (isNewer(at, payment.lastEventAt)) {
    // Refunded or disputed: the status stays, the event is still the newest seen.
    const data = ADJUSTED_STATUSES.has(payment.status) ? { lastEventAt: at } : { status, amountCents, lastEventAt: at };
    await tx.payment.update({ where: { id: payment.id }, data });
  }
  const recorded = await tx.payment.findFirst({
    where: { provider: "stripe", providerOrderId: invoice.id, kind: { notIn: [...ADJUSTMENT_KINDS] } },
    orderBy: { createdAt: "asc" },
  });
  if (recorded) await applyAdjustments(tx, recorded);

  // Never revive a cancelled or expired subscription; a failed first invoice is not "past due".
  const firstInvoice = invoice.billing_reason === "subscription_create" || subscription.status === "incomplete";
  const nextStatus = paid ? "active" : firstInvoice ? "incomplete" : "past_due";
  if (!FINAL_SUBSCRIPTION_STATUSES.has(subscription.status) && isNewer(at, subscription.lastEventAt)) {
    const periodEnd = invoice.lines?.data?.[0]?.period?.end;
    await tx.subscription.update({
      where: { id: subscription.id },
      data: {
        status: nextStatus,
        ...(paid && periodEnd ? { currentPeriodEnd: new Date(periodEnd * 1000) } : {}),
        lastEventAt: at,
      },
    });
  }
  if (paid) await markTrialConverted(tx, email);
}

const planIds = new Set<string>(Object.keys(PLANS));

async function onSubscription(tx: Db, event: Stripe.Event): Promise<void> {
  const sub = event.data.object as Stripe.Subscription;
  const at = eventTime(event);
  const status = event.type === "customer.subscription.deleted" ? "canceled" : sub.status;
  const existing = await tx.subscription.findUnique({
    where: { provider_providerSubscriptionId: { provider: "stripe", providerSubscriptionId: sub.id } },
  });
  const ended = status === "canceled" ? new Date((sub.ended_at ?? event.created) * 1000) : null;
  const data = {
    status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: periodEndOf(sub),
    lastEventAt: at,
    ...(ended ? { endedAt: ended } : {}),
    ...(cardOfMethod(sub.default_payment_method) ?? {}),
  };
  if (!existing) {
    const planId = sub.metadata?.planId;
    const email = sub.metadata?.email;
    if (!planId || !planIds.has(planId) || !email) return; // not one of ours
    await tx.subscription.create({
      data: {
        provider: "stripe",
        providerSubscriptionId: sub.id,
        providerCustomerId: typeof sub.customer === "string" ? sub.customer : sub.customer.id,
        email,
        planId: planId as PlanId,
        subscriberId: await subscriberIdFor(tx, email, new Date()),
        ...data,
      },
    });
    return;
  }
  // A cancellation or an expired first payment is final: a late "updated" event must not revive it.
  if (FINAL_SUBSCRIPTION_STATUSES.has(existing.status) && status !== existing.status) return;
  if (isNewer(at, existing.lastEventAt)) {
    const planId = sub.metadata?.planId;
    await tx.subscription.update({
      where: { id: existing.id },
      data: {
        ...data,
        // A plan change made in the account (or Stripe's portal) is recorded from the event too.
        ...(planId && planIds.has(planId) ? { planId } : {}),
        ...(existing.subscriberId ? {} : { subscriberId: await subscriberIdFor(tx, existing.email, new Date()) }),
      },
    });
  }
}

/** A charge carries its card inline (payment_method_details): the usual way brand and last 4 arrive. */
async function onChargeSucceeded(tx: Db, event: Stripe.Event): Promise<void> {
  const charge = event.data.object as Stripe.Charge;
  const card = charge.payment_method_details?.card;
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!card?.last4 || !intentId) return;
  const payment = await tx.payment.findUnique({ where: { provider_providerPaymentId: { provider: "stripe", providerPaymentId: intentId } } });
  await recordCard(tx, payment?.subscriptionId, { cardBrand: card.brand ?? "card", cardLast4: card.last4 });
}

/**
 * invoice_payment.paid names the PaymentIntent that paid an invoice (the event itself is kept
 * in provider_events, where refunds and disputes of renewals look it up). A renewal recorded
 * by its invoice is re-keyed by that PaymentIntent, and its refunds and disputes applied.
 */
async function onInvoicePayment(tx: Db, event: Stripe.Event): Promise<void> {
  const invoicePayment = event.data.object as Stripe.InvoicePayment;
  const invoiceId = typeof invoicePayment.invoice === "string" ? invoicePayment.invoice : invoicePayment.invoice?.id;
  const ref = invoicePayment.payment?.payment_intent;
  const intentId = typeof ref === "string" ? ref : ref?.id;
  if (!invoiceId || !intentId) return;
  const payment = await tx.payment.findFirst({
    where: { provider: "stripe", providerOrderId: invoiceId, kind: { notIn: [...ADJUSTMENT_KINDS] } },
    orderBy: { createdAt: "asc" },
  });
  if (!payment) return; // invoice.paid records it and finds this event then
  let current = payment;
  if (payment.providerPaymentId === invoiceId) {
    const taken = await tx.payment.findUnique({ where: { provider_providerPaymentId: { provider: "stripe", providerPaymentId: intentId } } });
    if (!taken) current = await tx.payment.update({ where: { id: payment.id }, data: { providerPaymentId: intentId } });
  }
  await applyAdjustments(tx, current);
}

export const STRIPE_EVENT_HANDLERS: Readonly<Record<string, Handler>> = {
  "payment_intent.succeeded": onPaymentIntent,
  "payment_intent.payment_failed": onPaymentIntent,
  "payment_intent.canceled": onPaymentIntent,
  "invoice.paid": onInvoice,
  "invoice.payment_succeeded": onInvoice,
  "invoice.payment_failed": onInvoice,
  "customer.subscription.created": onSubscription,
  "customer.subscription.updated": onSubscription,
  "customer.subscription.deleted": onSubscription,
  "invoice_payment.paid": onInvoicePayment,
  "charge.refunded": onChargeRefunded,
  "charge.dispute.created": onDispute,
  "charge.succeeded": onChargeSucceeded,
};
