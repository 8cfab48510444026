import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { CURRENCY, dollarsToCents, PLANS, PRODUCTS } from "@/lib/catalog";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Db } from "@/lib/db/types";
import { PaymentError } from "./errors";
import type { PayPalCapture, PayPalClient } from "./paypal-client";
import { paypalAmount, paypalAmountToCents } from "./paypal-amount";
import { markTrialConverted } from "./conversions";
import { subscriberIdFor } from "./subscriber-link";

/**
 * Wallet checkout (PayPal Orders v2). The server prices every order from the catalog:
 * the amount the browser sends must be the price of something we sell (Consumer or
 * Professional month, the e-book), else 400 and no order. Every order we create is
 * recorded (`paypal_orders`: item, amount, currency, buyer, time), and a capture grants
 * something only when it is COMPLETED for exactly the recorded amount and currency
 * (docs/billing.md "One-time items"). An order we did not create is never captured.
 */
export type WalletItem = { itemId: string; name: string; amountCents: number; kind: "plan-month" | "one-time" };

export const WALLET_ITEMS: readonly WalletItem[] = [
  { itemId: PLANS.consumer.id, name: PLANS.consumer.name, amountCents: PLANS.consumer.amountCents, kind: "plan-month" },
  { itemId: PLANS.professional.id, name: PLANS.professional.name, amountCents: PLANS.professional.amountCents, kind: "plan-month" },
  { itemId: PRODUCTS.ebook.id, name: PRODUCTS.ebook.name, amountCents: PRODUCTS.ebook.amountCents + PRODUCTS.ebook.processingFeeCents, kind: "one-time" },
];

export function walletItemForAmount(amount: number | string, itemId?: string): WalletItem | null {
  const cents = dollarsToCents(amount);
  if (cents === null) return null;
  return WALLET_ITEMS.find((i) => i.amountCents === cents && (!itemId || i.itemId === itemId)) ?? null;
}

/** The catalog item an order is for, or a 400 naming the unknown item or the amount (checked before PayPal's configuration). */
export function walletItemOrRefuse(input: { amount: number | string; currency: string; itemId?: string }): WalletItem {
  if (input.itemId !== undefined && !WALLET_ITEMS.some((i) => i.itemId === input.itemId)) {
    throw new PaymentError(400, "Unknown plan.", { plan: "Unknown plan" });
  }
  const item = walletItemForAmount(input.amount, input.itemId);
  if (!item || input.currency !== CURRENCY) {
    throw new PaymentError(400, "The amount does not match the price of anything we sell.", { amount: "Amount does not match a catalog price" });
  }
  return item;
}

export type WalletDeps = {
  db: PrismaClient;
  paypal: PayPalClient;
  /** The signed-in subscriber creating the order, whose account its capture joins. */
  subscriberId?: string | null;
};

export type CreatedOrder = { id: string; status: string; links: { href: string; rel: string; method?: string }[] };

export async function createWalletOrder(
  { db, paypal, subscriberId }: WalletDeps,
  input: { amount: number | string; currency: string; itemId?: string; email?: string | null; returnUrl?: string; cancelUrl?: string },
): Promise<CreatedOrder> {
  const item = walletItemOrRefuse(input);
  const order = await paypal.createOrder(
    {
      amountValue: paypalAmount(item.amountCents),
      currency: CURRENCY,
      description: `TariffWatch ${item.name}`,
      customId: item.itemId,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
    },
    `order-${item.itemId}-${randomUUID()}`,
  );
  if (!order.id) throw new PaymentError(502, "No order ID received from PayPal");
  await db.payPalOrder.create({
    data: {
      id: order.id,
      itemId: item.itemId,
      amountCents: item.amountCents,
      currency: CURRENCY,
      email: input.email?.trim().toLowerCase() || null,
      subscriberId: subscriberId ?? null,
    },
  });
  return { id: order.id, status: order.status, links: order.links ?? [] };
}

/**
 * What the capture came to. `granted`: COMPLETED for exactly the recorded amount and
 * currency. `status` is PayPal's capture status, or AMOUNT_MISMATCH.
 */
export type CaptureResult = {
  status: string;
  granted: boolean;
  id: string;
  paymentId: string | null;
  email: string | null;
  payerName: string | null;
  itemId: string | null;
  amountCents: number | null;
  subscriberId: string | null;
};

/** Does a capture match the order we recorded (amount in PayPal's format, and currency)? */
export function captureMatches(recorded: { amountCents: number; currency: string }, amount: { value: string; currency_code: string } | undefined): boolean {
  return Boolean(amount) && amount?.currency_code === recorded.currency && paypalAmountToCents(amount?.value) === recorded.amountCents;
}

/**
 * Captures an approved order we created and records the payment once (a repeated
 * capture changes nothing). An order with no record here is refused before PayPal is
 * asked to capture it.
 */
export async function captureWalletOrder({ db, paypal }: WalletDeps, orderId: string): Promise<CaptureResult> {
  const recorded = await db.payPalOrder.findUnique({ where: { id: orderId } });
  if (!recorded) throw new PaymentError(404, "We have no record of this order. Start the checkout again.");
  const order = await paypal.captureOrder(orderId);
  const unit = order.purchase_units?.[0];
  const capture: PayPalCapture | undefined = unit?.payments?.captures?.[0];
  const email = order.payer?.email_address?.trim().toLowerCase() ?? recorded.email ?? null;
  const payerName = [order.payer?.name?.given_name, order.payer?.name?.surname].filter(Boolean).join(" ") || null;
  const base = { id: order.id ?? orderId, email, payerName, itemId: recorded.itemId };
  // What the buyer is told follows the capture itself: an order can be COMPLETED with its capture PENDING.
  if (!capture) {
    return { ...base, status: order.status ?? "UNKNOWN", granted: false, paymentId: null, amountCents: null, subscriberId: recorded.subscriberId };
  }
  const amountCents = capture.amount ? paypalAmountToCents(capture.amount.value) : null;
  const matches = captureMatches(recorded, capture.amount);
  if (!matches) {
    console.error(`[payments] PayPal order ${orderId} captured ${capture.amount?.value} ${capture.amount?.currency_code} for ${recorded.itemId}; we asked for ${recorded.amountCents} cents ${recorded.currency}: nothing granted`);
  }
  const status = !matches ? "failed" : capture.status === "COMPLETED" ? "succeeded" : capture.status === "PENDING" ? "pending" : "failed";
  const subscriberId = await recordCapture(db, {
    captureId: capture.id,
    orderId: order.id ?? orderId,
    status,
    email,
    itemId: recorded.itemId,
    amountCents: amountCents ?? 0,
    currency: capture.amount?.currency_code ?? CURRENCY,
    kind: WALLET_ITEMS.find((i) => i.itemId === recorded.itemId)?.kind ?? "one-time",
    eventAt: null,
    subscriberId: recorded.subscriberId,
    failureMessage: matches ? null : "Captured amount or currency differs from the order we created.",
  });
  await db.payPalOrder.update({
    where: { id: orderId },
    data: {
      captureId: capture.id,
      status: !matches ? "mismatch" : status === "succeeded" ? "completed" : status === "pending" ? "pending" : "declined",
      email: recorded.email ?? email,
    },
  });
  return {
    ...base,
    status: matches ? capture.status : "AMOUNT_MISMATCH",
    granted: matches && capture.status === "COMPLETED",
    paymentId: capture.id,
    amountCents,
    subscriberId,
  };
}

export type CaptureStatus = "succeeded" | "failed" | "pending" | "refunded" | "reversed";

/** Records (or updates) the payment of one capture; returns the account it belongs to. */
export async function recordCapture(
  db: Db,
  c: {
    captureId: string;
    orderId: string | null;
    status: CaptureStatus;
    email: string | null;
    itemId: string;
    amountCents: number;
    currency: string;
    kind: string;
    eventAt: Date | null;
    /** The account to join; by default the account of the email. */
    subscriberId?: string | null;
    failureMessage?: string | null;
    subscriptionId?: string | null;
  },
): Promise<string | null> {
  const key = { provider_providerPaymentId: { provider: "paypal", providerPaymentId: c.captureId } };
  const existing = await db.payment.findUnique({ where: key });
  let owner: string | null = existing?.subscriberId ?? null;
  if (!existing) {
    owner = await subscriberIdFor(db, c.email, new Date(), c.subscriberId);
    try {
      await db.payment.create({
        data: {
          provider: "paypal",
          providerPaymentId: c.captureId,
          providerOrderId: c.orderId,
          email: c.email,
          itemId: c.itemId,
          kind: c.kind,
          amountCents: c.amountCents,
          currency: c.currency,
          status: c.status,
          failureMessage: c.failureMessage ?? null,
          lastEventAt: c.eventAt,
          subscriberId: owner,
          subscriptionId: c.subscriptionId ?? null,
        },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  } else if (c.eventAt === null || !existing.lastEventAt || c.eventAt >= existing.lastEventAt) {
    // Money taken back is final: a late "completed" event must not undo a refund or reversal,
    // and a capture that did not match its order never becomes a success.
    const final = existing.status === "refunded" || existing.status === "reversed" || (existing.status === "failed" && existing.failureMessage !== null);
    if (!(final && c.status !== "refunded" && c.status !== "reversed")) {
      if (!existing.subscriberId) owner = await subscriberIdFor(db, existing.email ?? c.email, new Date(), c.subscriberId);
      await db.payment.update({
        where: key,
        data: {
          status: c.status,
          email: existing.email ?? c.email,
          providerOrderId: existing.providerOrderId ?? c.orderId,
          ...(existing.subscriberId ? {} : { subscriberId: owner }),
          ...(c.failureMessage ? { failureMessage: c.failureMessage } : {}),
          ...(c.eventAt ? { lastEventAt: c.eventAt } : {}),
        },
      });
    }
  }
  if (c.status === "succeeded" && c.email) await markTrialConverted(db, c.email);
  return owner;
}
