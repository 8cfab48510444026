import { paypalWalletOrderSchema } from "@/lib/payments/paypal-schemas";
import { walletOrderRoute } from "@/lib/payments/wallet-order-route";

/**
 * POST /api/paypal/order {amount, currency, intent, email?, plan?} -> 201 {id}: the checkout's
 * wallet order, priced from the catalog. Checks and cookie: lib/payments/wallet-order-route.ts.
 */
export const POST = walletOrderRoute({
  name: "paypal-order",
  body: paypalWalletOrderSchema,
  order: ({ plan, ...body }) => ({ ...body, itemId: plan }),
  answer: (order) => ({ id: order.id }),
});
