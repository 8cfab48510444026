"use client";

import * as React from "react";
import { CardElement, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type {
  PaymentIntent,
  StripeCardElementOptions,
  StripeError,
  StripePaymentElementOptions,
} from "@stripe/stripe-js";
import { Loader2, Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";

/**
 * The two card forms, rendered inside <Elements>: the Payment Element (most pages) and
 * the single legacy Card Element (/checkout-simple-card). They collect the card and
 * confirm with Stripe.js; the checkout (card-checkout.tsx) decides what each outcome means.
 */

export type ConfirmOutcome =
  | { kind: "form-error"; error: StripeError }
  | { kind: "error"; error: StripeError }
  | { kind: "intent"; intent: PaymentIntent }
  | { kind: "exception"; message: string };

export type CardFormProps = {
  email: string;
  clientSecret: string;
  /** Where Stripe sends the buyer back after a redirect-based confirmation. */
  returnUrl: string;
  businessName: string;
  amountLabel: string;
  processing: boolean;
  /** Last failure, shown under the form until the next attempt. */
  error: string | null;
  onStart: () => void;
  onOutcome: (outcome: ConfirmOutcome) => void;
  onLoadError: () => void;
  onReady: () => void;
  log: (message: string) => void;
};

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Unexpected error";
}

function SubmitButton({ ready, processing, amountLabel }: { ready: boolean; processing: boolean; amountLabel: string }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={!ready || processing} data-testid="pay-button">
      {processing ? (
        <>
          <Loader2 aria-hidden className="animate-spin" /> Processing Payment...
        </>
      ) : ready ? (
        <>
          <Lock aria-hidden /> Pay {amountLabel}
        </>
      ) : (
        <>
          <Loader2 aria-hidden className="animate-spin" /> Loading card form...
        </>
      )}
    </Button>
  );
}

function FormError({ error }: { error: string | null }) {
  return error ? (
    // Announced by the toast; kept here so the reason stays on screen until the next attempt.
    <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900" data-testid="payment-error">
      {error}
    </p>
  ) : null;
}

/** Payment Element: billing details hidden (the email comes from our own field), no phone wallets. */
export function PaymentElementForm(props: CardFormProps) {
  const { email, returnUrl, businessName, amountLabel, processing, error, onStart, onOutcome, onLoadError, onReady, log } = props;
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = React.useState(false);

  const options = React.useMemo<StripePaymentElementOptions>(
    () => ({
      business: { name: businessName },
      layout: "tabs",
      fields: { billingDetails: { email: "never", name: "auto", phone: "auto", address: "if_required" } },
      wallets: { applePay: "never", googlePay: "never", link: "never" },
    }),
    [businessName],
  );

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    onStart();
    try {
      log("Validating the form (elements.submit)");
      const submitted = await elements.submit();
      if (submitted.error) {
        onOutcome({ kind: "form-error", error: submitted.error });
        return;
      }
      log("Confirming the payment with Stripe");
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl, payment_method_data: { billing_details: { email } } },
        redirect: "if_required",
      });
      onOutcome(result.error ? { kind: "error", error: result.error } : { kind: "intent", intent: result.paymentIntent });
    } catch (caught) {
      onOutcome({ kind: "exception", message: messageOf(caught) });
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" data-testid="card-form" aria-busy={processing}>
      <PaymentElement
        id="payment-element"
        options={options}
        onReady={() => {
          setReady(true);
          onReady();
        }}
        onLoadError={onLoadError}
      />
      <FormError error={error} />
      <SubmitButton ready={ready && Boolean(stripe && elements)} processing={processing} amountLabel={amountLabel} />
    </form>
  );
}

const cardElementOptions: StripeCardElementOptions = {
  hidePostalCode: false,
  disableLink: true,
  style: {
    base: { fontSize: "16px", color: "#0f172a", fontFamily: "system-ui, sans-serif", "::placeholder": { color: "#64748b" } },
    invalid: { color: "#b91c1c" },
  },
};

/** The single legacy Card Element (/checkout-simple-card), confirmed with confirmCardPayment. */
export function CardElementForm(props: CardFormProps) {
  const { email, clientSecret, amountLabel, processing, error, onStart, onOutcome, onReady, log } = props;
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = React.useState(false);
  const [fieldError, setFieldError] = React.useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    const card = elements.getElement(CardElement);
    if (!card) {
      onOutcome({ kind: "exception", message: "Card element not found" });
      return;
    }
    onStart();
    try {
      log("Confirming the card payment with Stripe");
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: { email } } });
      onOutcome(result.error ? { kind: "error", error: result.error } : { kind: "intent", intent: result.paymentIntent });
    } catch (caught) {
      onOutcome({ kind: "exception", message: messageOf(caught) });
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" data-testid="card-form" aria-busy={processing}>
      <div className="grid gap-2">
        <Label id="card-element-label">Card details</Label>
        <div
          role="group"
          aria-labelledby="card-element-label"
          aria-describedby={fieldError ? "card-element-error" : undefined}
          className="rounded-md border border-input bg-background px-3 py-3 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring"
        >
          <CardElement
            id="card-element"
            options={cardElementOptions}
            onReady={() => {
              setReady(true);
              onReady();
            }}
            onChange={(event) => setFieldError(event.error?.message ?? null)}
          />
        </div>
        {fieldError ? (
          <p id="card-element-error" className="text-sm font-medium text-destructive">
            {fieldError}
          </p>
        ) : null}
      </div>
      <FormError error={error} />
      <SubmitButton ready={ready && Boolean(stripe && elements)} processing={processing} amountLabel={amountLabel} />
    </form>
  );
}
