import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { parseJsonBody } from "@/lib/http/json";
import { limitPublicForm } from "@/lib/http/public-form";
import { sendPaymentConfirmation } from "@/lib/payments/confirmation";
import { asPaymentError, paymentErrorResponse } from "@/lib/payments/http";
import { paymentConfirmationSchema } from "@/lib/payments/schemas";
import { getStripe } from "@/lib/payments/stripe-client";

/**
 * POST /api/send-payment-confirmation {paymentId, amount, currency, method}: emails the
 * receipt once per payment, stating the amount actually captured; unknown payments 404.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const limited = await limitPublicForm("payment-confirmation", request);
    if (limited) return asPaymentError(limited);
    const parsed = await parseJsonBody(request, paymentConfirmationSchema);
    if (!parsed.ok) return asPaymentError(parsed.response);
    const env = getEnv();
    const result = await sendPaymentConfirmation(
      { db: getDb(), stripe: getStripe(), siteUrl: env.SITE_URL, supportEmail: env.SUPPORT_EMAIL },
      parsed.data.paymentId,
      new Date(),
    );
    return Response.json({ message: "Confirmation recorded.", amount: result.amount, duplicate: result.duplicate });
  } catch (error) {
    return paymentErrorResponse(error, "payment-confirmation");
  }
}
