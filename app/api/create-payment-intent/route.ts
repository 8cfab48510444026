import { subscriberFromRequest } from "@/lib/accounts/session";
import { getDb } from "@/lib/db";
import { parseJsonBody } from "@/lib/http/json";
import { limitPublicForm } from "@/lib/http/public-form";
import { createCardPayment } from "@/lib/payments/card-checkout";
import { NOT_CONFIGURED } from "@/lib/payments/errors";
import { asPaymentError, paymentErrorResponse } from "@/lib/payments/http";
import { createPaymentIntentSchema } from "@/lib/payments/schemas";
import { getStripe } from "@/lib/payments/stripe-client";

/**
 * POST /api/create-payment-intent {amount, plan, email, timestamp?, payment_method_types?}
 * -> {clientSecret, paymentId, kind} | {error}. Priced from the catalog; see lib/payments/card-checkout.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const limited = await limitPublicForm("create-payment-intent", request);
    if (limited) return asPaymentError(limited);
    const parsed = await parseJsonBody(request, createPaymentIntentSchema);
    if (!parsed.ok) return asPaymentError(parsed.response);
    const stripe = getStripe();
    if (!stripe) return Response.json({ error: NOT_CONFIGURED.card }, { status: 503 });
    const db = getDb();
    const now = new Date();
    // A signed-in subscriber's checkout joins their account (issue 11 item 5).
    const signedIn = await subscriberFromRequest(db, request, now);
    const result = await createCardPayment({ db, stripe, now, subscriberId: signedIn?.id ?? null }, parsed.data);
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return paymentErrorResponse(error, "create-payment-intent");
  }
}
