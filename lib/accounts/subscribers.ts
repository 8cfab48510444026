import type { Subscriber } from "@/lib/db/generated/client";
import type { Db } from "@/lib/db/types";
import { normalizeEmail } from "@/lib/validation/email";

/**
 * One subscriber per email (docs/accounts.md): every place where an
 * email first reaches us (free trial, newsletter, e-book preview, e-book purchase,
 * subscriptions) finds or creates the one `subscribers` row of that email and links its
 * own row to it. Emails are compared trimmed and lower-cased.
 */
export { normalizeEmail };

/**
 * The subscriber of an email, created when there is none. Race-safe: INSERT ... ON CONFLICT
 * DO NOTHING on the unique email, then a read, so any number of parallel calls leave exactly
 * one row. It never raises a unique violation, which matters inside a transaction: on
 * PostgreSQL an error aborts the caller's whole transaction (a signup that records its row and
 * its email together, docs/email.md), so "insert, catch the violation, read" cannot be used there.
 * Takes the client or a transaction, so callers can link in the same transaction.
 */
export async function findOrCreateSubscriber(db: Db, email: string, now: Date): Promise<Subscriber> {
  const normalized = normalizeEmail(email);
  await db.subscriber.createMany({ data: [{ email: normalized, createdAt: now, updatedAt: now }], skipDuplicates: true });
  return db.subscriber.findUniqueOrThrow({ where: { email: normalized } });
}

/** The subscriber of an email, or null (no row is created). */
export function findSubscriberByEmail(db: Db, email: string): Promise<Subscriber | null> {
  return db.subscriber.findUnique({ where: { email: normalizeEmail(email) } });
}
