import { NOT_CONFIGURED } from "@/lib/payments/errors";
import { paymentErrorResponse } from "@/lib/payments/http";
import { getPayPal } from "@/lib/payments/paypal";

export const dynamic = "force-dynamic";

/** GET /api/paypal/setup -> {clientToken} for the PayPal script. */
export async function GET(): Promise<Response> {
  try {
    const paypal = getPayPal();
    if (!paypal) return Response.json({ error: NOT_CONFIGURED.wallet }, { status: 503 });
    return Response.json({ clientToken: await paypal.generateClientToken() }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return paymentErrorResponse(error, "paypal-setup");
  }
}
