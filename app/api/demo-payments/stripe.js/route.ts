import { defineRoute } from "@/lib/http/route";
import { demoStripeScript } from "@/lib/payments/demo-payments";

/** GET /api/demo-payments/stripe.js: the stand-in of Stripe.js in demo mode, else 404 (docs/billing.md "Demo payments"). */
export const GET = defineRoute({ name: "demo-payments-script", auth: "public", rateLimit: { capacity: 60, refillMs: 1_000 } }, async () => demoStripeScript());
