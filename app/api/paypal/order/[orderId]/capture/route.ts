import { subscriberFromRequest } from "@/lib/accounts/session";
import { getDb } from "@/lib/db";
import { NOT_CONFIGURED } from "@/lib/payments/errors";
import { paymentErrorResponse } from "@/lib/payments/http";
import { getPayPal } from "@/lib/payments/paypal";
import { captureWalletOrder } from "@/lib/payments/wallet-checkout";

/** POST /api/paypal/order/{orderId}/capture -> {status, id, paymentId}. Safe to repeat. */
export async function POST(request: Request, ctx: { params: Promise<{ orderId: string }> }): Promise<Response> {
  try {
    const { orderId } = await ctx.params;
    if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return Response.json({ error: "Invalid order id." }, { status: 400 });
    const paypal = getPayPal();
    if (!paypal) return Response.json({ error: NOT_CONFIGURED.wallet }, { status: 503 });
    const db = getDb();
    // A signed-in subscriber's purchase joins their account (issue 11 item 5).
    const signedIn = await subscriberFromRequest(db, request);
    const result = await captureWalletOrder({ db, paypal, subscriberId: signedIn?.id ?? null }, orderId);
    return Response.json({ status: result.status, id: result.id, paymentId: result.paymentId });
  } catch (error) {
    return paymentErrorResponse(error, "paypal-capture");
  }
}
