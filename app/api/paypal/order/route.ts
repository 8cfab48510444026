import { subscriberFromRequest } from "@/lib/accounts/session";
import { getDb } from "@/lib/db";
import { parseJsonBody } from "@/lib/http/json";
import { limitPublicForm } from "@/lib/http/public-form";
import { NOT_CONFIGURED } from "@/lib/payments/errors";
import { asPaymentError, paymentErrorResponse } from "@/lib/payments/http";
import { getPayPal } from "@/lib/payments/paypal";
import { buyerSetCookie, limitWalletAttempt } from "@/lib/payments/paypal-http";
import { paypalWalletOrderSchema } from "@/lib/payments/paypal-schemas";
import { createWalletOrder, walletItemOrRefuse } from "@/lib/payments/wallet-checkout";

/**
 * POST /api/paypal/order {amount, currency, intent, email?} -> {id}. Checks, in order:
 * client rate limit (429), body and catalog price (400), per-client and per-email wallet
 * limits (429), then whether PayPal is configured (503). The order is recorded, and this
 * browser gets the signed buyer cookie for it.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const limited = await limitPublicForm("paypal-order", request);
    if (limited) return asPaymentError(limited);
    const parsed = await parseJsonBody(request, paypalWalletOrderSchema);
    if (!parsed.ok) return asPaymentError(parsed.response);
    walletItemOrRefuse(parsed.data);
    const walletLimited = await limitWalletAttempt(request, parsed.data.email);
    if (walletLimited) return walletLimited;
    const paypal = getPayPal();
    if (!paypal) return Response.json({ error: NOT_CONFIGURED.wallet }, { status: 503 });
    const db = getDb();
    const signedIn = await subscriberFromRequest(db, request);
    const order = await createWalletOrder({ db, paypal, subscriberId: signedIn?.id ?? null }, parsed.data);
    return Response.json({ id: order.id }, { status: 201, headers: { "Set-Cookie": buyerSetCookie(request, order.id), "Cache-Control": "no-store" } });
  } catch (error) {
    return paymentErrorResponse(error, "paypal-order");
  }
}
