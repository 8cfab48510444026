import type { Subscriber } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Db } from "@/lib/db/types";
import { normalizeEmail } from "@/lib/validation/email";

/**
 * One subscriber per email (issue 11 item 1, docs/accounts.md): every place where an
 * email first reaches us (free trial, newsletter, e-book preview, e-book purchase,
 * subscriptions) finds or creates the one `subscribers` row of that email and links its
 * own row to it. Emails are compared trimmed and lower-cased.
 */
export { normalizeEmail };

/**
 * The subscriber of an email, created when there is none. Race-safe: an upsert on the
 * unique email (INSERT ... ON CONFLICT), and should two inserts still collide the loser
 * reads the winner's row, so any number of parallel calls leave exactly one row.
 * Takes the client or a transaction, so callers can link in the same transaction.
 */
export async function findOrCreateSubscriber(db: Db, email: string, now: Date): Promise<Subscriber> {
  const normalized = normalizeEmail(email);
  try {
    return await db.subscriber.upsert({
      where: { email: normalized },
      create: { email: normalized, createdAt: now, updatedAt: now },
      update: {},
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db.subscriber.findUniqueOrThrow({ where: { email: normalized } });
  }
}

/** The subscriber of an email, or null (no row is created). */
export function findSubscriberByEmail(db: Db, email: string): Promise<Subscriber | null> {
  return db.subscriber.findUnique({ where: { email: normalizeEmail(email) } });
}
