import { randomUUID } from "node:crypto";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { CURRENCY, PLANS } from "@/lib/catalog";
import type { PrismaClient, Subscription } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Db } from "@/lib/db/types";
import { PaymentError } from "./errors";
import type { PayPalClient, PayPalSubscription } from "./paypal-client";
import { paypalAmountToCents } from "./paypal-amount";
import type { WalletSubscriptionPlan } from "./paypal-schemas";
import { recordCapture } from "./wallet-checkout";

/**
 * Monthly wallet plans as PayPal Subscriptions (docs/billing.md "Monthly plans"). The browser's PayPal
 * button asks our server to create the subscription (POST /api/paypal/subscription); we
 * record it as `approval_pending` (grants nothing). After the buyer approves, our server
 * asks PayPal for the subscription's status and records what PayPal says; from then on
 * the verified webhooks (BILLING.SUBSCRIPTION.*, PAYMENT.SALE.*) keep the row in step.
 * Every change is ordered by PayPal's time: an older fact never overwrites a newer one.
 */
export type PayPalPlanIds = { consumer: string | undefined; professional: string | undefined };

/** Card checkout of the same plan, offered when the wallet cannot subscribe (null: none exists). */
export const CARD_CHECKOUT_OF: Readonly<Record<WalletSubscriptionPlan, string | null>> = {
  consumer: "/checkout-consumer",
  professional: "/checkout-professional",
};

export const SUBSCRIPTIONS_UNAVAILABLE = "The PayPal wallet is not available for monthly subscriptions on this server.";

/** Our status for PayPal's. Only `active` (and `past_due` while PayPal retries) grants access. */
export function statusFor(paypalStatus: string): string {
  switch (paypalStatus) {
    case "ACTIVE":
      return "active";
    case "SUSPENDED":
      return "unpaid";
    case "CANCELLED":
    case "EXPIRED":
      return "canceled";
    default:
      // APPROVAL_PENDING, APPROVED (approved, not yet billed)
      return "approval_pending";
  }
}

const dateOf = (value: string | undefined): Date | null => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

export type CreatedSubscription = { id: string; status: string; approveUrl: string | null };

export async function createWalletSubscription(
  deps: { db: PrismaClient; paypal: PayPalClient; plans: PayPalPlanIds; siteUrl: string; now?: Date },
  input: { planId: WalletSubscriptionPlan; email: string; signedInSubscriberId?: string | null; returnPath?: string },
): Promise<CreatedSubscription> {
  const paypalPlanId = deps.plans[input.planId];
  if (!paypalPlanId) throw new PaymentError(503, SUBSCRIPTIONS_UNAVAILABLE);
  const now = deps.now ?? new Date();
  const subscriberId = input.signedInSubscriberId ?? (await findOrCreateSubscriber(deps.db, input.email, now)).id;
  const created = await deps.paypal.createSubscription(
    {
      planId: paypalPlanId,
      email: input.email,
      customId: subscriberId,
      returnUrl: `${deps.siteUrl}/paypal/subscription`,
      cancelUrl: `${deps.siteUrl}${input.returnPath ?? PLANS[input.planId].checkoutPath}?cancelled=1`,
    },
    `subscription-${input.planId}-${randomUUID()}`,
  );
  if (!created.id) throw new PaymentError(502, "No subscription ID received from PayPal");
  try {
    await deps.db.subscription.create({
      data: {
        provider: "paypal",
        providerSubscriptionId: created.id,
        email: input.email,
        planId: input.planId,
        status: statusFor(created.status),
        subscriberId,
        lastEventAt: dateOf(created.status_update_time) ?? now,
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return { id: created.id, status: created.status, approveUrl: created.links?.find((l) => l.rel === "approve")?.href ?? null };
}

/**
 * Applies what PayPal says about a subscription to our row (by PayPal's id). Returns the
 * row, or null when we never recorded that subscription. `at` orders the facts.
 */
export async function applyPayPalSubscription(db: Db, sub: PayPalSubscription, at: Date): Promise<Subscription | null> {
  const row = await db.subscription.findUnique({ where: { provider_providerSubscriptionId: { provider: "paypal", providerSubscriptionId: sub.id } } });
  if (!row) return null;
  if (row.lastEventAt && at < row.lastEventAt) return row;
  const nextBilling = dateOf(sub.billing_info?.next_billing_time);
  let status = statusFor(sub.status);
  let cancelAtPeriodEnd = row.cancelAtPeriodEnd;
  let endedAt = row.endedAt;
  // A cancelled subscription keeps the period already paid for (PayPal stops billing; access runs out).
  const periodEnd = nextBilling ?? row.currentPeriodEnd;
  if (sub.status === "CANCELLED") {
    cancelAtPeriodEnd = true;
    if (periodEnd && periodEnd > at && (row.status === "active" || row.status === "past_due")) status = "active";
    else endedAt = endedAt ?? at;
  }
  if (sub.status === "EXPIRED") endedAt = endedAt ?? at;
  return db.subscription.update({
    where: { id: row.id },
    data: {
      status,
      cancelAtPeriodEnd,
      endedAt,
      currentPeriodEnd: periodEnd,
      lastEventAt: at,
      email: row.email || sub.subscriber?.email_address?.toLowerCase() || row.email,
    },
  });
}

/**
 * The buyer approved (the PayPal button's onApprove, or PayPal's return to /paypal/subscription):
 * ask PayPal for the subscription's real status and record it. Only subscriptions we created.
 */
export async function confirmWalletSubscription(deps: { db: PrismaClient; paypal: PayPalClient; now?: Date }, subscriptionId: string): Promise<Subscription> {
  const row = await deps.db.subscription.findUnique({ where: { provider_providerSubscriptionId: { provider: "paypal", providerSubscriptionId: subscriptionId } } });
  if (!row) throw new PaymentError(404, "We have no record of this subscription. Start the checkout again.");
  const sub = await deps.paypal.getSubscription(subscriptionId);
  const at = dateOf(sub.status_update_time) ?? deps.now ?? new Date();
  // Payments (the first one too) are recorded from PAYMENT.SALE.COMPLETED, once per sale id.
  return (await applyPayPalSubscription(deps.db, sub, at)) ?? row;
}

/** A subscription payment (a PayPal sale), once per sale id; counts only when it is the plan's price. */
export async function recordSubscriptionPayment(
  db: Db,
  row: Subscription,
  sale: { paymentId: string; amount: { value: string; currency: string }; at: Date; status?: "succeeded" | "refunded" | "reversed" },
): Promise<boolean> {
  const plan = PLANS[row.planId as WalletSubscriptionPlan];
  const cents = paypalAmountToCents(sale.amount.value);
  const matches = Boolean(plan) && cents === plan.amountCents && sale.amount.currency === CURRENCY;
  await recordCapture(db, {
    captureId: sale.paymentId,
    orderId: null,
    status: sale.status ?? (matches ? "succeeded" : "failed"),
    email: row.email,
    itemId: row.planId,
    amountCents: cents ?? 0,
    currency: sale.amount.currency,
    kind: "subscription",
    eventAt: sale.at,
    subscriberId: row.subscriberId,
    subscriptionId: row.id,
    failureMessage: matches ? null : "Subscription payment differs from the plan's price.",
  });
  return matches;
}
