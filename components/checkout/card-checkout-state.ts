import type { Stripe } from "@stripe/stripe-js";
import type { DebugStatus, LogArea, LogEntry } from "./debug-panel";
import { FAILED_TO_LOAD_FORM } from "./checkout-text";

/**
 * The card checkout's state (components/checkout/card-checkout.tsx) as one reducer
 * (docs/billing.md "Card payments"): email -> creating the payment intent -> card form -> processing ->
 * succeeded, unclear or failed. The reducer is pure: every action that writes to the
 * diagnostics log carries its own timestamp, and the side effects (requests to our API,
 * Stripe.js, toasts, the redirect, focus) stay in the component.
 */

export type StripeLoad<S = Stripe> = { status: "loading" } | { status: "ready"; stripe: S } | { status: "failed" };

export type CheckoutPhase =
  | { name: "email" }
  | { name: "creating" }
  | { name: "form"; clientSecret: string; paymentId: string; kind: string }
  | { name: "succeeded"; paymentId: string }
  | { name: "unclear"; paymentId: string; status: string }
  | { name: "setup-failed"; message: string };

export type CardCheckoutState<S = Stripe> = {
  stripeLoad: StripeLoad<S>;
  phase: CheckoutPhase;
  /** What the email field shows. */
  emailInput: string;
  /** The address the payment intent was created for (shown as "Paying as"). */
  email: string;
  emailError: string | undefined;
  /** A confirmation is in flight: the pay and "Change" buttons are disabled. */
  processing: boolean;
  /** The last payment failure, shown under the card form until the next attempt. */
  formError: string | null;
  /** The buyer has pressed something: headings that appear afterwards take focus. */
  interacted: boolean;
  debugStatus: DebugStatus;
  /** The last payment status Stripe reported (the admin state dump). */
  lastStatus: string | null;
  logs: LogEntry[];
};

export type CardCheckoutAction<S = Stripe> =
  | { type: "stripe-loaded"; stripe: S | null; at: number }
  | { type: "stripe-failed"; error: string; at: number }
  | { type: "log"; area: LogArea; message: string; at: number }
  | { type: "email-typed"; value: string }
  /** The Continue button was pressed (before the address is checked). */
  | { type: "email-submitted" }
  | { type: "email-invalid"; message: string }
  | { type: "intent-requested"; email: string; planTag: string; amount: string; at: number }
  | { type: "attempt-started"; started: boolean; at: number }
  | { type: "email-refused"; message: string; at: number }
  | { type: "intent-ready"; clientSecret: string; paymentId: string | undefined; kind: string | undefined; at: number }
  | { type: "intent-missing"; at: number }
  | { type: "intent-failed"; status: number | undefined; message: string; at: number }
  | { type: "change-email" }
  | { type: "card-form-ready"; at: number }
  | { type: "card-form-failed"; at: number }
  | { type: "payment-started"; at: number }
  | { type: "payment-succeeded"; paymentId: string; status: string; at: number }
  | { type: "payment-unclear"; paymentId: string; status: string; at: number }
  /** The form did not validate (elements.submit): nothing was charged. */
  | { type: "payment-form-error"; message: string; detail: string; at: number }
  /** Stripe declined or failed the confirmation. */
  | { type: "payment-failed"; message: string; detail: string; at: number }
  /** The confirmation threw. */
  | { type: "payment-error"; message: string; formError: string; at: number };

export function initialCardCheckoutState<S = Stripe>({ live, at }: { live: boolean; at: number }): CardCheckoutState<S> {
  return {
    stripeLoad: { status: "loading" },
    phase: { name: "email" },
    emailInput: "",
    email: "",
    emailError: undefined,
    processing: false,
    formError: null,
    interacted: false,
    debugStatus: "idle",
    lastStatus: null,
    logs: [{ id: 0, at, area: "setup", message: `Loading Stripe.js (${live ? "live" : "test"} mode)` }],
  };
}

function withLog<S>(state: CardCheckoutState<S>, area: LogArea, message: string, at: number): CardCheckoutState<S> {
  return { ...state, logs: [...state.logs, { id: state.logs.length, at, area, message }] };
}

export function cardCheckoutReducer<S>(state: CardCheckoutState<S>, action: CardCheckoutAction<S>): CardCheckoutState<S> {
  switch (action.type) {
    case "stripe-loaded":
      return withLog(
        { ...state, stripeLoad: action.stripe ? { status: "ready", stripe: action.stripe } : { status: "failed" } },
        "setup",
        action.stripe ? "Stripe.js loaded" : "Stripe.js did not start (no Stripe object)",
        action.at,
      );
    case "stripe-failed":
      return withLog({ ...state, stripeLoad: { status: "failed" } }, "setup", `Stripe.js failed to load: ${action.error}`, action.at);
    case "log":
      return withLog(state, action.area, action.message, action.at);
    case "email-typed":
      return { ...state, emailInput: action.value };
    case "email-submitted":
      return { ...state, interacted: true };
    case "email-invalid":
      return { ...state, interacted: true, emailError: action.message };
    case "intent-requested":
      return withLog(
        { ...state, interacted: true, email: action.email, emailError: undefined, formError: null, phase: { name: "creating" } },
        "setup",
        `Creating the payment intent: plan ${action.planTag}, ${action.amount}`,
        action.at,
      );
    case "attempt-started":
      return withLog(state, "setup", action.started ? "Checkout attempt started" : "No checkout attempt came back", action.at);
    case "email-refused":
      return withLog({ ...state, emailError: action.message, phase: { name: "email" } }, "setup", `Email refused: ${action.message}`, action.at);
    case "intent-ready":
      return withLog(
        {
          ...state,
          phase: { name: "form", clientSecret: action.clientSecret, paymentId: action.paymentId ?? "", kind: action.kind ?? "" },
        },
        "setup",
        `Payment intent ready: ${action.paymentId ?? "(no id)"} (${action.kind ?? "unknown kind"})`,
        action.at,
      );
    case "intent-missing":
      return withLog(
        { ...state, phase: { name: "setup-failed", message: "Failed to initialize payment: no payment could be started." } },
        "setup",
        "No client secret came back",
        action.at,
      );
    case "intent-failed":
      return withLog(
        { ...state, phase: { name: "setup-failed", message: `Failed to initialize payment: ${action.message}` } },
        "setup",
        `Creating the payment intent failed (${action.status ?? "network"}): ${action.message}`,
        action.at,
      );
    case "change-email":
      return { ...state, formError: null, phase: { name: "email" } };
    case "card-form-ready":
      return withLog(state, "setup", "Card form ready", action.at);
    case "card-form-failed":
      return withLog({ ...state, phase: { name: "setup-failed", message: FAILED_TO_LOAD_FORM } }, "setup", "The card form failed to load", action.at);
    case "payment-started":
      return withLog({ ...state, processing: true, formError: null, debugStatus: "processing" }, "payment", "Payment started", action.at);
    case "payment-succeeded":
      return withLog(
        {
          ...state,
          processing: false,
          lastStatus: action.status,
          debugStatus: "succeeded",
          phase: { name: "succeeded", paymentId: action.paymentId },
        },
        "payment",
        `Payment ${action.paymentId}: ${action.status}`,
        action.at,
      );
    case "payment-unclear":
      return withLog(
        {
          ...state,
          processing: false,
          lastStatus: action.status,
          debugStatus: "unknown",
          phase: { name: "unclear", paymentId: action.paymentId, status: action.status },
        },
        "payment",
        `Payment ${action.paymentId}: ${action.status}`,
        action.at,
      );
    case "payment-form-error":
      return withLog(
        { ...state, processing: false, debugStatus: "error", formError: action.message },
        "payment",
        `Form Error: ${action.detail}`,
        action.at,
      );
    case "payment-failed":
      return withLog(
        { ...state, processing: false, debugStatus: "failed", lastStatus: "failed", formError: action.message },
        "payment",
        `Payment failed: ${action.detail}`,
        action.at,
      );
    case "payment-error":
      return withLog(
        { ...state, processing: false, debugStatus: "error", formError: action.formError },
        "payment",
        `Payment error: ${action.message}`,
        action.at,
      );
  }
}

/** The setup failure the checkout shows instead of its steps, or null. */
export function setupFailure<S>(state: CardCheckoutState<S>): string | null {
  if (state.phase.name === "setup-failed") return state.phase.message;
  if (state.stripeLoad.status === "failed" && state.phase.name !== "succeeded") return FAILED_TO_LOAD_FORM;
  return null;
}

/** The payment the checkout is working on (the admin state dump), or null. */
export function currentPaymentId<S>(state: CardCheckoutState<S>): string | null {
  const { phase } = state;
  return phase.name === "form" || phase.name === "succeeded" || phase.name === "unclear" ? phase.paymentId : null;
}
