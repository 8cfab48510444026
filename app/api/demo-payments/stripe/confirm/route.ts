import { defineRoute } from "@/lib/http/route";
import { confirmDemoCard, demoConfirmSchema } from "@/lib/payments/demo-payments";

/**
 * POST /api/demo-payments/stripe/confirm {clientSecret, number, email?}: the demo card form's
 * confirm, decided by the local demo payment server; 404 unless demo payments are on
 * (docs/billing.md "Demo payments").
 */
export const POST = defineRoute(
  { name: "demo-payments-confirm", auth: "public", body: demoConfirmSchema, rateLimit: { capacity: 20, refillMs: 3_000 }, errorKey: "error" },
  async ({ body }) => confirmDemoCard(body),
);
