import { PRODUCTS } from "@/lib/catalog";
import type { Db } from "@/lib/db/types";
import { recordEbookPurchase, revokeEbookPurchase } from "@/lib/ebook/purchase-flow";
import type { PayPalSubscription } from "../paypal-client";
import { paypalAmountToCents } from "../paypal-amount";
import { applyPayPalSubscription, recordSubscriptionPayment } from "../paypal-subscriptions";
import { captureMatches, recordCapture, WALLET_ITEMS, type CaptureStatus } from "../wallet-checkout";

/**
 * What each PayPal webhook event does. Same rules as the Stripe handlers: safe to replay,
 * older events do not undo newer ones, money taken back is final.
 *
 * Orders (docs/billing.md "One-time items"): a capture counts only for an order we recorded, COMPLETED for
 * exactly its amount and currency; PENDING records "pending"; DENIED, REVERSED and
 * REFUNDED record it and revoke what it granted (the e-book purchase's access).
 * Subscriptions (docs/billing.md "Monthly plans: PayPal Subscriptions"): BILLING.SUBSCRIPTION.ACTIVATED / CANCELLED / SUSPENDED /
 * EXPIRED / PAYMENT.FAILED update the row; PAYMENT.SALE.COMPLETED records a payment once
 * per sale id and renews the period; PAYMENT.SALE.REFUNDED / REVERSED revoke.
 *
 * A handler may return follow-up work to run after its transaction commits (the e-book
 * receipt email), also on a duplicate delivery, so a failed send is retried.
 */
export type PayPalWebhookEvent = {
  id: string;
  event_type: string;
  create_time: string;
  resource: {
    id?: string;
    status?: string;
    state?: string;
    amount?: { value?: string; currency_code?: string; total?: string; currency?: string };
    custom_id?: string;
    sale_id?: string;
    billing_agreement_id?: string;
    create_time?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { href: string; rel: string }[];
    payer?: { email_address?: string };
  } & Partial<PayPalSubscription>;
};

export type FollowUp = { kind: "ebook-receipt"; orderId: string };
type Handler = (tx: Db, event: PayPalWebhookEvent) => Promise<FollowUp | void>;

const at = (event: PayPalWebhookEvent) => new Date(event.create_time);

/** A capture event against the order we recorded: the payment, the order's status, the e-book. */
async function onCapture(tx: Db, event: PayPalWebhookEvent, paypalStatus: "COMPLETED" | "PENDING" | "DENIED"): Promise<FollowUp | void> {
  const r = event.resource;
  if (!r.id) return;
  const orderId = r.supplementary_data?.related_ids?.order_id ?? null;
  const recorded = orderId ? await tx.payPalOrder.findUnique({ where: { id: orderId } }) : null;
  const amount = r.amount?.value && r.amount.currency_code ? { value: r.amount.value, currency_code: r.amount.currency_code } : undefined;
  const matches = recorded !== null && captureMatches(recorded, amount);
  const itemId = recorded?.itemId ?? r.custom_id ?? "unknown";
  const status: CaptureStatus = !matches || paypalStatus === "DENIED" ? "failed" : paypalStatus === "COMPLETED" ? "succeeded" : "pending";
  const failureMessage = recorded === null ? "No order of ours matches this capture." : !matches ? "Captured amount or currency differs from the order we created." : null;
  const owner = await recordCapture(tx, {
    captureId: r.id,
    orderId,
    status,
    email: recorded?.email ?? r.payer?.email_address?.toLowerCase() ?? null,
    itemId,
    amountCents: paypalAmountToCents(r.amount?.value) ?? 0,
    currency: r.amount?.currency_code ?? "USD",
    kind: WALLET_ITEMS.find((i) => i.itemId === itemId)?.kind ?? "one-time",
    eventAt: at(event),
    subscriberId: recorded?.subscriberId ?? null,
    failureMessage,
  });
  if (!recorded || !orderId) return;
  const final = ["refunded", "reversed", "denied"].includes(recorded.status);
  if (!final) {
    await tx.payPalOrder.update({
      where: { id: orderId },
      data: { captureId: r.id, status: !matches ? "mismatch" : paypalStatus === "COMPLETED" ? "completed" : paypalStatus === "PENDING" ? "pending" : "denied" },
    });
  }
  if (paypalStatus === "DENIED") {
    await revokeEbookPurchase(tx, orderId);
    return;
  }
  // A pending e-book capture that completed: the purchase follows this event.
  if (status === "succeeded" && !final && recorded.itemId === PRODUCTS.ebook.id && recorded.email) {
    await recordEbookPurchase(tx, { orderId, email: recorded.email, name: recorded.email.split("@")[0] ?? "Reader", amountCents: recorded.amountCents, subscriberId: owner });
    return { kind: "ebook-receipt", orderId };
  }
}

/** Refunds and reversals link "up" to the capture (or sale) they take back. */
function upId(event: PayPalWebhookEvent, kind: "captures" | "sale"): string | null {
  const up = event.resource.links?.find((l) => l.rel === "up")?.href;
  const match = up?.match(kind === "captures" ? /\/captures\/([^/?]+)/ : /\/sale\/([^/?]+)/);
  return match?.[1] ?? null;
}

async function takeBack(tx: Db, event: PayPalWebhookEvent, paymentId: string | null, status: "refunded" | "reversed"): Promise<void> {
  if (!paymentId) return;
  await tx.payment.updateMany({ where: { provider: "paypal", providerPaymentId: paymentId }, data: { status, lastEventAt: at(event) } });
  const payment = await tx.payment.findUnique({ where: { provider_providerPaymentId: { provider: "paypal", providerPaymentId: paymentId } } });
  const order = await tx.payPalOrder.findUnique({ where: { captureId: paymentId } });
  const orderId = order?.id ?? payment?.providerOrderId ?? null;
  if (order) await tx.payPalOrder.update({ where: { id: order.id }, data: { status } });
  if (orderId) await revokeEbookPurchase(tx, orderId);
  // A subscription payment taken back: the plan stops granting access.
  if (payment?.subscriptionId) {
    await tx.subscription.update({ where: { id: payment.subscriptionId }, data: { status: "unpaid", lastEventAt: at(event) } });
  }
}

/** BILLING.SUBSCRIPTION.*: the resource is the subscription as PayPal now sees it. */
const onSubscription =
  (override?: string): Handler =>
  async (tx, event) => {
    const r = event.resource;
    if (!r.id) return;
    await applyPayPalSubscription(tx, { ...(r as PayPalSubscription), id: r.id, status: override ?? r.status ?? "" }, at(event));
  };

/** BILLING.SUBSCRIPTION.PAYMENT.FAILED: PayPal retries; access continues while it does (past due). */
const onSubscriptionPaymentFailed: Handler = async (tx, event) => {
  const id = event.resource.id;
  if (!id) return;
  const row = await tx.subscription.findUnique({ where: { provider_providerSubscriptionId: { provider: "paypal", providerSubscriptionId: id } } });
  if (!row || (row.lastEventAt && at(event) < row.lastEventAt) || row.status !== "active") return;
  await tx.subscription.update({ where: { id: row.id }, data: { status: "past_due", lastEventAt: at(event) } });
};

/** PAYMENT.SALE.COMPLETED: a subscription payment (first or renewal). */
const onSaleCompleted: Handler = async (tx, event) => {
  const r = event.resource;
  const subscriptionId = r.billing_agreement_id;
  if (!r.id || !subscriptionId) return;
  const row = await tx.subscription.findUnique({ where: { provider_providerSubscriptionId: { provider: "paypal", providerSubscriptionId: subscriptionId } } });
  if (!row) return;
  const paid = await recordSubscriptionPayment(tx, row, { paymentId: r.id, amount: { value: r.amount?.total ?? "", currency: r.amount?.currency ?? "" }, at: at(event) });
  if (!paid || (row.lastEventAt && at(event) < row.lastEventAt) || row.endedAt) return;
  // Paid for a month from the payment (PayPal's next_billing_time arrives with the subscription events).
  const paidUntil = new Date(new Date(r.create_time ?? event.create_time).getTime());
  paidUntil.setUTCMonth(paidUntil.getUTCMonth() + 1);
  await tx.subscription.update({
    where: { id: row.id },
    data: {
      status: row.status === "canceled" ? row.status : "active",
      currentPeriodEnd: row.currentPeriodEnd && row.currentPeriodEnd > paidUntil ? row.currentPeriodEnd : paidUntil,
      lastEventAt: at(event),
    },
  });
};

export const PAYPAL_EVENT_HANDLERS: Readonly<Record<string, Handler>> = {
  "PAYMENT.CAPTURE.COMPLETED": (tx, e) => onCapture(tx, e, "COMPLETED"),
  "PAYMENT.CAPTURE.PENDING": (tx, e) => onCapture(tx, e, "PENDING"),
  "PAYMENT.CAPTURE.DENIED": (tx, e) => onCapture(tx, e, "DENIED"),
  "PAYMENT.CAPTURE.REFUNDED": (tx, e) => takeBack(tx, e, upId(e, "captures"), "refunded"),
  "PAYMENT.CAPTURE.REVERSED": (tx, e) => takeBack(tx, e, upId(e, "captures") ?? e.resource.id ?? null, "reversed"),
  "BILLING.SUBSCRIPTION.ACTIVATED": onSubscription("ACTIVE"),
  "BILLING.SUBSCRIPTION.CANCELLED": onSubscription("CANCELLED"),
  "BILLING.SUBSCRIPTION.SUSPENDED": onSubscription("SUSPENDED"),
  "BILLING.SUBSCRIPTION.EXPIRED": onSubscription("EXPIRED"),
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED": onSubscriptionPaymentFailed,
  "PAYMENT.SALE.COMPLETED": onSaleCompleted,
  "PAYMENT.SALE.REFUNDED": (tx, e) => takeBack(tx, e, e.resource.sale_id ?? upId(e, "sale"), "refunded"),
  "PAYMENT.SALE.REVERSED": (tx, e) => takeBack(tx, e, e.resource.sale_id ?? upId(e, "sale") ?? e.resource.id ?? null, "reversed"),
};
