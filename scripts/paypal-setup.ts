// `npm run paypal:setup`: creates (or finds) the PayPal catalog product and the monthly
// billing plans of the wallet plans (Consumer, Professional; prices from lib/catalog) and
// prints the two lines to put in the environment:
//
//   PAYPAL_PLAN_CONSUMER=P-...
//   PAYPAL_PLAN_PROFESSIONAL=P-...
//
// Needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (PAYPAL_ENV=sandbox|live picks the API).
// Safe to run again: existing products and plans are found by name and reused. See
// docs/billing.md ("PayPal").
import "dotenv/config";
import { parseEnv } from "@/lib/env/schema";
import { PayPalClient } from "@/lib/payments/paypal-client";
import { setUpPayPalPlans } from "@/lib/payments/paypal-setup";

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  if (!env.paypal) {
    console.error("Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (and PAYPAL_ENV=sandbox or live) first.");
    process.exit(1);
  }
  const paypal = new PayPalClient({ clientId: env.paypal.clientId, clientSecret: env.paypal.clientSecret, apiUrl: env.paypal.apiUrl });
  console.log(`PayPal ${env.paypal.env} (${env.paypal.apiUrl})`);
  const result = await setUpPayPalPlans(paypal);
  console.log(`Product ${result.productId} (${result.createdProduct ? "created" : "found"})`);
  for (const [planId, plan] of Object.entries(result.plans)) console.log(`Plan ${planId}: ${plan.id} (${plan.created ? "created" : "found"})`);
  console.log("\nPut these in the environment (.env or your host's settings):\n");
  for (const line of result.env) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
