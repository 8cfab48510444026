import "server-only";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { getPayPal } from "@/lib/payments/paypal";
import { getSecret } from "@/lib/secrets";
import { completeEbookPurchaseWith, sendEbookReceiptForOrder, type EbookPurchaseOutcome } from "./purchase-flow";

/** Completes the e-book purchase for the order PayPal returned the buyer with; `isBuyer`: this browser created the order. */
export function completeEbookPurchase(orderId: string, viewer: { isBuyer: boolean }): Promise<EbookPurchaseOutcome> {
  const env = getEnv();
  return completeEbookPurchaseWith(
    { db: getDb(), paypal: getPayPal(), secret: getSecret("ebook-access"), siteUrl: env.SITE_URL, supportEmail: env.SUPPORT_EMAIL },
    orderId,
    viewer,
  );
}

/** The receipt after a webhook granted the purchase (idempotent). */
export function sendEbookReceiptAfterWebhook(orderId: string): Promise<void> {
  const env = getEnv();
  return sendEbookReceiptForOrder({ db: getDb(), secret: getSecret("ebook-access"), siteUrl: env.SITE_URL, supportEmail: env.SUPPORT_EMAIL }, orderId);
}

export type { EbookPurchaseOutcome };
