/**
 * @jest-environment jsdom
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { CardCheckout } from "@/components/checkout/card-checkout";

/**
 * The two admin-only checkouts (/checkout-debug, /checkout-test) cannot be opened in the
 * browser suite until admin sign-in exists, so their diagnostics are tested here with a
 * minimal stand-in for Stripe.js.
 */

const loadStripe = jest.fn();
jest.mock("@stripe/stripe-js/pure", () => ({ loadStripe: (...args: unknown[]) => loadStripe(...args) }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }) }));

type Handler = (payload?: unknown) => void;

function fakeStripe(submitResult: unknown) {
  const created: Record<string, { on: (e: string, h: Handler) => void }> = {};
  const confirmPayment = jest.fn();
  const stripe = {
    elements: () => ({
      create: (type: string) => {
        const handlers: Record<string, Handler[]> = {};
        const element = {
          mount: () => setTimeout(() => (handlers.ready ?? []).forEach((h) => h()), 0),
          on: (event: string, h: Handler) => {
            (handlers[event] ??= []).push(h);
          },
          off: () => undefined,
          update: () => undefined,
          destroy: () => undefined,
        };
        created[type] = element;
        return element;
      },
      getElement: (type: string) => created[type] ?? null,
      submit: async () => submitResult,
      update: () => undefined,
    }),
    createToken: jest.fn(),
    createPaymentMethod: jest.fn(),
    confirmCardPayment: jest.fn(),
    confirmPayment,
  };
  return { stripe, confirmPayment };
}

function mockFetch(body: unknown, status = 200) {
  const fetchMock = jest.fn(async () => ({ ok: status < 400, status, json: async () => body }));
  Object.defineProperty(globalThis, "fetch", { value: fetchMock, writable: true, configurable: true });
  return fetchMock;
}

const props = { publishableKey: "pk_test_secretish", live: false, businessName: "TariffWatch Property Advisory LLC", walletHint: false };

beforeEach(() => loadStripe.mockReset());

describe("debug checkout (/checkout-debug)", () => {
  it("logs a Stripe.js load failure and shows the failure state", async () => {
    loadStripe.mockRejectedValue(new Error("Failed to load Stripe.js"));
    render(<CardCheckout variantId="checkout-debug" {...props} />);
    expect(await screen.findByRole("heading", { name: "Unable to load payment form" })).toBeInTheDocument();
    const log = screen.getByTestId("debug-log");
    expect(log).toHaveTextContent("Loading Stripe.js (test mode)");
    expect(log).toHaveTextContent("Stripe.js failed to load: Failed to load Stripe.js");
    expect(screen.getByTestId("debug-status")).toHaveTextContent("idle");
  });

  it("validates the form before confirming and reports 'Form Error'", async () => {
    const { stripe, confirmPayment } = fakeStripe({ error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } });
    loadStripe.mockResolvedValue(stripe);
    const fetchMock = mockFetch({ clientSecret: "pi_1_secret_2", paymentId: "pi_1", kind: "subscription" });
    render(<CardCheckout variantId="checkout-debug" {...props} />);
    await waitFor(() => expect(screen.getByTestId("debug-log")).toHaveTextContent("Stripe.js loaded"));

    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "Admin@Example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    const pay = await screen.findByRole("button", { name: "Pay $10.00" });
    // The page first asks the server for a checkout attempt (docs/billing.md "Card payments"), then creates the payment.
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([u]) => u)).toEqual(["/api/checkout-attempt", "/api/create-payment-intent"]);
    const [url, init] = calls[1] as [string, RequestInit];
    expect(url).toBe("/api/create-payment-intent");
    expect(JSON.parse(String(init.body))).toMatchObject({ amount: 10, plan: "consumer-debug", email: "admin@example.com" });

    await act(async () => {
      fireEvent.click(pay);
    });
    expect(await screen.findByTestId("payment-error")).toHaveTextContent("Please check your card information and try again.");
    expect(screen.getByTestId("debug-status")).toHaveTextContent("error");
    expect(screen.getByTestId("debug-log")).toHaveTextContent("Form Error: Your card number is incomplete.");
    expect(confirmPayment).not.toHaveBeenCalled();
    expect(screen.getByTestId("debug-log")).not.toHaveTextContent("pi_1_secret_2");
  });
});

describe("test payment (/checkout-test)", () => {
  it("dumps the non-secret state", async () => {
    loadStripe.mockResolvedValue(null);
    render(<CardCheckout variantId="checkout-test" {...props} />);
    await screen.findByRole("heading", { name: "Unable to load payment form" });
    const dump = JSON.parse(screen.getByTestId("debug-dump").textContent ?? "{}") as Record<string, unknown>;
    expect(dump).toMatchObject({ plan: "test", amount: "1.00", currency: "USD", publishableKeyMode: "test", stripeJs: "failed", paymentId: null });
    expect(screen.getByTestId("debug-dump")).not.toHaveTextContent("pk_test");
  });
});
