import type { PrismaClient } from "@/lib/db/generated/client";

/**
 * Marketing email goes only to an account that turned it on (docs/email.md, "Consent"). Tests
 * of the delivery of marketing templates (the newsletter, the trial's tips) give their
 * recipients that consent first, as the newsletter signup or the ticked box would.
 */
export async function giveMarketingConsent(db: PrismaClient, emails: readonly string[], at: Date = new Date()): Promise<void> {
  for (const email of emails) {
    await db.subscriber.upsert({
      where: { email },
      create: { email, marketingConsentAt: at, marketingConsentSource: "newsletter" },
      update: { marketingConsentAt: at, marketingConsentSource: "newsletter" },
    });
  }
}
