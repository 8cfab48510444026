import type { PrismaClient } from "@/lib/db/generated/client";
import { formatPrice, PRODUCTS } from "@/lib/catalog";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Db } from "@/lib/db/types";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { queueEmail, type EmailLogger } from "@/lib/email/outbox";
import { PaymentError } from "@/lib/payments/errors";
import type { PayPalClient } from "@/lib/payments/paypal-client";
import { captureWalletOrder } from "@/lib/payments/wallet-checkout";
import { accessUrl, createAccessToken } from "./access";

/**
 * The e-book purchase after PayPal sends the buyer back: capture on the server (only an
 * e-book order we created), record the purchase once (one row per PayPal order, so a
 * reload or a second return records and emails nothing more) and only when PayPal
 * captured exactly the recorded price, email the receipt with the access link, and say
 * what happened. A PENDING capture is "payment pending"; the purchase then follows
 * PayPal's PAYMENT.CAPTURE.COMPLETED webhook (lib/payments/events/paypal.ts).
 *
 * The buyer's email and access link are shown only to the browser that created the order
 * (`viewer.isBuyer`, from the signed buyer cookie); anyone else who knows the order id is
 * told the link was emailed (docs/billing.md "The result page is not a bearer token").
 */
export type EbookPurchaseOutcome = {
  status: "completed" | "pending" | "failed" | "not-configured" | "revoked";
  message: string;
  accessUrl?: string;
  email?: string;
  amount?: string;
};

export type EbookPurchaseDeps = {
  db: PrismaClient;
  paypal: PayPalClient | null;
  secret: string;
  siteUrl: string;
  supportEmail: string;
  logger?: EmailLogger;
};

const FAILED = "Payment failed. Please try again or contact support.";
export const EMAILED = "Thank you! Your access link was emailed to you with your receipt.";
export const REVOKED = "This purchase was refunded or reversed, so its access link no longer works.";

/** Records the purchase of a captured e-book order once; returns its id. */
export async function recordEbookPurchase(
  db: Db,
  p: { orderId: string; email: string; name: string; amountCents: number; subscriberId: string | null },
): Promise<string> {
  const existing = await db.ebookPurchase.findUnique({ where: { paypalOrderId: p.orderId } });
  if (existing) return existing.id;
  try {
    const created = await db.ebookPurchase.create({
      data: { subscriberId: p.subscriberId, email: p.email, name: p.name, paypalOrderId: p.orderId, amount: (p.amountCents / 100).toFixed(2), currency: "USD" },
    });
    await db.ebookSignup.updateMany({ where: { email: p.email }, data: { purchaseCompleted: true } });
    return created.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await db.ebookPurchase.findUniqueOrThrow({ where: { paypalOrderId: p.orderId } })).id;
  }
}

/** Money taken back (refund, reversal, denial): the purchase's access link stops working everywhere. */
export async function revokeEbookPurchase(db: Db, orderId: string): Promise<void> {
  await db.ebookPurchase.updateMany({ where: { paypalOrderId: orderId }, data: { accessGranted: false } });
}

export async function completeEbookPurchaseWith(
  deps: EbookPurchaseDeps,
  orderId: string,
  viewer: { isBuyer: boolean } = { isBuyer: false },
): Promise<EbookPurchaseOutcome> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return { status: "failed", message: FAILED };
  const { db } = deps;

  const existing = await db.ebookPurchase.findUnique({ where: { paypalOrderId: orderId } });
  if (existing) {
    if (!existing.accessGranted) return { status: "revoked", message: REVOKED };
    return finish(deps, existing.id, existing.email, existing.name, Math.round(Number(existing.amount) * 100), orderId, viewer);
  }

  // Only an e-book order we created is captured here: an order for anything else, or one
  // made straight at PayPal, is left alone.
  const recorded = await db.payPalOrder.findUnique({ where: { id: orderId } });
  if (!recorded || recorded.itemId !== PRODUCTS.ebook.id) return { status: "failed", message: FAILED };
  if (recorded.status === "refunded" || recorded.status === "reversed" || recorded.status === "denied") return { status: "revoked", message: REVOKED };
  if (!deps.paypal) return { status: "not-configured", message: "PayPal payments are not configured on this server." };
  let capture;
  try {
    capture = await captureWalletOrder({ db, paypal: deps.paypal }, orderId);
  } catch (error) {
    if (error instanceof PaymentError) return { status: "failed", message: FAILED };
    throw error;
  }
  if (capture.status === "PENDING") {
    return { status: "pending", message: "PayPal is still processing your payment. We will email your access link as soon as it completes." };
  }
  if (!capture.granted || !capture.email || capture.amountCents === null) {
    return { status: "failed", message: FAILED };
  }

  const name = capture.payerName ?? capture.email.split("@")[0] ?? "Reader";
  const purchaseId = await recordEbookPurchase(db, { orderId, email: capture.email, name, amountCents: capture.amountCents, subscriberId: capture.subscriberId });
  return finish(deps, purchaseId, capture.email, name, capture.amountCents, orderId, viewer);
}

/**
 * Records the receipt with the access link (once per order) and kicks its delivery after
 * the request. Not in the purchase's transaction: the key is the order's, so whoever
 * finds the purchase without its receipt (the buyer's return, PayPal's webhook) records it.
 */
export async function sendEbookReceipt(
  deps: Omit<EbookPurchaseDeps, "paypal">,
  purchase: { id: string; email: string; name: string; amountCents: number; orderId: string },
): Promise<string> {
  const link = accessUrl(deps.siteUrl, createAccessToken("full", purchase.id, deps.secret));
  const { email } = await queueEmail(
    deps.db,
    {
      to: purchase.email,
      template: "ebook-receipt",
      props: {
        name: purchase.name,
        amount: formatPrice(Math.round(purchase.amountCents), { cents: true }),
        accessUrl: link,
        orderId: purchase.orderId,
        supportEmail: deps.supportEmail,
        siteUrl: deps.siteUrl,
      },
      idempotencyKey: `ebook-receipt:${purchase.orderId}`,
    },
    { logger: deps.logger },
  );
  deliverSoon(deps.db, [email], { logger: deps.logger });
  return link;
}

/** After PayPal's webhook granted a purchase: the receipt, if the purchase exists and still grants access. */
export async function sendEbookReceiptForOrder(deps: Omit<EbookPurchaseDeps, "paypal">, orderId: string): Promise<void> {
  const purchase = await deps.db.ebookPurchase.findUnique({ where: { paypalOrderId: orderId } });
  if (!purchase || !purchase.accessGranted) return;
  await sendEbookReceipt(deps, { id: purchase.id, email: purchase.email, name: purchase.name, amountCents: Math.round(Number(purchase.amount) * 100), orderId });
}

async function finish(
  deps: EbookPurchaseDeps,
  purchaseId: string,
  email: string,
  name: string,
  amountCents: number,
  orderId: string,
  viewer: { isBuyer: boolean },
): Promise<EbookPurchaseOutcome> {
  const link = await sendEbookReceipt(deps, { id: purchaseId, email, name, amountCents, orderId });
  const amount = formatPrice(Math.round(amountCents), { cents: true });
  if (!viewer.isBuyer) return { status: "completed", message: EMAILED, amount };
  return { status: "completed", message: "Thank you! Your guide is unlocked.", accessUrl: link, email, amount };
}
