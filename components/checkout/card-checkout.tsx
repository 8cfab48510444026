"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Elements } from "@stripe/react-stripe-js";
// The "pure" entry loads Stripe.js only when loadStripe() is called, not on import.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { Stripe, StripeElementsOptions } from "@stripe/stripe-js";
import { CheckCircle2, HelpCircle, Loader2, RotateCw, XCircle } from "lucide-react";
import { SubmitButton } from "@/components/forms/submit-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { Field } from "@/components/forms/field";
import { ApiError, postJson } from "@/lib/http/client";
import { emailField, EMAIL_MESSAGE } from "@/lib/validation/email";
import { useTypedBeforeHydration } from "@/components/forms/use-typed-before-hydration";
import { CHECKOUT_VARIANTS, type CheckoutVariantId } from "@/lib/payments/checkout-variants";
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
import {
  amountLabel as formatAmountLabel,
  amountString,
  CURRENCY_CODE,
  PAYMENT_SETUP_FAILED,
  successTitle,
  UNABLE_TO_LOAD_FORM,
  WALLET_NAME,
} from "./checkout-text";
import { CardElementForm, PaymentElementForm, type ConfirmOutcome } from "./stripe-forms";
import { DebugDump, DebugLogPanel } from "./debug-panel";
import { cardCheckoutReducer, currentPaymentId, initialCardCheckoutState, setupFailure } from "./card-checkout-state";
import { loadDemoCardForm } from "./demo-card-form";
import { ModeNote } from "./notices";

/**
 * The card checkout: email -> creating the payment intent -> card form -> processing ->
 * succeeded (toast, redirect to /alerts) or failed (message, retry). Stripe.js starts
 * loading when the page opens, so a provider that cannot be reached is reported at once.
 * Its state is one reducer (card-checkout-state.ts); this component runs the side effects.
 */

type IntentResponse = { clientSecret?: string; paymentId?: string; kind?: "subscription" | "one-time" };
type AttemptResponse = { attempt?: string };

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

const EMAIL_FIELD_ID = "checkout-email";

/** Moves focus to the email field once it is back on screen. */
function focusEmailSoon() {
  setTimeout(() => document.getElementById(EMAIL_FIELD_ID)?.focus(), 0);
}

/** A heading that takes focus when it appears after something the buyer did. */
function StepHeading({ focus, children, id }: { focus: boolean; children: React.ReactNode; id?: string }) {
  const ref = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h3 ref={ref} id={id} tabIndex={-1} className="text-lg font-semibold text-brand-navy focus:outline-none">
      {children}
    </h3>
  );
}

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
  /**
   * The server-issued checkout attempt (docs/billing.md "Card payments"): kept while the buyer retries with
   * the same email, so a retry reuses the server's idempotency keys; a new email starts a
   * new attempt. Never derived from the browser's clock.
   */
  const attemptRef = React.useRef<{ email: string; token: string } | null>(null);

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
    try {
      if (attemptRef.current?.email !== parsed.data) {
        const started = await postJson<AttemptResponse>("/api/checkout-attempt", {}, { headers: { "Cache-Control": "no-cache" } });
        if (started.attempt) attemptRef.current = { email: parsed.data, token: started.attempt };
        dispatch({ type: "attempt-started", started: Boolean(started.attempt), at: Date.now() });
      }
      const intent = await postJson<IntentResponse>(
        "/api/create-payment-intent",
        {
          amount: variant.amountCents / 100,
          plan: planTag,
          email: parsed.data,
          ...(attemptRef.current ? { attempt: attemptRef.current.token } : {}),
          payment_method_types: ["card"],
        },
        { headers: { "Cache-Control": "no-cache" } },
      );
      if (!intent.clientSecret) {
        dispatch({ type: "intent-missing", at: Date.now() });
        return;
      }
      dispatch({ type: "intent-ready", clientSecret: intent.clientSecret, paymentId: intent.paymentId, kind: intent.kind, at: Date.now() });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      // An expired or refused attempt: the next press starts a new one.
      if (apiError?.status === 400 && apiError.errors.attempt) attemptRef.current = null;
      if (apiError?.status === 400 && apiError.errors.email) {
        dispatch({ type: "email-refused", message: apiError.errors.email, at: Date.now() });
        focusEmailSoon();
        return;
      }
      const message = apiError?.message || "the payment service did not answer. Please try again.";
      dispatch({ type: "intent-failed", status: apiError?.status, message, at: Date.now() });
    }
  }

  function onStart() {
    dispatch({ type: "payment-started", at: Date.now() });
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

  function onOutcome(outcome: ConfirmOutcome) {
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
      <form noValidate onSubmit={onEmailSubmit} className="grid gap-4" data-testid="email-step">
        <Field id={EMAIL_FIELD_ID} label="Email address" error={emailError}>
          {(a11y) => (
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={emailInput}
              onChange={(e) => dispatch({ type: "email-typed", value: e.target.value })}
              {...a11y}
              aria-describedby={[a11y["aria-describedby"], "checkout-email-hint"].filter(Boolean).join(" ")}
            />
          )}
        </Field>
        <p id="checkout-email-hint" className="-mt-2 text-sm text-muted-foreground">
          Your receipt and your alerts go to this address.
        </p>
        <SubmitButton size="lg" className="w-full">
          Continue to payment
        </SubmitButton>
      </form>
    );
  } else if (phase.name === "creating" || (phase.name === "form" && stripeLoad.status !== "ready")) {
    body = (
      <p className="flex items-center gap-2 py-6 text-sm text-slate-700" data-testid="card-loading">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Preparing your secure payment form...
      </p>
    );
  } else if (phase.name === "form" && stripeLoad.status === "ready") {
    const elementsOptions: StripeElementsOptions | undefined =
      variant.cardElement === "payment"
        ? {
            clientSecret: phase.clientSecret,
            appearance: {
              theme: "stripe",
              variables: { colorPrimary: "#1d4ed8", colorDanger: "#b91c1c", colorText: "#0f172a", borderRadius: "6px" },
            },
          }
        : undefined;
    const Form = variant.cardElement === "card" ? CardElementForm : PaymentElementForm;
    body = (
      <div className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <StepHeading focus={interacted}>Card details</StepHeading>
          <p className="text-sm text-slate-700">
            Paying as <strong data-testid="paying-as">{email}</strong>{" "}
            <Button
              type="button"
              variant="link"
              className="h-auto p-0 text-sm"
              disabled={processing}
              onClick={() => {
                dispatch({ type: "change-email" });
                focusEmailSoon();
              }}
            >
              Change<span className="sr-only"> email address</span>
            </Button>
          </p>
        </div>
        <Elements key={phase.clientSecret} stripe={stripeLoad.stripe} options={elementsOptions}>
          <Form
            email={email}
            clientSecret={phase.clientSecret}
            returnUrl={returnUrl}
            businessName={businessName}
            amountLabel={amount}
            processing={processing}
            error={formError}
            onStart={onStart}
            onOutcome={onOutcome}
            onLoadError={() => dispatch({ type: "card-form-failed", at: Date.now() })}
            onReady={() => dispatch({ type: "card-form-ready", at: Date.now() })}
            log={(message) => dispatch({ type: "log", area: "payment", message, at: Date.now() })}
          />
        </Elements>
      </div>
    );
  } else if (phase.name === "succeeded") {
    body = (
      <div className="grid gap-3 py-2 text-center" data-testid="payment-succeeded">
        <CheckCircle2 aria-hidden className="mx-auto size-12 text-success" />
        <StepHeading focus>{successTitle(variant)}</StepHeading>
        <p className="text-sm text-slate-700">Taking you to your alerts dashboard...</p>
        <Button asChild variant="outline">
          <Link href="/alerts">Go to my alerts now</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-3 py-2" data-testid="payment-unclear">
        <div className="flex items-center gap-2">
          <HelpCircle aria-hidden className="size-6 text-amber-700" />
          <StepHeading focus>{PAYMENT_STATUS_UNCLEAR_TITLE}</StepHeading>
        </div>
        <p className="text-sm text-slate-700">{PAYMENT_STATUS_UNCLEAR_MESSAGE}</p>
        <Button asChild variant="outline">
          <Link href="/">Back to Home</Link>
        </Button>
      </div>
    );
  }

  const paymentId = currentPaymentId(state);

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
            paymentId,
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

/** Stripe.js or the payment intent could not be set up. */
function SetupFailure({ message, secureCardOnly, focus }: { message: string; secureCardOnly: boolean; focus: boolean }) {
  return (
    <div className="grid gap-4 rounded-lg border border-red-300 bg-red-50 p-5" data-testid="card-setup-failed">
      <div className="flex items-center gap-2 text-red-900">
        <XCircle aria-hidden className="size-6 shrink-0" />
        <StepHeading focus={focus}>{secureCardOnly ? PAYMENT_SETUP_FAILED : UNABLE_TO_LOAD_FORM}</StepHeading>
      </div>
      <p className="text-sm text-red-950">{message}</p>
      <div className="flex flex-wrap gap-3">
        {secureCardOnly ? (
          <>
            <Button asChild>
              <Link href="/checkout-paypal-primary">Pay with {WALLET_NAME} instead</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/">Back to Home</Link>
            </Button>
          </>
        ) : (
          <>
            <Button type="button" onClick={() => window.location.reload()}>
              <RotateCw aria-hidden /> Reload page
            </Button>
            <Button asChild variant="outline">
              <Link href="/">Return Home</Link>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
