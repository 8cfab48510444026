"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
// The "pure" entry loads Stripe.js only when loadStripe() is called, not on import.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { Stripe } from "@stripe/stripe-js";
import { toast } from "@/components/ui/use-toast";
import { postJson } from "@/lib/http/client";
import { emailField, EMAIL_MESSAGE } from "@/lib/validation/email";
import { useTypedBeforeHydration } from "@/components/forms/use-typed-before-hydration";
import { CHECKOUT_VARIANTS, type CheckoutVariantId } from "@/lib/payments/checkout-variants";
import {
  amountLabel as formatAmountLabel,
  amountString,
  CURRENCY_CODE,
  PAYMENT_SETUP_FAILED,
  successTitle,
  UNABLE_TO_LOAD_FORM,
  WALLET_NAME,
} from "./checkout-text";
import { DebugDump, DebugLogPanel } from "./debug-panel";
import { cardCheckoutReducer, currentPaymentId, initialCardCheckoutState, setupFailure } from "./card-checkout-state";
import { loadDemoCardForm } from "./demo-card-form";
import { ModeNote } from "./notices";
import { CardFormStep } from "./card/card-form-step";
import { reportConfirmOutcome } from "./card/confirm-outcome";
import { EmailStep } from "./card/email-step";
import { PreparingStep, SetupFailure, SucceededStep, UnclearStep } from "./card/outcome-steps";
import { startPaymentIntent, type AttemptRef } from "./card/start-intent";
import { EMAIL_FIELD_ID, focusEmailSoon } from "./card/step-heading";

/**
 * The card checkout: email -> creating the payment intent -> card form -> processing ->
 * succeeded (toast, redirect to /alerts) or failed (message, retry). Stripe.js starts
 * loading when the page opens, so a provider that cannot be reached is reported at once.
 * Its state is one reducer (card-checkout-state.ts); each step's view and side effects
 * live in ./card/, and this component wires them together.
 */

export type CardCheckoutProps = {
  variantId: CheckoutVariantId;
  publishableKey: string;
  live: boolean;
  businessName: string;
  /** The page can offer the wallet: card errors suggest it. */
  walletHint: boolean;
  /** Demo payments: the stand-in card form to load first (docs/billing.md "Demo payments"). */
  demo?: { scriptUrl: string; confirmUrl: string } | null;
};

export function CardCheckout({ variantId, publishableKey, live, businessName, walletHint, demo = null }: CardCheckoutProps) {
  const variant = CHECKOUT_VARIANTS[variantId];
  const router = useRouter();
  const planTag = variant.planTag;
  const amount = formatAmountLabel(variant.amountCents);
  const wallet = walletHint ? WALLET_NAME : null;

  const [state, dispatch] = React.useReducer(cardCheckoutReducer<Stripe>, live, (isLive: boolean) =>
    initialCardCheckoutState<Stripe>({ live: isLive, at: Date.now() }),
  );
  useTypedBeforeHydration(EMAIL_FIELD_ID, (value) => dispatch({ type: "email-typed", value }));
  const { stripeLoad, phase, emailInput, email, emailError, processing, formError, interacted, debugStatus, lastStatus, logs } = state;
  const redirectTimer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const attemptRef: AttemptRef = React.useRef<{ email: string; token: string } | null>(null);

  const demoScript = demo?.scriptUrl ?? null;
  const demoConfirm = demo?.confirmUrl ?? null;
  React.useEffect(() => {
    let active = true;
    const ready = demoScript && demoConfirm ? loadDemoCardForm(demoScript, demoConfirm) : Promise.resolve();
    ready
      .then(() => loadStripe(publishableKey))
      .then(
        (stripe) => {
          if (active) dispatch({ type: "stripe-loaded", stripe, at: Date.now() });
        },
        (error: unknown) => {
          if (active) dispatch({ type: "stripe-failed", error: error instanceof Error ? error.message : String(error), at: Date.now() });
        },
      );
    return () => {
      active = false;
    };
  }, [publishableKey, demoScript, demoConfirm]);

  React.useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  async function onEmailSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailField.safeParse(emailInput);
    if (!parsed.success) {
      dispatch({ type: "email-invalid", message: parsed.error.issues[0]?.message ?? EMAIL_MESSAGE });
      focusEmailSoon();
      return;
    }
    if (!planTag) {
      dispatch({ type: "email-submitted" });
      return;
    }
    dispatch({ type: "intent-requested", email: parsed.data, planTag, amount, at: Date.now() });
    await startPaymentIntent({ email: parsed.data, planTag, variant, attempt: attemptRef, dispatch });
  }

  function succeed(paymentId: string) {
    toast({ title: successTitle(variant), description: "Taking you to your alerts dashboard...", variant: "success" });
    postJson("/api/send-payment-confirmation", {
      paymentId,
      amount: amountString(variant.amountCents),
      currency: CURRENCY_CODE,
      method: "Credit/Debit Card",
    }).catch((error: unknown) => console.error("Payment confirmation email request failed", error));
    redirectTimer.current = setTimeout(() => router.push("/alerts"), variant.redirectDelayMs);
  }

  const failed = setupFailure(state);

  const announcement = failed
    ? variant.secureCardOnly
      ? PAYMENT_SETUP_FAILED
      : UNABLE_TO_LOAD_FORM
    : phase.name === "creating"
      ? "Preparing your secure payment form..."
      : processing
        ? "Processing Payment..."
        : ""; // outcomes are announced by their toast and take focus

  const returnUrl = typeof window === "undefined" ? "" : `${window.location.origin}/payment-success${variant.plan ? `?plan=${variant.plan.id}` : ""}`;

  let body: React.ReactNode;
  if (failed) {
    body = <SetupFailure message={failed} secureCardOnly={variant.secureCardOnly} focus={interacted} />;
  } else if (phase.name === "email") {
    body = (
      <EmailStep value={emailInput} error={emailError} onType={(value) => dispatch({ type: "email-typed", value })} onSubmit={onEmailSubmit} />
    );
  } else if (phase.name === "form" && stripeLoad.status === "ready") {
    body = (
      <CardFormStep
        stripe={stripeLoad.stripe}
        cardElement={variant.cardElement}
        focus={interacted}
        onChangeEmail={() => {
          dispatch({ type: "change-email" });
          focusEmailSoon();
        }}
        form={{
          email,
          clientSecret: phase.clientSecret,
          returnUrl,
          businessName,
          amountLabel: amount,
          processing,
          error: formError,
          onStart: () => dispatch({ type: "payment-started", at: Date.now() }),
          onOutcome: (outcome) => reportConfirmOutcome(outcome, { variant, wallet, dispatch, succeed }),
          onLoadError: () => dispatch({ type: "card-form-failed", at: Date.now() }),
          onReady: () => dispatch({ type: "card-form-ready", at: Date.now() }),
          log: (message) => dispatch({ type: "log", area: "payment", message, at: Date.now() }),
        }}
      />
    );
  } else if (phase.name === "creating" || phase.name === "form") {
    body = <PreparingStep />;
  } else if (phase.name === "succeeded") {
    body = <SucceededStep title={successTitle(variant)} />;
  } else {
    body = <UnclearStep />;
  }

  return (
    <div className="grid gap-6">
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {body}
      {!failed && phase.name !== "succeeded" ? <ModeNote live={live} demo={Boolean(demo)} /> : null}
      {variant.debugDump ? (
        <DebugDump
          state={{
            plan: planTag,
            amount: amountString(variant.amountCents),
            currency: CURRENCY_CODE,
            paymentId: currentPaymentId(state),
            kind: phase.name === "form" ? phase.kind : null,
            status: lastStatus,
            step: failed ? "setup-failed" : phase.name,
            stripeJs: stripeLoad.status,
            publishableKeyMode: live ? "live" : "test",
          }}
        />
      ) : null}
      {variant.debugLog ? <DebugLogPanel status={debugStatus} entries={logs} /> : null}
    </div>
  );
}
