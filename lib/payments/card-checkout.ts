import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { PrismaClient } from "@/lib/db/generated/client";
import { amountCentsOf, amountMatches, chargeableForTag, CURRENCY, type Chargeable, type Plan } from "@/lib/catalog";
import { PaymentError } from "./errors";
import type { CreatePaymentIntentInput } from "./schemas";
import { subscriberIdFor } from "./subscriber-link";

/**
 * Card checkout on the server. The browser names a plan tag and sends an amount; the
 * server prices the charge from the catalog and refuses (400, nothing created) an unknown
 * plan or an amount that disagrees. Monthly plans become a Stripe subscription that starts
 * incomplete: its first invoice's payment is what the card form confirms. The $1 test
 * payment is a one-time PaymentIntent. Every create call carries an idempotency key built
 * from the server-issued checkout attempt.
 */
export type CardCheckoutDeps = {
  db: PrismaClient;
  stripe: Stripe;
  now: Date;
  /** The signed-in subscriber, whose account the checkout joins (else the account of the email). */
  subscriberId?: string | null;
};

export type CardCheckoutResult = { clientSecret: string; paymentId: string; kind: "subscription" | "one-time" };

/** `pi_123_secret_abc` -> `pi_123`. */
export function paymentIntentIdFromSecret(clientSecret: string): string {
  const at = clientSecret.indexOf("_secret_");
  if (at <= 0) throw new PaymentError(502, "The card provider returned an unexpected payment secret.");
  return clientSecret.slice(0, at);
}

/** Prices a card checkout from the catalog: 400 (nothing created) for an unknown plan or an amount that disagrees. */
export function priceCardCheckout(input: Pick<CreatePaymentIntentInput, "plan" | "amount">): Chargeable {
  const item = chargeableForTag(input.plan);
  if (!item) throw new PaymentError(400, "Unknown plan.", { plan: "Unknown plan" });
  if (!amountMatches(item, input.amount)) {
    throw new PaymentError(400, "The amount does not match the price of this plan.", { amount: "Amount does not match the plan's price" });
  }
  return item;
}

/**
 * `attemptId`: the server-issued checkout attempt (lib/payments/checkout-attempt.ts); a
 * retry of the same attempt reuses the idempotency keys. Without one every call is a new
 * attempt. The browser's `timestamp` is never used.
 */
export async function createCardPayment(deps: CardCheckoutDeps, input: CreatePaymentIntentInput, attemptId?: string | null): Promise<CardCheckoutResult> {
  const item = priceCardCheckout(input);
  const attempt = attemptId ?? randomUUID();
  if (item.kind === "one-time") return createOneTimePayment(deps, input.email, item.product.id, amountCentsOf(item), attempt);
  return createSubscription(deps, input.email, item.plan, attempt);
}

async function createOneTimePayment(
  { db, stripe, now, subscriberId }: CardCheckoutDeps,
  email: string,
  itemId: string,
  amountCents: number,
  attempt: string,
): Promise<CardCheckoutResult> {
  const intent = await providerCall(() =>
    stripe.paymentIntents.create(
      {
        amount: amountCents,
        currency: CURRENCY.toLowerCase(),
        allowed_payment_method_types: ["card"],
        receipt_email: email,
        description: "TariffWatch test payment",
        metadata: { itemId, email },
      },
      { idempotencyKey: `one-time:${itemId}:${email}:${attempt}` },
    ),
  );
  if (!intent.client_secret) throw new PaymentError(502, "The card provider did not return a payment secret.");
  const owner = await subscriberIdFor(db, email, now, subscriberId);
  await db.payment.upsert({
    where: { provider_providerPaymentId: { provider: "stripe", providerPaymentId: intent.id } },
    create: { provider: "stripe", providerPaymentId: intent.id, email, itemId, kind: "one-time", amountCents, currency: CURRENCY, status: "pending", subscriberId: owner },
    update: {},
  });
  return { clientSecret: intent.client_secret, paymentId: intent.id, kind: "one-time" };
}

async function createSubscription(
  { db, stripe, now, subscriberId }: CardCheckoutDeps,
  email: string,
  plan: Plan,
  attempt: string,
): Promise<CardCheckoutResult> {
  const customer = await findOrCreateCustomer(stripe, email);
  const price = await findOrCreatePrice(stripe, plan);

  const subscription = await providerCall(() =>
    stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: ["card"] },
        expand: ["latest_invoice.confirmation_secret"],
        metadata: { planId: plan.id, email },
      },
      { idempotencyKey: `subscription:${customer.id}:${price.id}:${attempt}` },
    ),
  );
  const invoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
  const clientSecret = invoice?.confirmation_secret?.client_secret;
  if (!invoice || !clientSecret) throw new PaymentError(502, "The card provider did not return a payment secret.");
  const paymentIntentId = paymentIntentIdFromSecret(clientSecret);
  const owner = await subscriberIdFor(db, email, now, subscriberId);

  const stored = await db.subscription.upsert({
    where: { provider_providerSubscriptionId: { provider: "stripe", providerSubscriptionId: subscription.id } },
    create: {
      provider: "stripe",
      providerSubscriptionId: subscription.id,
      providerCustomerId: customer.id,
      email,
      planId: plan.id,
      status: subscription.status,
      currentPeriodEnd: periodEndOf(subscription),
      subscriberId: owner,
    },
    update: {},
  });
  await db.payment.upsert({
    where: { provider_providerPaymentId: { provider: "stripe", providerPaymentId: paymentIntentId } },
    create: {
      provider: "stripe",
      providerPaymentId: paymentIntentId,
      providerOrderId: invoice.id ?? null,
      email,
      itemId: plan.id,
      kind: "subscription",
      amountCents: plan.amountCents,
      currency: CURRENCY,
      status: "pending",
      subscriptionId: stored.id,
      subscriberId: owner,
    },
    update: {},
  });
  return { clientSecret, paymentId: paymentIntentId, kind: "subscription" };
}

/** Reuses the customer with this email, or creates one (idempotently). */
async function findOrCreateCustomer(stripe: Stripe, email: string): Promise<Stripe.Customer> {
  const existing = await providerCall(() => stripe.customers.list({ email, limit: 1 }));
  const found = existing.data[0];
  if (found) return found;
  return providerCall(() => stripe.customers.create({ email, metadata: { source: "tariffwatch" } }, { idempotencyKey: `customer:${email}` }));
}

/**
 * The monthly price of a plan, found by its lookup key (which names the amount, so a
 * catalog price change gets a new price) or created once.
 */
export function priceLookupKey(plan: Plan): string {
  return `tariffwatch_${plan.id}_${plan.amountCents}_${CURRENCY.toLowerCase()}_monthly`;
}

export async function findOrCreatePrice(stripe: Stripe, plan: Plan): Promise<Stripe.Price> {
  const lookupKey = priceLookupKey(plan);
  const existing = await providerCall(() => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }));
  const found = existing.data[0];
  if (found) return found;
  return providerCall(() =>
    stripe.prices.create(
      {
        unit_amount: plan.amountCents,
        currency: CURRENCY.toLowerCase(),
        recurring: { interval: "month" },
        lookup_key: lookupKey,
        product_data: { name: `TariffWatch ${plan.name}` },
      },
      { idempotencyKey: `price:${lookupKey}` },
    ),
  );
}

export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((i) => i.current_period_end).filter((n): n is number => typeof n === "number");
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

/** Provider failures become a 502 with the provider's message; our own errors pass through. */
export async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    console.error("[payments] card provider call failed:", message);
    throw new PaymentError(502, "The card provider could not be reached. Please try again in a moment.");
  }
}
