import { RateLimiter, type RateLimitRule } from "@/lib/http/rate-limit";

/**
 * Calls to PayPal's verify-webhook-signature endpoint are rate-limited (docs/billing.md "What is verified"):
 * a token bucket per process, so a flood of forged deliveries cannot spend our PayPal API
 * quota. Over the limit the webhook answers 429 with Retry-After and PayPal redelivers later.
 * 20 verifications at once, then 10 a second.
 */
export const VERIFY_LIMIT: RateLimitRule = { capacity: 20, refillMs: 100 };

let limiter = new RateLimiter(VERIFY_LIMIT);

export function takeVerification() {
  return limiter.take("paypal-verify-webhook");
}

/** Tests: a fresh bucket with another rule (or the default). */
export function resetVerificationLimit(rule: RateLimitRule = VERIFY_LIMIT): void {
  limiter = new RateLimiter(rule);
}
