"use client";

import { Elements } from "@stripe/react-stripe-js";
import type { Stripe, StripeElementsOptions } from "@stripe/stripe-js";
import { Button } from "@/components/ui/button";
import type { CheckoutVariant } from "@/lib/payments/checkout-variants";
import { CardElementForm, PaymentElementForm, type CardFormProps } from "../stripe-forms";
import { StepHeading } from "./step-heading";

/** Stripe Elements' look, matched to the product's colours. */
const APPEARANCE: StripeElementsOptions["appearance"] = {
  theme: "stripe",
  variables: { colorPrimary: "#1d4ed8", colorDanger: "#b91c1c", colorText: "#0f172a", borderRadius: "6px" },
};

/**
 * Step 3: the card form for the created payment intent, under "Paying as <email>" with a
 * way back to the email step while no payment is in flight.
 */
export function CardFormStep({
  stripe,
  cardElement,
  focus,
  onChangeEmail,
  form,
}: {
  stripe: Stripe | null;
  cardElement: CheckoutVariant["cardElement"];
  /** The heading takes focus (the buyer pressed something to get here). */
  focus: boolean;
  onChangeEmail: () => void;
  form: CardFormProps;
}) {
  const elementsOptions: StripeElementsOptions | undefined =
    cardElement === "payment" ? { clientSecret: form.clientSecret, appearance: APPEARANCE } : undefined;
  const Form = cardElement === "card" ? CardElementForm : PaymentElementForm;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <StepHeading focus={focus}>Card details</StepHeading>
        <p className="text-sm text-slate-700">
          Paying as <strong data-testid="paying-as">{form.email}</strong>{" "}
          <Button type="button" variant="link" className="h-auto p-0 text-sm" disabled={form.processing} onClick={onChangeEmail}>
            Change<span className="sr-only"> email address</span>
          </Button>
        </p>
      </div>
      <Elements key={form.clientSecret} stripe={stripe} options={elementsOptions}>
        <Form {...form} />
      </Elements>
    </div>
  );
}
