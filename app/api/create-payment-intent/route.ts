import { z } from "zod";
import { subscriberFromRequest } from "@/lib/accounts/session";
import { getAdmin } from "@/lib/admin-auth/session";
import { MAX_JSON_BYTES } from "@/lib/http/json";
import { PUBLIC_FORM_LIMIT, type RateLimitRule } from "@/lib/http/rate-limit";
import { ApiError, defineRoute, takeRateLimit } from "@/lib/http/route";
import { createCardPayment, priceCardCheckout } from "@/lib/payments/card-checkout";
import { verifyAttempt } from "@/lib/payments/checkout-attempt";
import { NOT_CONFIGURED } from "@/lib/payments/errors";
import { createPaymentIntentSchema } from "@/lib/payments/schemas";
import { getStripe } from "@/lib/payments/stripe-client";
import { getSecret } from "@/lib/secrets";

/** Card attempts per client, on top of the public-form limit. */
const CLIENT_LIMIT: RateLimitRule = { capacity: 10, refillMs: 60_000 };
/** 5 at once, then one every 12 minutes: at most about 5 an hour per email. */
const EMAIL_LIMIT: RateLimitRule = { capacity: 5, refillMs: 12 * 60_000 };
const EMAIL_LIMIT_MESSAGE = "Too many payment attempts for this email address. Please wait before trying again, or contact support.";

const bodySchema = createPaymentIntentSchema.extend({
  attempt: z.string({ error: "attempt must be a string" }).max(200, { error: "Unknown checkout attempt" }).optional(),
});

/**
 * POST /api/create-payment-intent {amount, plan, email, attempt?, timestamp?, payment_method_types?}
 * -> {clientSecret, paymentId, kind} | {error}. Priced from the catalog; see lib/payments/card-checkout.
 *
 * Order of checks (docs/billing.md "Card payments"): the public-form limit and the card limit per client
 * (429); the body, plan, amount, email and attempt token (400), so a bad request is 400
 * even when card payments are off; the $1 test payment (`test`) needs a signed-in admin
 * (401 signed out, 403 for a subscriber); at most EMAIL_LIMIT attempts per email (429);
 * then card payments must be configured (503).
 */
export const POST = defineRoute(
  {
    name: "create-payment-intent",
    auth: "public",
    body: bodySchema,
    bodyLimit: MAX_JSON_BYTES,
    rateLimit: [PUBLIC_FORM_LIMIT, CLIENT_LIMIT],
    errorKey: "error",
    cacheControl: "no-store",
  },
  async ({ request, db, now, body: input }) => {
    const item = priceCardCheckout(input);
    const attemptId = input.attempt ? verifyAttempt(input.attempt, getSecret("auth"), now.getTime()) : null;
    if (input.attempt && !attemptId) {
      throw new ApiError(400, "This checkout has expired. Please reload the page and try again.", { attempt: "Unknown or expired checkout attempt" });
    }
    if (item.kind === "one-time" && item.product.id === "test-payment" && !(await getAdmin(request))) {
      const subscriber = await subscriberFromRequest(db, request, now);
      throw subscriber ? new ApiError(403, "The test payment is for admins only.") : new ApiError(401, "Admin sign-in required for the test payment.");
    }
    await takeRateLimit("card-intent:email", EMAIL_LIMIT, input.email.toLowerCase(), EMAIL_LIMIT_MESSAGE);

    const stripe = getStripe();
    if (!stripe) throw new ApiError(503, NOT_CONFIGURED.card);
    // A signed-in subscriber's checkout joins their account (docs/billing.md "Checkout joins the account").
    const signedIn = await subscriberFromRequest(db, request, now);
    return createCardPayment({ db, stripe, now, subscriberId: signedIn?.id ?? null }, input, attemptId);
  },
);
