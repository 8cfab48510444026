import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import type { Db } from "@/lib/db/types";

/**
 * Checkout joins the account (docs/billing.md "Checkout joins the account"): every payment and subscription we record
 * belongs to the subscriber of its email, created on first sight. A signed-in buyer's
 * checkout passes their own id instead, so it attaches to the account they are in even
 * when the receipt goes to another address.
 */
export async function subscriberIdFor(db: Db, email: string | null | undefined, now: Date, signedIn?: string | null): Promise<string | null> {
  if (signedIn) return signedIn;
  const address = email?.trim().toLowerCase();
  if (!address || !address.includes("@")) return null;
  const subscriber = await findOrCreateSubscriber(db, address, now);
  return subscriber.id;
}
