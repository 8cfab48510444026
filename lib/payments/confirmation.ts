import type Stripe from "stripe";
import type { Payment, PrismaClient } from "@/lib/db/generated/client";
import { formatPrice, PLANS, PRODUCTS } from "@/lib/catalog";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { queueEmail, type EmailLogger } from "@/lib/email/outbox";
import { markTrialConverted } from "./conversions";
import { PaymentError } from "./errors";

/**
 * The payment confirmation email. Keeps the spec's call (paymentId, amount, currency,
 * method) but trusts none of the browser's figures: it looks the payment up, confirms
 * with the provider that it succeeded, states the amount actually captured, and sends
 * at most once per payment however often it is called.
 */
export type ConfirmationDeps = {
  db: PrismaClient;
  stripe: Stripe | null;
  siteUrl: string;
  supportEmail: string;
  logger?: EmailLogger;
};

const ITEM_NAMES: Record<string, string> = {
  ...Object.fromEntries(Object.values(PLANS).map((p) => [p.id, p.name])),
  ...Object.fromEntries(Object.values(PRODUCTS).map((p) => [p.id, p.name])),
};

async function findPayment(db: PrismaClient, paymentId: string): Promise<Payment | null> {
  return db.payment.findFirst({
    // Refund and dispute rows point at the payment by providerOrderId: they are not receipts.
    where: { OR: [{ providerPaymentId: paymentId }, { providerOrderId: paymentId }], kind: { notIn: ["refund", "dispute"] } },
    orderBy: { createdAt: "asc" },
  });
}

/** A card payment the webhook has not reported yet: ask Stripe. */
async function refreshFromStripe(db: PrismaClient, stripe: Stripe, payment: Payment): Promise<Payment> {
  if (payment.provider !== "stripe" || !payment.providerPaymentId.startsWith("pi_")) return payment;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(payment.providerPaymentId);
  } catch (error) {
    console.error("[payments] could not check payment with the card provider:", error instanceof Error ? error.message : error);
    throw new PaymentError(502, "The card provider could not be reached. Please try again in a moment.");
  }
  if (intent.status !== "succeeded") return payment;
  const updated = await db.payment.update({
    where: { id: payment.id },
    data: { status: "succeeded", amountCents: intent.amount_received || payment.amountCents },
  });
  if (updated.email) await markTrialConverted(db, updated.email);
  return updated;
}

/** The email of the account the payment joined (the payment's own email when not linked). */
async function accountEmailOf(db: PrismaClient, payment: Payment): Promise<string | undefined> {
  if (payment.subscriberId) {
    const subscriber = await db.subscriber.findUnique({ where: { id: payment.subscriberId }, select: { email: true } });
    if (subscriber) return subscriber.email;
  }
  return payment.email ?? undefined;
}

export async function sendPaymentConfirmation(
  deps: ConfirmationDeps,
  paymentId: string,
  now: Date,
): Promise<{ sent: boolean; duplicate: boolean; amount: string }> {
  let payment = await findPayment(deps.db, paymentId);
  if (!payment) throw new PaymentError(404, "Unknown payment.");
  if (payment.status !== "succeeded" && deps.stripe) payment = await refreshFromStripe(deps.db, deps.stripe, payment);
  if (payment.status !== "succeeded") throw new PaymentError(409, "This payment has not completed, so no confirmation was sent.");
  if (!payment.email) throw new PaymentError(409, "This payment has no email address to confirm to.");

  const amount = formatPrice(payment.amountCents, { cents: true });
  // Recorded under the payment's key (the payment row exists already), delivered after the
  // request (docs/email.md, "Sending").
  const { email, duplicate } = await queueEmail(
    deps.db,
    {
      to: payment.email,
      template: "payment-confirmation",
      props: {
        itemName: ITEM_NAMES[payment.itemId] ?? "TariffWatch purchase",
        amount,
        method: payment.provider === "paypal" ? "PayPal" : "Credit/Debit Card",
        reference: payment.providerPaymentId,
        paidOn: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(now),
        recurring: payment.kind === "subscription",
        supportEmail: deps.supportEmail,
        siteUrl: deps.siteUrl,
        accountEmail: await accountEmailOf(deps.db, payment),
      },
      idempotencyKey: `payment-confirmation:${payment.id}`,
    },
    { logger: deps.logger },
  );
  deliverSoon(deps.db, [email], { logger: deps.logger });
  return { sent: true, duplicate, amount };
}
