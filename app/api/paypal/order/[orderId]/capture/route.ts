import { ApiError, defineRoute } from "@/lib/http/route";
import { NOT_CONFIGURED } from "@/lib/payments/errors";
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
export const POST = defineRoute({ name: "paypal-capture", auth: "public", errorKey: "error", cacheControl: "no-store" }, async ({ request, db, params }) => {
  const orderId = params.orderId ?? "";
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) throw new ApiError(400, "Invalid order id.");
  const paypal = getPayPal();
  if (!paypal) throw new ApiError(503, NOT_CONFIGURED.wallet);
  const result = await captureWalletOrder({ db, paypal }, orderId);
  const buyer = requestIsBuyerOf(buyerCookieFrom(request), orderId);
  return { status: result.status, id: result.id, paymentId: result.paymentId, granted: result.granted, ...(buyer && result.email ? { email: result.email } : {}) };
});
