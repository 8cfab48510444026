import { z } from "zod";
import { subscriberFromRequest } from "@/lib/accounts/session";
import { getEnv } from "@/lib/env";
import { ApiError, defineRoute } from "@/lib/http/route";
import { buyerCookieFrom } from "@/lib/payments/paypal-buyer";
import { buyerSetCookie, limitWalletAttempt, requestIsBuyerOf } from "@/lib/payments/paypal-http";
import { paypalSubscriptionSchema, WALLET_SUBSCRIPTION_PLANS } from "@/lib/payments/paypal-schemas";
import { asApi, paypalForSubscriptions } from "@/lib/payments/paypal-subscription-route";
import { CARD_CHECKOUT_OF, confirmWalletSubscription, createWalletSubscription, SUBSCRIPTIONS_UNAVAILABLE } from "@/lib/payments/paypal-subscriptions";

/**
 * Monthly wallet plans as PayPal Subscriptions (docs/billing.md "PayPal").
 *
 * GET ?planId=consumer|professional -> {available, cardCheckoutPath}: can the wallet
 *   subscribe to this plan here (PayPal configured and the plan's PAYPAL_PLAN_* set)?
 * GET ?id=I-... -> {id, status, planId, active, email?}: after the buyer approved, asks
 *   PayPal for the subscription's status and records it (only subscriptions we created;
 *   the email only for the browser that created it).
 * POST {planId, email} -> 201 {id}: creates the subscription at PayPal (custom_id = our
 *   subscriber id) and records it as approval_pending (grants nothing). Validation (400)
 *   comes before the per-client and per-email limits (429) and the configuration (503).
 */
const PAYPAL_ID = /^[A-Z0-9-]{3,64}$/;

const query = z.object({
  planId: z.enum(WALLET_SUBSCRIPTION_PLANS, { error: "Plan must be consumer or professional" }).optional(),
  id: z.string().regex(PAYPAL_ID, { error: "Not a PayPal subscription id" }).optional(),
});

export const GET = defineRoute({ name: "paypal-subscription-status", auth: "public", query, cacheControl: "no-store", rateLimit: { capacity: 30, refillMs: 2_000 } }, async ({ query: q, db, request }) => {
  if (q.id) {
    const configured = paypalForSubscriptions();
    if (!configured) throw new ApiError(503, SUBSCRIPTIONS_UNAVAILABLE);
    const row = await asApi(() => confirmWalletSubscription({ db, paypal: configured.paypal }, q.id as string));
    const buyer = requestIsBuyerOf(buyerCookieFrom(request), row.providerSubscriptionId);
    return { id: row.providerSubscriptionId, status: row.status, planId: row.planId, active: row.status === "active", ...(buyer ? { email: row.email } : {}) };
  }
  if (!q.planId) throw new ApiError(400, "Give planId or id.", { planId: "Plan must be consumer or professional" });
  const configured = paypalForSubscriptions();
  return { available: Boolean(configured?.plans[q.planId]), cardCheckoutPath: CARD_CHECKOUT_OF[q.planId] };
});

export const POST = defineRoute({ name: "paypal-subscription", auth: "public", body: paypalSubscriptionSchema, rateLimit: { capacity: 30, refillMs: 20_000 } }, async ({ body, db, request }) => {
  const limited = await limitWalletAttempt(request, body.email);
  if (limited) return limited;
  const configured = paypalForSubscriptions();
  if (!configured?.plans[body.planId]) throw new ApiError(503, SUBSCRIPTIONS_UNAVAILABLE);
  const signedIn = await subscriberFromRequest(db, request);
  const created = await asApi(() =>
    createWalletSubscription(
      { db, paypal: configured.paypal, plans: configured.plans, siteUrl: getEnv().SITE_URL },
      { planId: body.planId, email: body.email, signedInSubscriberId: signedIn?.id ?? null },
    ),
  );
  return Response.json({ id: created.id, status: created.status }, { status: 201, headers: { "Set-Cookie": buyerSetCookie(request, created.id), "Cache-Control": "no-store" } });
});
