import type Stripe from "stripe";
import type { Payment } from "@/lib/db/generated/client";
import type { Db } from "@/lib/db/types";
import { subscriberIdFor } from "../../subscriber-link";

/**
 * Refunds and disputes of card payments (docs/billing.md "Card payments"). Each is kept as its own row in
 * `payments` (kind "refund" or "dispute", providerPaymentId `refund:<charge>` or
 * `dispute:<dispute>`, providerOrderId = the PaymentIntent it takes money back from), so
 * the amount refunded is recorded without touching the amount paid. The paid row's status
 * follows from the rows that point at it: any dispute -> "disputed"; refunds covering the
 * whole amount -> "refunded"; less -> "partially_refunded". The same facts give the same
 * status whatever order the events came in: a refund that arrives before its invoice is
 * kept and applied when the invoice's payment is recorded.
 *
 * Renewal payments are recorded from invoice events, keyed by the invoice, and Stripe's
 * charges (API 2025-03-31 and later) no longer name their invoice: the PaymentIntent of an
 * invoice is learnt from `invoice_payment.paid` (kept in provider_events), so a refund or
 * dispute of a renewal is found by the PaymentIntent of that invoice.
 */
export const ADJUSTMENT_KINDS = ["refund", "dispute"] as const;
/** Statuses that payment events (succeeded, failed) never overwrite. */
export const ADJUSTED_STATUSES = new Set(["refunded", "partially_refunded", "disputed"]);
/** The placeholder item of a refund or dispute whose payment is not recorded yet. */
const UNKNOWN_ITEM = "unknown";

const idOf = (ref: string | { id: string } | null | undefined): string | null => (!ref ? null : typeof ref === "string" ? ref : ref.id);

/** The invoice a PaymentIntent paid, from the `invoice_payment.paid` events received. */
export async function invoiceOfPaymentIntent(tx: Db, paymentIntentId: string): Promise<string | null> {
  const rows = await tx.providerEvent.findMany({
    where: { provider: "stripe", type: "invoice_payment.paid", payload: { path: ["data", "object", "payment", "payment_intent"], equals: paymentIntentId } },
    select: { payload: true },
    take: 1,
  });
  const object = (rows[0]?.payload as { data?: { object?: { invoice?: unknown } } } | undefined)?.data?.object;
  return idOf(object?.invoice as string | { id: string } | undefined);
}

/** The PaymentIntents that paid an invoice, from the `invoice_payment.paid` events received. */
export async function paymentIntentsOfInvoice(tx: Db, invoiceId: string): Promise<string[]> {
  const rows = await tx.providerEvent.findMany({
    where: { provider: "stripe", type: "invoice_payment.paid", payload: { path: ["data", "object", "invoice"], equals: invoiceId } },
    select: { payload: true },
  });
  const ids = rows.map((r) => {
    const payment = (r.payload as { data?: { object?: { payment?: { payment_intent?: unknown } } } }).data?.object?.payment;
    return idOf(payment?.payment_intent as string | { id: string } | undefined);
  });
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}

/** The paid row a PaymentIntent belongs to: a one-time or first payment by its id, a renewal by its invoice. */
export async function paymentOfIntent(tx: Db, paymentIntentId: string): Promise<Payment | null> {
  const direct = await tx.payment.findUnique({ where: { provider_providerPaymentId: { provider: "stripe", providerPaymentId: paymentIntentId } } });
  if (direct) return direct;
  const invoiceId = await invoiceOfPaymentIntent(tx, paymentIntentId);
  if (!invoiceId) return null;
  return tx.payment.findFirst({ where: { provider: "stripe", providerOrderId: invoiceId, kind: { notIn: [...ADJUSTMENT_KINDS] } }, orderBy: { createdAt: "asc" } });
}

/** The PaymentIntents a paid row answers to. */
async function intentsOf(tx: Db, payment: Payment): Promise<string[]> {
  const ids = new Set<string>();
  if (payment.providerPaymentId.startsWith("pi_")) ids.add(payment.providerPaymentId);
  if (payment.providerOrderId?.startsWith("in_")) for (const id of await paymentIntentsOfInvoice(tx, payment.providerOrderId)) ids.add(id);
  return [...ids];
}

export type Flag = { subscriberId: string; at: Date; reason: string };

/**
 * Sets a paid row's status from the refunds and disputes that point at it, fills in those
 * rows' owner, and flags the account of a disputed payment (the first flag stays).
 */
export async function applyAdjustments(tx: Db, payment: Payment): Promise<void> {
  if ((ADJUSTMENT_KINDS as readonly string[]).includes(payment.kind)) return;
  const intents = await intentsOf(tx, payment);
  if (intents.length === 0) return;
  const adjustments = await tx.payment.findMany({
    where: { provider: "stripe", kind: { in: [...ADJUSTMENT_KINDS] }, providerOrderId: { in: intents } },
    orderBy: { providerPaymentId: "asc" },
  });
  if (adjustments.length === 0) return;

  const dispute = adjustments.find((a) => a.kind === "dispute");
  const refundedCents = adjustments.filter((a) => a.kind === "refund").reduce((sum, a) => sum + a.amountCents, 0);
  const status = dispute ? "disputed" : refundedCents >= payment.amountCents ? "refunded" : refundedCents > 0 ? "partially_refunded" : null;
  if (status && status !== payment.status) await tx.payment.update({ where: { id: payment.id }, data: { status } });

  for (const a of adjustments) {
    if (a.itemId === UNKNOWN_ITEM || !a.subscriptionId || !a.subscriberId || !a.email) {
      await tx.payment.update({
        where: { id: a.id },
        data: {
          itemId: a.itemId === UNKNOWN_ITEM ? payment.itemId : a.itemId,
          subscriptionId: a.subscriptionId ?? payment.subscriptionId,
          subscriberId: a.subscriberId ?? payment.subscriberId,
          email: a.email ?? payment.email,
          currency: payment.currency,
        },
      });
    }
  }

  if (dispute) {
    const subscriberId = payment.subscriberId ?? (await subscriberIdFor(tx, payment.email, new Date()));
    if (subscriberId) {
      await tx.subscriber.updateMany({
        where: { id: subscriberId, flaggedAt: null },
        data: { flaggedAt: dispute.lastEventAt ?? dispute.createdAt, flagReason: disputeReason(dispute, payment) },
      });
    }
  }
}

function disputeReason(dispute: Payment, payment: Payment): string {
  const reason = dispute.failureMessage ?? "unspecified";
  return `Card dispute ${dispute.providerPaymentId.slice("dispute:".length)} (${reason}) on payment ${payment.providerPaymentId}`.slice(0, 500);
}

const eventTime = (event: Stripe.Event) => new Date(event.created * 1000);

/** charge.refunded: records the amount refunded so far (Stripe's running total) on the refund row of the charge. */
export async function onChargeRefunded(tx: Db, event: Stripe.Event): Promise<void> {
  const charge = event.data.object as Stripe.Charge;
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return;
  const target = await paymentOfIntent(tx, intentId);
  // Older shapes without amount_refunded: `refunded: true` means the whole charge.
  const refundedCents =
    typeof charge.amount_refunded === "number" ? charge.amount_refunded : charge.refunded ? (charge.amount ?? target?.amountCents ?? 0) : 0;
  if (refundedCents <= 0) return;
  await upsertAdjustment(tx, event, { kind: "refund", key: `refund:${charge.id}`, intentId, amountCents: refundedCents, note: null, target });
}

/** charge.dispute.created (and updates): records the dispute and flags the account. */
export async function onDispute(tx: Db, event: Stripe.Event): Promise<void> {
  const dispute = event.data.object as Stripe.Dispute;
  const intentId = idOf(dispute.payment_intent);
  if (!intentId) return;
  const target = await paymentOfIntent(tx, intentId);
  await upsertAdjustment(tx, event, { kind: "dispute", key: `dispute:${dispute.id}`, intentId, amountCents: dispute.amount, note: dispute.reason ?? null, target });
}

async function upsertAdjustment(
  tx: Db,
  event: Stripe.Event,
  a: { kind: "refund" | "dispute"; key: string; intentId: string; amountCents: number; note: string | null; target: Payment | null },
): Promise<void> {
  const at = eventTime(event);
  const existing = await tx.payment.findUnique({ where: { provider_providerPaymentId: { provider: "stripe", providerPaymentId: a.key } } });
  if (!existing) {
    await tx.payment.create({
      data: {
        provider: "stripe",
        providerPaymentId: a.key,
        providerOrderId: a.intentId,
        kind: a.kind,
        itemId: a.target?.itemId ?? UNKNOWN_ITEM,
        email: a.target?.email ?? null,
        subscriptionId: a.target?.subscriptionId ?? null,
        subscriberId: a.target?.subscriberId ?? null,
        amountCents: a.amountCents,
        currency: a.target?.currency ?? "USD",
        status: a.kind === "refund" ? "refunded" : "disputed",
        failureMessage: a.note,
        lastEventAt: at,
      },
    });
  } else {
    // Running totals only grow: the largest figure seen is the true one, whatever the order.
    await tx.payment.update({
      where: { id: existing.id },
      data: {
        amountCents: Math.max(existing.amountCents, a.amountCents),
        failureMessage: existing.failureMessage ?? a.note,
        lastEventAt: existing.lastEventAt && existing.lastEventAt > at ? existing.lastEventAt : at,
      },
    });
  }
  if (a.target) await applyAdjustments(tx, a.target);
}
