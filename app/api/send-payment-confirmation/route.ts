import { getEnv } from "@/lib/env";
import { MAX_JSON_BYTES } from "@/lib/http/json";
import { PUBLIC_FORM_LIMIT } from "@/lib/http/rate-limit";
import { defineRoute } from "@/lib/http/route";
import { sendPaymentConfirmation } from "@/lib/payments/confirmation";
import { paymentConfirmationSchema } from "@/lib/payments/schemas";
import { getStripe } from "@/lib/payments/stripe-client";

/**
 * POST /api/send-payment-confirmation {paymentId, amount, currency, method}: emails the
 * receipt once per payment, stating the amount actually captured; unknown payments 404.
 */
export const POST = defineRoute(
  { name: "payment-confirmation", auth: "public", body: paymentConfirmationSchema, bodyLimit: MAX_JSON_BYTES, rateLimit: PUBLIC_FORM_LIMIT, errorKey: "error" },
  async ({ db, now, body }) => {
    const env = getEnv();
    const result = await sendPaymentConfirmation({ db, stripe: getStripe(), siteUrl: env.SITE_URL, supportEmail: env.SUPPORT_EMAIL }, body.paymentId, now);
    return { message: "Confirmation recorded.", amount: result.amount, duplicate: result.duplicate };
  },
);
