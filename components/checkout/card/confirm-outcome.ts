import type * as React from "react";
import type { Stripe } from "@stripe/stripe-js";
import { toast } from "@/components/ui/use-toast";
import {
  CARD_PAYMENT_FAILED_TITLE,
  cardErrorMessage,
  FORM_ERROR_TITLE,
  PAYMENT_ERROR_MESSAGE,
  PAYMENT_ERROR_TITLE,
  PAYMENT_FAILED_TITLE,
  PAYMENT_STATUS_UNCLEAR_MESSAGE,
  PAYMENT_STATUS_UNCLEAR_TITLE,
} from "@/lib/payments/card-errors";
import type { CheckoutVariant } from "@/lib/payments/checkout-variants";
import type { CardCheckoutAction } from "../card-checkout-state";
import type { ConfirmOutcome } from "../stripe-forms";

/**
 * Step 4: what a confirmation's outcome means for the buyer: a success (then `succeed`),
 * an unclear status, a form error, a decline, or a confirmation that threw. Each is
 * reported to the reducer and announced by a toast.
 */
export function reportConfirmOutcome(
  outcome: ConfirmOutcome,
  {
    variant,
    wallet,
    dispatch,
    succeed,
  }: {
    variant: CheckoutVariant;
    /** The wallet the page offers instead, named in card errors; null when none. */
    wallet: string | null;
    dispatch: React.Dispatch<CardCheckoutAction<Stripe>>;
    succeed: (paymentId: string) => void;
  },
): void {
  const at = Date.now();
  if (outcome.kind === "intent") {
    const { intent } = outcome;
    if (intent.status === "succeeded") {
      dispatch({ type: "payment-succeeded", paymentId: intent.id, status: intent.status, at });
      succeed(intent.id);
    } else {
      dispatch({ type: "payment-unclear", paymentId: intent.id, status: intent.status, at });
      toast({ title: PAYMENT_STATUS_UNCLEAR_TITLE, description: PAYMENT_STATUS_UNCLEAR_MESSAGE });
    }
    return;
  }
  if (outcome.kind === "form-error") {
    const message = cardErrorMessage(outcome.error, { wallet });
    dispatch({ type: "payment-form-error", message, detail: outcome.error.message ?? outcome.error.code ?? "invalid form", at });
    toast({ title: FORM_ERROR_TITLE, description: message, variant: "destructive" });
    return;
  }
  if (outcome.kind === "error") {
    const message = cardErrorMessage(outcome.error, { wallet });
    const { type, code } = outcome.error;
    dispatch({ type: "payment-failed", message, detail: `${type}${code ? ` / ${code}` : ""}: ${outcome.error.message ?? ""}`, at });
    toast({
      title: variant.secureCardOnly ? CARD_PAYMENT_FAILED_TITLE : PAYMENT_FAILED_TITLE,
      description: message,
      variant: "destructive",
    });
    return;
  }
  dispatch({ type: "payment-error", message: outcome.message, formError: `${PAYMENT_ERROR_TITLE}: ${PAYMENT_ERROR_MESSAGE}`, at });
  toast({ title: PAYMENT_ERROR_TITLE, description: PAYMENT_ERROR_MESSAGE, variant: "destructive" });
}
