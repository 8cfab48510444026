import { paymentReturnStatus } from "@/app/payment-success/status";
import { createStripeClient } from "@/lib/payments/stripe-client";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";

/**
 * /payment-success reports the real status of the payment it was returned with
 * (docs/billing.md "Card payments"): asked of Stripe (the local double) by id, only with that payment's client
 * secret; never "succeeded" by default.
 */
let fake: FakeStripe;
let stripe: ReturnType<typeof createStripeClient>;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeClient("sk_test_return", fake.url);
});
afterAll(() => fake.close());

async function newIntent(status?: string) {
  const pi = await stripe.paymentIntents.create({ amount: 1000, currency: "usd" });
  if (status === "succeeded") fake.succeed(pi.id);
  else if (status) (fake.paymentIntents.get(pi.id) as Record<string, unknown>).status = status;
  return { paymentIntent: pi.id, clientSecret: pi.client_secret ?? "" };
}

describe("payment return status", () => {
  it.each([
    ["succeeded", "succeeded"],
    ["processing", "processing"],
    ["requires_action", "requires_action"],
    ["requires_payment_method", "failed"],
    ["canceled", "failed"],
  ])("a %s payment shows %s", async (stripeStatus, shown) => {
    const params = await newIntent(stripeStatus);
    expect(await paymentReturnStatus(stripe, params)).toEqual({ status: shown, reference: params.paymentIntent });
  });

  it("is unknown, never success, without a payment to check", async () => {
    expect((await paymentReturnStatus(stripe, {})).status).toBe("unknown");
    expect((await paymentReturnStatus(null, await newIntent("succeeded"))).status).toBe("unknown");
  });

  it("ignores what the URL claims: redirect_status, a wrong secret, another payment's secret, an unknown id", async () => {
    const paid = await newIntent("succeeded");
    const failed = await newIntent("requires_payment_method");
    expect((await paymentReturnStatus(stripe, { paymentIntent: paid.paymentIntent, clientSecret: `${paid.paymentIntent}_secret_guess` })).status).toBe("unknown");
    expect((await paymentReturnStatus(stripe, { paymentIntent: paid.paymentIntent, clientSecret: failed.clientSecret })).status).toBe("unknown");
    expect((await paymentReturnStatus(stripe, { paymentIntent: failed.paymentIntent, clientSecret: failed.clientSecret })).status).toBe("failed");
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await paymentReturnStatus(stripe, { paymentIntent: "pi_missing", clientSecret: "pi_missing_secret_x" })).status).toBe("unknown");
    } finally {
      spy.mockRestore();
    }
  });
});
