import type { Newsletter, PrismaClient, SentEmail } from "@/lib/db/generated/client";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { isUniqueViolation } from "@/lib/db/errors";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { OUTBOX_TRANSACTION, queueEmail, type EmailLogger } from "@/lib/email/outbox";
import { recordOptIn } from "@/lib/email/unsubscribe";
import type { NewsletterSignup } from "./schema";

/** Newsletter subscribers: the signup and the live count. */

export type SubscribeResult = { status: "subscribed"; subscriber: Newsletter } | { status: "already-subscribed" };

export type SubscribeDeps = { siteUrl: string; logger?: EmailLogger; now?: Date };

/**
 * Adds a subscriber (email already trimmed and lower-cased by the schema) and records the
 * welcome email in the same transaction (docs/email.md, "Sending"); delivery is kicked
 * after the request. The unique index on email decides races: of many simultaneous
 * signups for one address exactly one succeeds, the rest are "already-subscribed".
 */
export async function subscribe(db: PrismaClient, signup: NewsletterSignup, deps: SubscribeDeps): Promise<SubscribeResult> {
  let done: { subscriber: Newsletter; email: SentEmail };
  try {
    done = await db.$transaction(async (tx) => {
      // The account of this email (one per email); the newsletter row belongs to it.
      const account = await findOrCreateSubscriber(tx, signup.email, deps.now ?? new Date());
      const subscriber = await tx.newsletter.create({ data: { email: signup.email, subscriberId: account.id } });
      // Subscribing is the explicit request for marketing email, also after an earlier unsubscribe (lib/email/unsubscribe.ts).
      await recordOptIn(tx, subscriber.email, "newsletter", deps.now ?? new Date());
      const { email } = await queueEmail(
        tx,
        {
          to: subscriber.email,
          template: "newsletter-welcome",
          props: { siteUrl: deps.siteUrl },
          idempotencyKey: `newsletter-welcome:${subscriber.id}`,
        },
        { logger: deps.logger, now: deps.now },
      );
      return { subscriber, email };
    }, OUTBOX_TRANSACTION);
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "already-subscribed" };
    throw error;
  }
  forgetSubscriberCount();
  deliverSoon(db, [done.email], { logger: deps.logger });
  return { status: "subscribed", subscriber: done.subscriber };
}

/**
 * The live count, read from the database at most every COUNT_TTL_MS per process (the
 * landing page asks on every visit); a signup in this process refreshes it at once.
 */
export const COUNT_TTL_MS = 5_000;
let countCache: { value: number; at: number } | null = null;

export async function countSubscribers(db: PrismaClient, now: number = Date.now()): Promise<number> {
  if (countCache && now - countCache.at < COUNT_TTL_MS) return countCache.value;
  const value = await db.newsletter.count();
  countCache = { value, at: now };
  return value;
}

export function forgetSubscriberCount(): void {
  countCache = null;
}
