import {
  cardCheckoutReducer,
  currentPaymentId,
  initialCardCheckoutState,
  setupFailure,
  type CardCheckoutAction,
  type CardCheckoutState,
} from "@/components/checkout/card-checkout-state";
import { FAILED_TO_LOAD_FORM } from "@/components/checkout/checkout-text";

/**
 * The card checkout's reducer (docs/billing.md "Card payments"): each step the buyer goes through, as the
 * page shows it (phase, the "Paying as" address, the form error under the card fields, the
 * disabled buttons while processing) and as the admin diagnostics show it (status, log).
 */

type FakeStripe = { name: "stripe" };
const stripe: FakeStripe = { name: "stripe" };

function run(actions: CardCheckoutAction<FakeStripe>[], from = initialCardCheckoutState<FakeStripe>({ live: false, at: 1 })) {
  return actions.reduce<CardCheckoutState<FakeStripe>>(cardCheckoutReducer, from);
}

const messages = (state: CardCheckoutState<FakeStripe>) => state.logs.map((l) => `${l.area}: ${l.message}`);

/** Up to the card form, Stripe.js loaded. */
const toForm: CardCheckoutAction<FakeStripe>[] = [
  { type: "stripe-loaded", stripe, at: 2 },
  { type: "email-typed", value: "buyer@example.com" },
  { type: "intent-requested", email: "buyer@example.com", planTag: "consumer", amount: "$10.00", at: 3 },
  { type: "attempt-started", started: true, at: 4 },
  { type: "intent-ready", clientSecret: "pi_1_secret", paymentId: "pi_1", kind: "one-time", at: 5 },
];

describe("card checkout state", () => {
  it("starts on the email step with Stripe.js loading and one log line naming the mode", () => {
    const live = initialCardCheckoutState({ live: true, at: 7 });
    expect(live.phase).toEqual({ name: "email" });
    expect(live.stripeLoad).toEqual({ status: "loading" });
    expect(live.processing).toBe(false);
    expect(live.debugStatus).toBe("idle");
    expect(live.logs).toEqual([{ id: 0, at: 7, area: "setup", message: "Loading Stripe.js (live mode)" }]);
    expect(initialCardCheckoutState({ live: false, at: 7 }).logs[0]?.message).toBe("Loading Stripe.js (test mode)");
  });

  it("goes email -> creating -> card form, keeping the address it pays as", () => {
    const creating = run(toForm.slice(0, 3));
    expect(creating.phase).toEqual({ name: "creating" });
    expect(creating.interacted).toBe(true);
    expect(creating.email).toBe("buyer@example.com");

    const form = run(toForm);
    expect(form.phase).toEqual({ name: "form", clientSecret: "pi_1_secret", paymentId: "pi_1", kind: "one-time" });
    expect(form.stripeLoad).toEqual({ status: "ready", stripe });
    expect(currentPaymentId(form)).toBe("pi_1");
    expect(setupFailure(form)).toBeNull();
    expect(messages(form)).toEqual([
      "setup: Loading Stripe.js (test mode)",
      "setup: Stripe.js loaded",
      "setup: Creating the payment intent: plan consumer, $10.00",
      "setup: Checkout attempt started",
      "setup: Payment intent ready: pi_1 (one-time)",
    ]);
    expect(form.logs.map((l) => l.id)).toEqual([0, 1, 2, 3, 4]);
  });

  it("an invalid address stays on the email step with its message; typing keeps the message until the next press", () => {
    const invalid = run([
      { type: "email-typed", value: "not-an-email" },
      { type: "email-invalid", message: "Enter a valid email address" },
    ]);
    expect(invalid.phase).toEqual({ name: "email" });
    expect(invalid.emailError).toBe("Enter a valid email address");
    expect(invalid.interacted).toBe(true);
    const retyped = run([{ type: "email-typed", value: "buyer@example.com" }], invalid);
    expect(retyped.emailInput).toBe("buyer@example.com");
    expect(retyped.emailError).toBe("Enter a valid email address");
    const next = run([{ type: "intent-requested", email: "buyer@example.com", planTag: "consumer", amount: "$10.00", at: 3 }], retyped);
    expect(next.emailError).toBeUndefined();
  });

  it("an address the server refuses goes back to the email step with the server's message", () => {
    const refused = run([
      ...toForm.slice(0, 3),
      { type: "email-refused", message: "This address cannot receive email", at: 4 },
    ]);
    expect(refused.phase).toEqual({ name: "email" });
    expect(refused.emailError).toBe("This address cannot receive email");
    expect(messages(refused).at(-1)).toBe("setup: Email refused: This address cannot receive email");
  });

  it("a payment intent that cannot be created is a setup failure with the reason", () => {
    const failed = run([...toForm.slice(0, 3), { type: "intent-failed", status: 503, message: "Payments are unavailable.", at: 4 }]);
    expect(setupFailure(failed)).toBe("Failed to initialize payment: Payments are unavailable.");
    expect(messages(failed).at(-1)).toBe("setup: Creating the payment intent failed (503): Payments are unavailable.");
    const network = run([...toForm.slice(0, 3), { type: "intent-failed", status: undefined, message: "offline", at: 4 }]);
    expect(messages(network).at(-1)).toBe("setup: Creating the payment intent failed (network): offline");
    const missing = run([...toForm.slice(0, 3), { type: "intent-missing", at: 4 }]);
    expect(setupFailure(missing)).toBe("Failed to initialize payment: no payment could be started.");
  });

  it("Stripe.js that does not load is a setup failure, except once the payment succeeded", () => {
    expect(setupFailure(run([{ type: "stripe-failed", error: "blocked", at: 2 }]))).toBe(FAILED_TO_LOAD_FORM);
    expect(setupFailure(run([{ type: "stripe-loaded", stripe: null, at: 2 }]))).toBe(FAILED_TO_LOAD_FORM);
    expect(messages(run([{ type: "stripe-failed", error: "blocked", at: 2 }])).at(-1)).toBe("setup: Stripe.js failed to load: blocked");
    const succeeded = run([...toForm, { type: "payment-started", at: 6 }, { type: "payment-succeeded", paymentId: "pi_1", status: "succeeded", at: 7 }]);
    expect(setupFailure(run([{ type: "stripe-failed", error: "late", at: 8 }], succeeded))).toBeNull();
    const formFailed = run([...toForm, { type: "card-form-failed", at: 6 }]);
    expect(setupFailure(formFailed)).toBe(FAILED_TO_LOAD_FORM);
  });

  it("paying: processing while Stripe confirms, then succeeded with the payment's status", () => {
    const processing = run([...toForm, { type: "payment-started", at: 6 }]);
    expect(processing.processing).toBe(true);
    expect(processing.debugStatus).toBe("processing");
    const done = run([{ type: "payment-succeeded", paymentId: "pi_1", status: "succeeded", at: 7 }], processing);
    expect(done.processing).toBe(false);
    expect(done.phase).toEqual({ name: "succeeded", paymentId: "pi_1" });
    expect(done.debugStatus).toBe("succeeded");
    expect(done.lastStatus).toBe("succeeded");
    expect(messages(done).slice(-2)).toEqual(["payment: Payment started", "payment: Payment pi_1: succeeded"]);
  });

  it("a status other than succeeded is unclear, not a success", () => {
    const unclear = run([...toForm, { type: "payment-started", at: 6 }, { type: "payment-unclear", paymentId: "pi_1", status: "processing", at: 7 }]);
    expect(unclear.phase).toEqual({ name: "unclear", paymentId: "pi_1", status: "processing" });
    expect(unclear.debugStatus).toBe("unknown");
    expect(unclear.lastStatus).toBe("processing");
    expect(currentPaymentId(unclear)).toBe("pi_1");
  });

  it("a decline keeps the card form with the reason under it; the next attempt clears it", () => {
    const declined = run([
      ...toForm,
      { type: "payment-started", at: 6 },
      { type: "payment-failed", message: "Your card was declined.", detail: "card_error / card_declined: Declined", at: 7 },
    ]);
    expect(declined.phase.name).toBe("form");
    expect(declined.processing).toBe(false);
    expect(declined.formError).toBe("Your card was declined.");
    expect(declined.debugStatus).toBe("failed");
    expect(declined.lastStatus).toBe("failed");
    expect(messages(declined).at(-1)).toBe("payment: Payment failed: card_error / card_declined: Declined");
    const retry = run([{ type: "payment-started", at: 8 }], declined);
    expect(retry.formError).toBeNull();
    expect(retry.processing).toBe(true);
  });

  it("a form that does not validate and a confirmation that throws are errors, not failed payments", () => {
    const invalid = run([...toForm, { type: "payment-started", at: 6 }, { type: "payment-form-error", message: "Check your card number.", detail: "incomplete_number", at: 7 }]);
    expect(invalid.debugStatus).toBe("error");
    expect(invalid.lastStatus).toBeNull();
    expect(invalid.formError).toBe("Check your card number.");
    expect(messages(invalid).at(-1)).toBe("payment: Form Error: incomplete_number");
    const thrown = run([...toForm, { type: "payment-started", at: 6 }, { type: "payment-error", message: "boom", formError: "Payment Error: try again", at: 7 }]);
    expect(thrown.debugStatus).toBe("error");
    expect(thrown.processing).toBe(false);
    expect(thrown.formError).toBe("Payment Error: try again");
    expect(messages(thrown).at(-1)).toBe("payment: Payment error: boom");
  });

  it("Change email goes back to the email step, keeping the typed address and dropping the last failure", () => {
    const declined = run([
      ...toForm,
      { type: "payment-started", at: 6 },
      { type: "payment-failed", message: "Your card was declined.", detail: "card_error", at: 7 },
    ]);
    const changed = run([{ type: "change-email" }], declined);
    expect(changed.phase).toEqual({ name: "email" });
    expect(changed.formError).toBeNull();
    expect(changed.emailInput).toBe("buyer@example.com");
    expect(currentPaymentId(changed)).toBeNull();
  });

  it("does not change the state it is given", () => {
    const before = run(toForm);
    const snapshot = JSON.parse(JSON.stringify(before)) as unknown;
    cardCheckoutReducer(before, { type: "payment-started", at: 6 });
    cardCheckoutReducer(before, { type: "log", area: "payment", message: "x", at: 6 });
    expect(JSON.parse(JSON.stringify(before))).toEqual(snapshot);
  });
});
