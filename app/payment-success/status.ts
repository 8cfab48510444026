import { timingSafeEqual } from "node:crypto";
import type Stripe from "stripe";

/**
 * What /payment-success shows (docs/billing.md "Card payments"): the real status of the PaymentIntent named
 * in the return URL (`payment_intent`), retrieved from Stripe on the server, and only when
 * the URL's `payment_intent_client_secret` is that intent's secret (so nobody reads someone
 * else's payment by guessing an id). Without both, or when Stripe cannot be asked, the status
 * is "unknown": the page never says "success" by default.
 */
export type ReturnStatus = "succeeded" | "processing" | "requires_action" | "failed" | "unknown";

const INTENT_ID = /^pi_[A-Za-z0-9]{1,200}$/;
const SECRET = /^pi_[A-Za-z0-9]{1,200}_secret_[A-Za-z0-9]{1,200}$/;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Stripe's PaymentIntent statuses, as the buyer should read them after the redirect. */
export function statusOfIntent(status: Stripe.PaymentIntent.Status): ReturnStatus {
  switch (status) {
    case "succeeded":
      return "succeeded";
    case "processing":
      return "processing";
    case "requires_action":
    case "requires_confirmation":
    case "requires_capture":
      return "requires_action";
    case "requires_payment_method":
    case "canceled":
      return "failed";
    default:
      return "unknown";
  }
}

export async function paymentReturnStatus(
  stripe: Stripe | null,
  params: { paymentIntent?: string; clientSecret?: string },
): Promise<{ status: ReturnStatus; reference: string | null }> {
  const { paymentIntent, clientSecret } = params;
  if (!paymentIntent || !clientSecret || !INTENT_ID.test(paymentIntent) || !SECRET.test(clientSecret)) return { status: "unknown", reference: null };
  if (!clientSecret.startsWith(`${paymentIntent}_secret_`) || !stripe) return { status: "unknown", reference: null };
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(paymentIntent);
  } catch (error) {
    console.error("[payment-success] could not retrieve the payment:", error instanceof Error ? error.message : error);
    return { status: "unknown", reference: null };
  }
  if (!intent.client_secret || !sameSecret(intent.client_secret, clientSecret)) return { status: "unknown", reference: null };
  return { status: statusOfIntent(intent.status), reference: intent.id };
}
