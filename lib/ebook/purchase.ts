import "server-only";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { getPayPal } from "@/lib/payments/paypal";
import { getSecret } from "@/lib/secrets";
import { completeEbookPurchaseWith, type EbookPurchaseOutcome } from "./purchase-flow";

/** Completes the e-book purchase for the order PayPal returned the buyer with. */
export function completeEbookPurchase(orderId: string): Promise<EbookPurchaseOutcome> {
  const env = getEnv();
  return completeEbookPurchaseWith(
    { db: getDb(), paypal: getPayPal(), secret: getSecret("ebook-access"), siteUrl: env.SITE_URL, supportEmail: env.SUPPORT_EMAIL },
    orderId,
  );
}

export type { EbookPurchaseOutcome };
