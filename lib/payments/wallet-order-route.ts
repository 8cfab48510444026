import "server-only";
import type { z } from "zod";
import { subscriberFromRequest } from "@/lib/accounts/session";
import { MAX_JSON_BYTES } from "@/lib/http/json";
import { PUBLIC_FORM_LIMIT } from "@/lib/http/rate-limit";
import { ApiError, defineRoute } from "@/lib/http/route";
import { NOT_CONFIGURED } from "./errors";
import { getPayPal } from "./paypal";
import { buyerSetCookie, limitWalletAttempt } from "./paypal-http";
import { createWalletOrder, walletItemOrRefuse, type CreatedOrder } from "./wallet-checkout";

type OrderInput = Parameters<typeof createWalletOrder>[1];

/**
 * A POST that creates a PayPal wallet order, on the route frame (the checkout's
 * /api/paypal/order and the e-book's /paypal/order). Checks, in order: the public-form
 * limit per client (429), the body and the catalog price (400), the wallet limits per
 * client and per email (429, lib/payments/paypal-http.ts), then whether PayPal is
 * configured (503). The order is recorded, joined to the signed-in subscriber if any, and
 * this browser gets the signed buyer cookie for it (201): only it is shown the payer's
 * email on capture. Answers `{error}` on refusal (docs/product-rules.md §3).
 */
export function walletOrderRoute<S extends z.ZodType<{ email?: string | null }>>(spec: {
  name: string;
  body: S;
  /** What to order: the amount and currency asked, the catalog item, PayPal's return pages. */
  order: (body: z.output<S>) => OrderInput;
  /** The 201 answer's body. */
  answer: (order: CreatedOrder) => object;
}) {
  return defineRoute(
    { name: spec.name, auth: "public", body: spec.body, bodyLimit: MAX_JSON_BYTES, rateLimit: PUBLIC_FORM_LIMIT, errorKey: "error" },
    async ({ request, db, now, body }) => {
      const input = spec.order(body as z.output<S>);
      walletItemOrRefuse(input);
      const walletLimited = await limitWalletAttempt(request, (body as z.output<S>).email);
      if (walletLimited) return walletLimited;
      const paypal = getPayPal();
      if (!paypal) throw new ApiError(503, NOT_CONFIGURED.wallet);
      const signedIn = await subscriberFromRequest(db, request, now);
      const order = await createWalletOrder({ db, paypal, subscriberId: signedIn?.id ?? null }, input);
      return Response.json(spec.answer(order), { status: 201, headers: { "Set-Cookie": buyerSetCookie(request, order.id), "Cache-Control": "no-store" } });
    },
  );
}
