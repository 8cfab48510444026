import { getDb } from "@/lib/db";
import { PRODUCTS } from "@/lib/catalog";
import { ebookOrderSchema } from "@/lib/ebook/schema";
import { getEnv } from "@/lib/env";
import { parseJsonBody } from "@/lib/http/json";
import { limitPublicForm } from "@/lib/http/public-form";
import { NOT_CONFIGURED } from "@/lib/payments/errors";
import { asPaymentError, paymentErrorResponse } from "@/lib/payments/http";
import { getPayPal } from "@/lib/payments/paypal";
import { createWalletOrder } from "@/lib/payments/wallet-checkout";

/**
 * POST /paypal/order {amount: "4.99", currency, intent, description} -> {id, links[]}: the
 * e-book order, priced from the catalog (any other amount is refused). PayPal sends the
 * buyer back to /checkout-ebook-paypal, which captures on the server.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const limited = limitPublicForm("ebook-order", request);
    if (limited) return asPaymentError(limited);
    const parsed = await parseJsonBody(request, ebookOrderSchema);
    if (!parsed.ok) return asPaymentError(parsed.response);
    const paypal = getPayPal();
    if (!paypal) return Response.json({ error: NOT_CONFIGURED.wallet }, { status: 503 });
    const site = getEnv().SITE_URL;
    const order = await createWalletOrder(
      { db: getDb(), paypal },
      {
        amount: parsed.data.amount,
        currency: parsed.data.currency,
        itemId: PRODUCTS.ebook.id,
        returnUrl: `${site}/checkout-ebook-paypal`,
        cancelUrl: `${site}/checkout-ebook-paypal?cancelled=1`,
      },
    );
    return Response.json({ id: order.id, status: order.status, links: order.links ?? [] }, { status: 201 });
  } catch (error) {
    return paymentErrorResponse(error, "ebook-order");
  }
}
