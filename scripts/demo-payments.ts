// The demo payment server beside `npm run app` (docs/billing.md "Demo payments";
// scripts/lib/demo-payment-server.ts says what it does). scripts/app.mjs starts it with:
//
//   DEMO_STRIPE_PORT=3091 STRIPE_WEBHOOK_SECRET=whsec_... DEMO_WEBHOOK_URL=http://127.0.0.1:3000/api/webhooks/stripe \
//     npx tsx scripts/demo-payments.ts
//
// and it stops when `npm run app` does.
import path from "node:path";
import { startDemoPaymentServer } from "./lib/demo-payment-server";

const webhookUrl = process.env.DEMO_WEBHOOK_URL ?? "http://127.0.0.1:3000/api/webhooks/stripe";

async function main(): Promise<void> {
  const server = await startDemoPaymentServer({
    port: Number(process.env.DEMO_STRIPE_PORT ?? 3091),
    secret: process.env.STRIPE_WEBHOOK_SECRET ?? "",
    stateFile: process.env.DEMO_PAYMENTS_STATE ?? path.resolve(__dirname, "..", ".data", "demo-payments.json"),
    post: (payload, headers) => fetch(webhookUrl, { method: "POST", headers, body: payload, signal: AbortSignal.timeout(15_000) }),
  });
  console.log(`> Demo payment server (Stripe's API, test cards, signed webhooks to ${webhookUrl}) on ${server.url}`);
  process.send?.({ ready: server.url });
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("disconnect", stop);
}

void main().catch((error: unknown) => {
  console.error("> demo payments: could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
