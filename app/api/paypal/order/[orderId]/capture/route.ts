import { getDb } from "@/lib/db";
import { NOT_CONFIGURED } from "@/lib/payments/errors";
import { paymentErrorResponse } from "@/lib/payments/http";
import { getPayPal } from "@/lib/payments/paypal";
import { buyerCookieFrom } from "@/lib/payments/paypal-buyer";
import { requestIsBuyerOf } from "@/lib/payments/paypal-http";
import { captureWalletOrder } from "@/lib/payments/wallet-checkout";

/**
 * POST /api/paypal/order/{orderId}/capture -> {status, id, paymentId, granted, email?}.
 * Safe to repeat. Only orders we created are captured (404 otherwise); `granted` is true
 * only for a COMPLETED capture of exactly the recorded amount and currency; PENDING means
 * "payment pending" (access follows PayPal's PAYMENT.CAPTURE.COMPLETED webhook). The
 * payer's email is included only for the browser that created the order (buyer cookie).
 * The payment joins the account of whoever created the order, not whoever captures it.
 */
export async function POST(request: Request, ctx: { params: Promise<{ orderId: string }> }): Promise<Response> {
  try {
    const { orderId } = await ctx.params;
    if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return Response.json({ error: "Invalid order id." }, { status: 400 });
    const paypal = getPayPal();
    if (!paypal) return Response.json({ error: NOT_CONFIGURED.wallet }, { status: 503 });
    const result = await captureWalletOrder({ db: getDb(), paypal }, orderId);
    const buyer = requestIsBuyerOf(buyerCookieFrom(request), orderId);
    return Response.json(
      { status: result.status, id: result.id, paymentId: result.paymentId, granted: result.granted, ...(buyer && result.email ? { email: result.email } : {}) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return paymentErrorResponse(error, "paypal-capture");
  }
}
