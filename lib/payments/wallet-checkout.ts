import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { CURRENCY, dollarsToCents, formatPrice, PLANS, PRODUCTS } from "@/lib/catalog";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Db } from "@/lib/db/types";
import { PaymentError } from "./errors";
import type { PayPalCapture, PayPalClient, PayPalOrder } from "./paypal-client";
import { markTrialConverted } from "./conversions";
import { subscriberIdFor } from "./subscriber-link";

/**
 * Wallet checkout (PayPal Orders v2). The server prices every order from the catalog:
 * the amount the browser sends must be the price of something we sell (Consumer or
 * Professional month, the e-book), else 400 and no order. Capture records the payment
 * once, with the amount PayPal actually captured.
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

export type WalletDeps = {
  db: PrismaClient;
  paypal: PayPalClient;
  /** The signed-in subscriber, whose account a capture joins (else the account of the payer's email). */
  subscriberId?: string | null;
};

export async function createWalletOrder(
  { paypal }: WalletDeps,
  input: { amount: number | string; currency: string; itemId?: string; returnUrl?: string; cancelUrl?: string },
): Promise<PayPalOrder> {
  const item = walletItemForAmount(input.amount, input.itemId);
  if (!item || input.currency !== CURRENCY) {
    throw new PaymentError(400, "The amount does not match the price of anything we sell.", { amount: "Amount does not match a catalog price" });
  }
  const order = await paypal.createOrder(
    {
      amountValue: formatPrice(item.amountCents, { cents: true }).replace("$", ""),
      currency: CURRENCY,
      description: `TariffWatch ${item.name}`,
      customId: item.itemId,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
    },
    `order-${item.itemId}-${randomUUID()}`,
  );
  if (!order.id) throw new PaymentError(502, "No order ID received from PayPal");
  return order;
}

export type CaptureResult = {
  status: string;
  id: string;
  paymentId: string | null;
  email: string | null;
  payerName: string | null;
  itemId: string | null;
  amountCents: number | null;
};

/** Captures an approved order and records the payment once (a repeated capture changes nothing). */
export async function captureWalletOrder({ db, paypal, subscriberId }: WalletDeps, orderId: string): Promise<CaptureResult> {
  const order = await paypal.captureOrder(orderId);
  const unit = order.purchase_units?.[0];
  const capture: PayPalCapture | undefined = unit?.payments?.captures?.[0];
  const email = order.payer?.email_address?.trim().toLowerCase() ?? null;
  const payerName = [order.payer?.name?.given_name, order.payer?.name?.surname].filter(Boolean).join(" ") || null;
  // What the buyer is told follows the capture itself: an order can be COMPLETED with its capture PENDING.
  if (!capture) {
    return { status: order.status ?? "UNKNOWN", id: order.id ?? orderId, paymentId: null, email, payerName, itemId: null, amountCents: null };
  }
  const itemId = capture.custom_id ?? unit?.custom_id ?? "unknown";
  const amountCents = capture.amount ? dollarsToCents(capture.amount.value) : null;
  const catalogItem = WALLET_ITEMS.find((i) => i.itemId === itemId);
  if (catalogItem && amountCents !== catalogItem.amountCents) {
    console.error(`[payments] PayPal order ${orderId} captured ${capture.amount?.value} for ${itemId}, catalog says ${catalogItem.amountCents} cents`);
  }
  await recordCapture(db, {
    captureId: capture.id,
    orderId: order.id ?? orderId,
    status: capture.status === "COMPLETED" ? "succeeded" : capture.status === "DECLINED" ? "failed" : "pending",
    email,
    itemId,
    amountCents: amountCents ?? 0,
    currency: capture.amount?.currency_code ?? CURRENCY,
    kind: catalogItem?.kind ?? "one-time",
    eventAt: null,
    subscriberId: subscriberId ?? null,
  });
  return { status: capture.status, id: order.id ?? orderId, paymentId: capture.id, email, payerName, itemId, amountCents };
}

export async function recordCapture(
  db: Db,
  c: {
    captureId: string;
    orderId: string | null;
    status: "succeeded" | "failed" | "pending" | "refunded";
    email: string | null;
    itemId: string;
    amountCents: number;
    currency: string;
    kind: string;
    eventAt: Date | null;
    /** The account to join; by default the account of the email. */
    subscriberId?: string | null;
  },
): Promise<void> {
  const key = { provider_providerPaymentId: { provider: "paypal", providerPaymentId: c.captureId } };
  const existing = await db.payment.findUnique({ where: key });
  if (!existing) {
    const owner = await subscriberIdFor(db, c.email, new Date(), c.subscriberId);
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
          lastEventAt: c.eventAt,
          subscriberId: owner,
        },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  } else if (c.eventAt === null || !existing.lastEventAt || c.eventAt >= existing.lastEventAt) {
    // A refund is final: a late "completed" event must not undo it.
    if (!(existing.status === "refunded" && c.status !== "refunded")) {
      await db.payment.update({
        where: key,
        data: {
          status: c.status,
          email: existing.email ?? c.email,
          providerOrderId: existing.providerOrderId ?? c.orderId,
          ...(existing.subscriberId ? {} : { subscriberId: await subscriberIdFor(db, existing.email ?? c.email, new Date(), c.subscriberId) }),
          ...(c.eventAt ? { lastEventAt: c.eventAt } : {}),
        },
      });
    }
  }
  if (c.status === "succeeded" && c.email) await markTrialConverted(db, c.email);
}
