import type * as React from "react";
import type { Stripe } from "@stripe/stripe-js";
import { ApiError, postJson } from "@/lib/http/client";
import type { CheckoutVariant } from "@/lib/payments/checkout-variants";
import type { CardCheckoutAction } from "../card-checkout-state";
import { focusEmailSoon } from "./step-heading";

type IntentResponse = { clientSecret?: string; paymentId?: string; kind?: "subscription" | "one-time" };
type AttemptResponse = { attempt?: string };
const NO_CACHE = { headers: { "Cache-Control": "no-cache" } };

/**
 * The server-issued checkout attempt (docs/billing.md "Card payments"): kept while the buyer
 * retries with the same email, so a retry reuses the server's idempotency keys; a new email
 * starts a new attempt. Never derived from the browser's clock.
 */
export type AttemptRef = React.RefObject<{ email: string; token: string } | null>;

/**
 * Step 2, the side effects: starts (or reuses) the checkout attempt, asks our API for the
 * payment intent and reports each answer to the checkout's reducer.
 */
export async function startPaymentIntent({
  email,
  planTag,
  variant,
  attempt,
  dispatch,
}: {
  email: string;
  planTag: string;
  variant: CheckoutVariant;
  attempt: AttemptRef;
  dispatch: React.Dispatch<CardCheckoutAction<Stripe>>;
}): Promise<void> {
  try {
    if (attempt.current?.email !== email) {
      const started = await postJson<AttemptResponse>("/api/checkout-attempt", {}, NO_CACHE);
      if (started.attempt) attempt.current = { email, token: started.attempt };
      dispatch({ type: "attempt-started", started: Boolean(started.attempt), at: Date.now() });
    }
    const intent = await postJson<IntentResponse>(
      "/api/create-payment-intent",
      {
        amount: variant.amountCents / 100,
        plan: planTag,
        email,
        ...(attempt.current ? { attempt: attempt.current.token } : {}),
        payment_method_types: ["card"],
      },
      NO_CACHE,
    );
    if (!intent.clientSecret) {
      dispatch({ type: "intent-missing", at: Date.now() });
      return;
    }
    dispatch({ type: "intent-ready", clientSecret: intent.clientSecret, paymentId: intent.paymentId, kind: intent.kind, at: Date.now() });
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    // An expired or refused attempt: the next press starts a new one.
    if (apiError?.status === 400 && apiError.errors.attempt) attempt.current = null;
    if (apiError?.status === 400 && apiError.errors.email) {
      dispatch({ type: "email-refused", message: apiError.errors.email, at: Date.now() });
      focusEmailSoon();
      return;
    }
    const message = apiError?.message || "the payment service did not answer. Please try again.";
    dispatch({ type: "intent-failed", status: apiError?.status, message, at: Date.now() });
  }
}
