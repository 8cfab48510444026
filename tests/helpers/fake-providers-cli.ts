// Runs the local Stripe and PayPal doubles for the Playwright suite (scripts/e2e-server.mjs
// starts it): FAKE_STRIPE_PORT and FAKE_PAYPAL_PORT say where. Stops with its parent.
import { startFakePayPal } from "./fake-paypal";
import { startFakeStripe } from "./fake-stripe";

async function main(): Promise<void> {
  const stripe = await startFakeStripe(Number(process.env.FAKE_STRIPE_PORT ?? 3191));
  const paypal = await startFakePayPal(Number(process.env.FAKE_PAYPAL_PORT ?? 3192), {
    clientId: process.env.PAYPAL_CLIENT_ID ?? "test-client-id",
    clientSecret: process.env.PAYPAL_CLIENT_SECRET ?? "test-client-secret",
  });
  console.log(`fake Stripe on ${stripe.url}, fake PayPal on ${paypal.url}`);
  const stop = () => {
    void Promise.all([stripe.close(), paypal.close()]).then(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("disconnect", stop);
}

void main();
