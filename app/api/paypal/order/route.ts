import { getDb } from "@/lib/db";
import { parseJsonBody } from "@/lib/http/json";
import { limitPublicForm } from "@/lib/http/public-form";
import { NOT_CONFIGURED } from "@/lib/payments/errors";
import { asPaymentError, paymentErrorResponse } from "@/lib/payments/http";
import { getPayPal } from "@/lib/payments/paypal";
import { walletOrderSchema } from "@/lib/payments/schemas";
import { createWalletOrder } from "@/lib/payments/wallet-checkout";

/** POST /api/paypal/order {amount, currency, intent} -> {id}; refused (400) unless the amount is a catalog price. */
export async function POST(request: Request): Promise<Response> {
  try {
    const limited = limitPublicForm("paypal-order", request);
    if (limited) return asPaymentError(limited);
    const parsed = await parseJsonBody(request, walletOrderSchema);
    if (!parsed.ok) return asPaymentError(parsed.response);
    const paypal = getPayPal();
    if (!paypal) return Response.json({ error: NOT_CONFIGURED.wallet }, { status: 503 });
    const order = await createWalletOrder({ db: getDb(), paypal }, parsed.data);
    return Response.json({ id: order.id }, { status: 201 });
  } catch (error) {
    return paymentErrorResponse(error, "paypal-order");
  }
}
