import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { withEvidence } from "@/lib/alerts/stored-evidence";
import { recordTrialTombstone } from "./tombstones";

/**
 * "Download my data" and "delete my account" (docs/billing.md).
 *
 * The export is everything tied to the subscriber: the account row, trial, newsletter,
 * e-book rows, watches, alerts, payments, subscriptions, sessions and API keys (without
 * their hashes) and the emails sent to the address.
 *
 * Deletion removes the personal data: the subscriber row (its sessions, sign-in tokens,
 * API keys, watches and alerts go with it), the trial, newsletter and e-book signup rows
 * and the copies of emails sent to the address. Payments, subscriptions and e-book
 * purchases are kept, as the law requires of sales records, with the email replaced by
 * `deleted-<uuid>@deleted.invalid` (one uuid per deleted account), the account link
 * removed and the e-book buyer's name blanked. The unsubscribe list entry is kept, so an
 * address that asked for no marketing mail never gets it again. An account that had its free
 * trial leaves a keyed hash of its email (trial_tombstones), so a new account for it starts
 * no second trial. Provider subscriptions are cancelled by the caller first
 * (lib/payments/account-billing.ts `cancelAllNow`).
 */
export async function exportAccountData(db: PrismaClient, subscriberId: string, now: Date): Promise<Record<string, unknown>> {
  const account = await db.subscriber.findUniqueOrThrow({ where: { id: subscriberId } });
  const email = account.email;
  const mine = { OR: [{ subscriberId }, { email }] };
  const [trials, newsletter, ebookSignups, ebookPurchases, watches, alerts, payments, subscriptions, sessions, apiKeys, emails, suppression] = await Promise.all([
    db.freeTrial.findMany({ where: mine, include: { followUps: true } }),
    db.newsletter.findMany({ where: mine }),
    db.ebookSignup.findMany({ where: mine }),
    db.ebookPurchase.findMany({ where: mine }),
    db.watch.findMany({ where: { subscriberId }, orderBy: { createdAt: "asc" } }),
    db.subscriberAlert.findMany({ where: { subscriberId }, orderBy: { createdAt: "asc" } }).then((rows) => withEvidence(db, rows)),
    db.payment.findMany({ where: mine, orderBy: { createdAt: "asc" } }),
    db.subscription.findMany({ where: mine, orderBy: { createdAt: "asc" } }),
    db.subscriberSession.findMany({ where: { subscriberId }, select: { id: true, createdAt: true, expiresAt: true, revokedAt: true, lastSeenAt: true } }),
    db.apiKey.findMany({ where: { subscriberId }, omit: { keyHash: true } }),
    db.sentEmail.findMany({
      where: { recipient: email },
      select: { id: true, template: true, subject: true, status: true, createdAt: true, sentAt: true, text: true },
      orderBy: { createdAt: "asc" },
    }),
    db.emailSuppression.findUnique({ where: { email } }),
  ]);
  return {
    exportedAt: now.toISOString(),
    about: "Everything TariffWatch holds about this account. Payment card numbers are never stored by us: only the brand and last 4 digits the card provider reports.",
    account,
    trial: trials,
    newsletter,
    ebookSignups,
    ebookPurchases,
    watches,
    alerts,
    payments,
    subscriptions,
    sessions,
    apiKeys,
    emailsSent: emails,
    unsubscribed: suppression,
  };
}

export type DeletionSummary = { anonymisedAs: string; payments: number; subscriptions: number; ebookPurchases: number };

export async function deleteAccountData(db: PrismaClient, subscriberId: string, now: Date): Promise<DeletionSummary> {
  const account = await db.subscriber.findUniqueOrThrow({ where: { id: subscriberId }, select: { email: true } });
  const email = account.email;
  const anonymisedAs = `deleted-${randomUUID()}@deleted.invalid`;
  const mine = { OR: [{ subscriberId }, { email }] };
  return db.$transaction(async (tx) => {
    // An account that had its free trial leaves a keyed hash of its email, so signing up
    // again starts no second trial (lib/accounts/tombstones.ts).
    if ((await tx.freeTrial.count({ where: mine })) > 0) await recordTrialTombstone(tx, email, now);
    const payments = await tx.payment.updateMany({ where: mine, data: { email: anonymisedAs, subscriberId: null } });
    const subscriptions = await tx.subscription.updateMany({ where: mine, data: { email: anonymisedAs, subscriberId: null } });
    const ebookPurchases = await tx.ebookPurchase.updateMany({ where: mine, data: { email: anonymisedAs, name: "", subscriberId: null } });
    await tx.freeTrial.deleteMany({ where: mine });
    await tx.newsletter.deleteMany({ where: mine });
    await tx.ebookSignup.deleteMany({ where: mine });
    await tx.sentEmail.deleteMany({ where: { recipient: email } });
    await tx.subscriber.delete({ where: { id: subscriberId } });
    return { anonymisedAs, payments: payments.count, subscriptions: subscriptions.count, ebookPurchases: ebookPurchases.count };
  });
}
