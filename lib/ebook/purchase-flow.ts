import type { PrismaClient } from "@/lib/db/generated/client";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { formatPrice, PRODUCTS } from "@/lib/catalog";
import { isUniqueViolation } from "@/lib/db/errors";
import { queueEmail, type EmailLogger } from "@/lib/email/outbox";
import { PaymentError } from "@/lib/payments/errors";
import type { PayPalClient } from "@/lib/payments/paypal-client";
import { captureWalletOrder } from "@/lib/payments/wallet-checkout";
import { accessUrl, createAccessToken } from "./access";

/**
 * The e-book purchase after PayPal sends the buyer back: capture on the server, record
 * the purchase once (one row per PayPal order, so a reload or a second return records
 * and emails nothing more), email the receipt with the access link, and say what happened.
 */
export type EbookPurchaseOutcome = {
  status: "completed" | "pending" | "failed" | "not-configured";
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

export async function completeEbookPurchaseWith(deps: EbookPurchaseDeps, orderId: string): Promise<EbookPurchaseOutcome> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return { status: "failed", message: FAILED };
  const { db } = deps;

  const existing = await db.ebookPurchase.findUnique({ where: { paypalOrderId: orderId } });
  if (existing) return finish(deps, existing.id, existing.email, existing.name, Number(existing.amount) * 100, orderId);

  if (!deps.paypal) return { status: "not-configured", message: "PayPal payments are not configured on this server." };
  let capture;
  try {
    // Only an e-book order is captured here: an order for anything else is left alone.
    const order = await deps.paypal.getOrder(orderId);
    if (order.purchase_units?.[0]?.custom_id !== PRODUCTS.ebook.id) return { status: "failed", message: FAILED };
    capture = await captureWalletOrder({ db, paypal: deps.paypal }, orderId);
  } catch (error) {
    if (error instanceof PaymentError) return { status: "failed", message: FAILED };
    throw error;
  }
  if (capture.status === "PENDING") {
    return { status: "pending", message: "PayPal is still processing your payment. We will email your access link as soon as it completes." };
  }
  if (capture.status !== "COMPLETED" || capture.itemId !== PRODUCTS.ebook.id || !capture.email || capture.amountCents === null) {
    return { status: "failed", message: FAILED };
  }

  let purchaseId: string;
  const name = capture.payerName ?? capture.email.split("@")[0] ?? "Reader";
  // The account of the buyer's email (one per email); the purchase belongs to it.
  const subscriber = await findOrCreateSubscriber(db, capture.email, new Date());
  try {
    const created = await db.ebookPurchase.create({
      data: {
        subscriberId: subscriber.id,
        email: capture.email,
        name,
        paypalOrderId: orderId,
        amount: (capture.amountCents / 100).toFixed(2),
        currency: "USD",
      },
    });
    purchaseId = created.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    purchaseId = (await db.ebookPurchase.findUniqueOrThrow({ where: { paypalOrderId: orderId } })).id;
  }
  await db.ebookSignup.updateMany({ where: { email: capture.email }, data: { purchaseCompleted: true } });
  return finish(deps, purchaseId, capture.email, name, capture.amountCents, orderId);
}

async function finish(
  deps: EbookPurchaseDeps,
  purchaseId: string,
  email: string,
  name: string,
  amountCents: number,
  orderId: string,
): Promise<EbookPurchaseOutcome> {
  const link = accessUrl(deps.siteUrl, createAccessToken("full", purchaseId, deps.secret));
  const amount = formatPrice(Math.round(amountCents), { cents: true });
  await queueEmail(
    deps.db,
    {
      to: email,
      template: "ebook-receipt",
      props: { name, amount, accessUrl: link, orderId, supportEmail: deps.supportEmail, siteUrl: deps.siteUrl },
      idempotencyKey: `ebook-receipt:${orderId}`,
    },
    { logger: deps.logger },
  );
  return { status: "completed", message: "Thank you! Your guide is unlocked.", accessUrl: link, email, amount };
}
