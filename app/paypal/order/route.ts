import { subscriberFromRequest } from "@/lib/accounts/session";
import { getDb } from "@/lib/db";
import { PRODUCTS } from "@/lib/catalog";
import { getEnv } from "@/lib/env";
import { parseJsonBody } from "@/lib/http/json";
import { limitPublicForm } from "@/lib/http/public-form";
import { NOT_CONFIGURED } from "@/lib/payments/errors";
import { asPaymentError, paymentErrorResponse } from "@/lib/payments/http";
import { getPayPal } from "@/lib/payments/paypal";
import { buyerSetCookie, limitWalletAttempt } from "@/lib/payments/paypal-http";
import { paypalEbookOrderSchema } from "@/lib/payments/paypal-schemas";
import { createWalletOrder, walletItemOrRefuse } from "@/lib/payments/wallet-checkout";

/**
 * POST /paypal/order {amount: "4.99", currency, intent, description} -> {id, links[]}: the
 * e-book order, priced from the catalog (any other amount is refused, also when PayPal is
 * not configured). The order is recorded, and this browser gets the signed buyer cookie
 * for it: only this browser is shown the access link on return. PayPal sends the buyer
 * back to /checkout-ebook-paypal, which captures on the server.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const limited = await limitPublicForm("ebook-order", request);
    if (limited) return asPaymentError(limited);
    const parsed = await parseJsonBody(request, paypalEbookOrderSchema);
    if (!parsed.ok) return asPaymentError(parsed.response);
    const input = { ...parsed.data, itemId: PRODUCTS.ebook.id };
    walletItemOrRefuse(input);
    const walletLimited = await limitWalletAttempt(request, parsed.data.email);
    if (walletLimited) return walletLimited;
    const paypal = getPayPal();
    if (!paypal) return Response.json({ error: NOT_CONFIGURED.wallet }, { status: 503 });
    const site = getEnv().SITE_URL;
    const db = getDb();
    const signedIn = await subscriberFromRequest(db, request);
    const order = await createWalletOrder(
      { db, paypal, subscriberId: signedIn?.id ?? null },
      { ...input, returnUrl: `${site}/checkout-ebook-paypal`, cancelUrl: `${site}/checkout-ebook-paypal?cancelled=1` },
    );
    return Response.json(
      { id: order.id, status: order.status, links: order.links },
      { status: 201, headers: { "Set-Cookie": buyerSetCookie(request, order.id), "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return paymentErrorResponse(error, "ebook-order");
  }
}
