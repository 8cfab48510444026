import type Stripe from "stripe";
import type { PrismaClient, Subscription } from "@/lib/db/generated/client";
import { PLANS, type PlanId } from "@/lib/catalog";
import { findOrCreatePrice, periodEndOf, providerCall } from "./card-checkout";
import { PaymentError } from "./errors";
import type { PayPalClient } from "./paypal-client";

/**
 * Billing from the account page (docs/billing.md): cancel at period end
 * and undo, Stripe's hosted customer portal, plan changes with proration, and ending the
 * provider subscriptions when an account is deleted. Every change goes to the provider
 * first and the row records what the provider answered; the webhooks that follow are
 * applied by the same rules (lib/payments/events) and change nothing further.
 */
export type BillingDeps = { db: PrismaClient; stripe: Stripe | null; paypal: PayPalClient | null; now: Date };

/** Statuses of a subscription that still bills or may bill (so there is something to manage). */
const LIVE = ["active", "trialing", "past_due", "incomplete", "unpaid"];

/** The subscription the account page manages: the newest live one, paid states first. */
export async function managedSubscription(db: PrismaClient, subscriberId: string): Promise<Subscription | null> {
  const live = await db.subscription.findMany({ where: { subscriberId, status: { in: LIVE } }, orderBy: { createdAt: "desc" } });
  const rank = (s: Subscription) => (s.status === "active" || s.status === "trialing" ? 0 : s.status === "past_due" ? 1 : 2);
  return live.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

function needStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw new PaymentError(503, "Card payments are not configured on this server, so billing cannot be changed here.");
  return stripe;
}

function recorded(sub: Stripe.Subscription) {
  return { status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end, currentPeriodEnd: periodEndOf(sub) };
}

/** Cancel at the end of the paid period (true) or undo that (false). */
export async function setCancelAtPeriodEnd(deps: BillingDeps, subscriberId: string, cancelAtPeriodEnd: boolean): Promise<Subscription> {
  const sub = await managedSubscription(deps.db, subscriberId);
  if (!sub) throw new PaymentError(404, "There is no subscription on this account to change.");
  if (sub.provider === "paypal") {
    if (!cancelAtPeriodEnd) {
      throw new PaymentError(409, "A cancelled PayPal subscription cannot be resumed. When it ends, subscribe again from the pricing page.");
    }
    if (sub.cancelAtPeriodEnd) return sub;
    if (!deps.paypal) throw new PaymentError(503, "PayPal is not configured on this server, so this subscription cannot be cancelled here.");
    await deps.paypal.cancelSubscription(sub.providerSubscriptionId, "Cancelled by the subscriber from their account");
    // PayPal stops billing at once; access runs to the end of the period already paid.
    return deps.db.subscription.update({ where: { id: sub.id }, data: { cancelAtPeriodEnd: true } });
  }
  const stripe = needStripe(deps.stripe);
  if (sub.status === "incomplete") {
    throw new PaymentError(409, "This subscription's first payment has not completed, so there is nothing to cancel yet.");
  }
  const updated = await providerCall(() =>
    stripe.subscriptions.update(sub.providerSubscriptionId, { cancel_at_period_end: cancelAtPeriodEnd }, { idempotencyKey: `cancel-at-period-end:${sub.id}:${cancelAtPeriodEnd}:${deps.now.getTime()}` }),
  );
  return deps.db.subscription.update({ where: { id: sub.id }, data: recorded(updated) });
}

/** A Stripe customer portal session (change card, view invoices) -> its URL. */
export async function openBillingPortal(deps: BillingDeps, subscriberId: string, returnUrl: string): Promise<string> {
  const withCustomer = await deps.db.subscription.findFirst({
    where: { subscriberId, provider: "stripe", providerCustomerId: { not: null } },
    orderBy: { createdAt: "desc" },
  });
  if (!withCustomer?.providerCustomerId) {
    throw new PaymentError(404, "There is no card billing on this account yet: the card portal opens once you have paid by card.");
  }
  const stripe = needStripe(deps.stripe);
  const session = await providerCall(() => stripe.billingPortal.sessions.create({ customer: withCustomer.providerCustomerId as string, return_url: returnUrl }));
  return session.url;
}

export type PaidPlanId = Exclude<PlanId, "free-trial">;

/**
 * Moves a monthly card subscription to another plan. Stripe prorates: the unused part of
 * the old price is credited and the new price charged for the rest of the period on the
 * next invoice (proration_behavior create_prorations).
 */
export async function changePlan(deps: BillingDeps, subscriberId: string, planId: PaidPlanId): Promise<Subscription> {
  const sub = await managedSubscription(deps.db, subscriberId);
  if (!sub) throw new PaymentError(404, "There is no subscription on this account to change. Choose a plan on the pricing page.");
  if (sub.provider !== "stripe") {
    throw new PaymentError(409, "Plan changes with proration are for card subscriptions. Cancel the PayPal subscription and subscribe to the new plan when it ends.");
  }
  if (sub.status !== "active" && sub.status !== "trialing") {
    throw new PaymentError(409, "The plan can be changed once the subscription's payments are up to date.");
  }
  if (sub.planId === planId) throw new PaymentError(409, `You are already on the ${PLANS[planId].name}.`);
  const stripe = needStripe(deps.stripe);
  const plan = PLANS[planId];
  const current = await providerCall(() => stripe.subscriptions.retrieve(sub.providerSubscriptionId));
  const item = current.items.data[0];
  if (!item) throw new PaymentError(502, "The card provider returned a subscription without items.");
  const price = await findOrCreatePrice(stripe, plan);
  const updated = await providerCall(() =>
    stripe.subscriptions.update(
      sub.providerSubscriptionId,
      {
        items: [{ id: item.id, price: price.id }],
        proration_behavior: "create_prorations",
        metadata: { planId: plan.id },
      },
      { idempotencyKey: `plan-change:${sub.id}:${plan.id}:${deps.now.getTime()}` },
    ),
  );
  return deps.db.subscription.update({ where: { id: sub.id }, data: { planId: plan.id, ...recorded(updated) } });
}

/** Ends every live provider subscription of the account now (before its data is deleted). */
export async function cancelAllNow(deps: BillingDeps, subscriberId: string): Promise<number> {
  const live = await deps.db.subscription.findMany({ where: { subscriberId, status: { in: LIVE } } });
  let cancelled = 0;
  for (const sub of live) {
    if (sub.provider === "stripe") {
      const stripe = needStripe(deps.stripe);
      const ended = await providerCall(() => stripe.subscriptions.cancel(sub.providerSubscriptionId));
      await deps.db.subscription.update({
        where: { id: sub.id },
        data: { status: "canceled", endedAt: ended.ended_at ? new Date(ended.ended_at * 1000) : deps.now, cancelAtPeriodEnd: false },
      });
    } else if (sub.provider === "paypal") {
      if (!deps.paypal) throw new PaymentError(503, "PayPal is not configured on this server, so the PayPal subscription cannot be cancelled before deleting the account.");
      await deps.paypal.cancelSubscription(sub.providerSubscriptionId, "Account deleted by the subscriber");
      await deps.db.subscription.update({ where: { id: sub.id }, data: { status: "canceled", endedAt: deps.now } });
    }
    cancelled += 1;
  }
  return cancelled;
}
