import { z } from "zod";
import { subscriberFromRequest } from "@/lib/accounts/session";
import { getAdmin } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonError, parseJsonBody } from "@/lib/http/json";
import { limitPublicForm } from "@/lib/http/public-form";
import { clientKey, type RateLimiter, type RateLimitRule } from "@/lib/http/rate-limit";
import { sharedRateLimiter } from "@/lib/http/shared-limits";
import { createCardPayment, priceCardCheckout } from "@/lib/payments/card-checkout";
import { verifyAttempt } from "@/lib/payments/checkout-attempt";
import { NOT_CONFIGURED, PaymentError } from "@/lib/payments/errors";
import { asPaymentError, paymentErrorResponse } from "@/lib/payments/http";
import { createPaymentIntentSchema } from "@/lib/payments/schemas";
import { getStripe } from "@/lib/payments/stripe-client";
import { getSecret } from "@/lib/secrets";

/**
 * POST /api/create-payment-intent {amount, plan, email, attempt?, timestamp?, payment_method_types?}
 * -> {clientSecret, paymentId, kind} | {error}. Priced from the catalog; see lib/payments/card-checkout.
 *
 * Order of checks (issue 13 item 3): the public-form limit and the card limit per client
 * (429); the body, plan, amount, email and attempt token (400), so a bad request is 400
 * even when card payments are off; the $1 test payment (`test`) needs a signed-in admin
 * (401 signed out, 403 for a subscriber); at most EMAIL_LIMIT attempts per email (429);
 * then card payments must be configured (503).
 */
const CLIENT_LIMIT: RateLimitRule = { capacity: 10, refillMs: 60_000 };
/** 5 at once, then one every 12 minutes: at most about 5 an hour per email. */
const EMAIL_LIMIT: RateLimitRule = { capacity: 5, refillMs: 12 * 60_000 };
const EMAIL_LIMIT_MESSAGE = "Too many payment attempts for this email address. Please wait before trying again, or contact support.";

const bodySchema = createPaymentIntentSchema.extend({
  attempt: z.string({ error: "attempt must be a string" }).max(200, { error: "Unknown checkout attempt" }).optional(),
});

const limiters = new Map<string, RateLimiter>();
async function take(name: string, rule: RateLimitRule, key: string): Promise<Response | null> {
  if (!getEnv().RATE_LIMIT_ENABLED) return null;
  let limiter = limiters.get(name);
  if (!limiter) {
    limiter = sharedRateLimiter(name, rule);
    limiters.set(name, limiter);
  }
  const decision = await limiter.take(key);
  if (decision.allowed) return null;
  const message = name === "card-intent:email" ? EMAIL_LIMIT_MESSAGE : `Too many requests. Please wait ${decision.retryAfterSeconds} seconds and try again.`;
  return Response.json({ error: message }, { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds), "Cache-Control": "no-store" } });
}

export async function POST(request: Request): Promise<Response> {
  try {
    const limited = await limitPublicForm("create-payment-intent", request);
    if (limited) return asPaymentError(limited);
    const byClient = await take("card-intent:client", CLIENT_LIMIT, clientKey(request));
    if (byClient) return byClient;

    const parsed = await parseJsonBody(request, bodySchema);
    if (!parsed.ok) return asPaymentError(parsed.response);
    const input = parsed.data;
    const item = priceCardCheckout(input);
    const now = new Date();
    const attemptId = input.attempt ? verifyAttempt(input.attempt, getSecret("auth"), now.getTime()) : null;
    if (input.attempt && !attemptId) {
      throw new PaymentError(400, "This checkout has expired. Please reload the page and try again.", { attempt: "Unknown or expired checkout attempt" });
    }

    const db = getDb();
    if (item.kind === "one-time" && item.product.id === "test-payment") {
      const admin = await getAdmin(request);
      if (!admin) {
        const subscriber = await subscriberFromRequest(db, request, now);
        return asPaymentError(
          subscriber ? jsonError(403, "The test payment is for admins only.") : jsonError(401, "Admin sign-in required for the test payment."),
        );
      }
    }
    const byEmail = await take("card-intent:email", EMAIL_LIMIT, input.email.toLowerCase());
    if (byEmail) return byEmail;

    const stripe = getStripe();
    if (!stripe) return Response.json({ error: NOT_CONFIGURED.card }, { status: 503 });
    // A signed-in subscriber's checkout joins their account (issue 11 item 5).
    const signedIn = await subscriberFromRequest(db, request, now);
    const result = await createCardPayment({ db, stripe, now, subscriberId: signedIn?.id ?? null }, input, attemptId);
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return paymentErrorResponse(error, "create-payment-intent");
  }
}
