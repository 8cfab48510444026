import { PRODUCTS } from "@/lib/catalog";
import { getEnv } from "@/lib/env";
import { paypalEbookOrderSchema } from "@/lib/payments/paypal-schemas";
import { walletOrderRoute } from "@/lib/payments/wallet-order-route";

/**
 * POST /paypal/order {amount: "4.99", currency, intent, description} -> 201 {id, status, links[]}:
 * the e-book order, priced from the catalog (any other amount is refused, also when PayPal
 * is not configured). PayPal sends the buyer back to /checkout-ebook-paypal, which captures
 * on the server. Checks and the buyer cookie: lib/payments/wallet-order-route.ts.
 */
export const POST = walletOrderRoute({
  name: "ebook-order",
  body: paypalEbookOrderSchema,
  order: (body) => {
    const site = getEnv().SITE_URL;
    return { ...body, itemId: PRODUCTS.ebook.id, returnUrl: `${site}/checkout-ebook-paypal`, cancelUrl: `${site}/checkout-ebook-paypal?cancelled=1` };
  },
  answer: (order) => ({ id: order.id, status: order.status, links: order.links }),
});
