import "server-only";
import { getEnv } from "@/lib/env";
import { jsonError } from "./json";
import { clientKey, PUBLIC_FORM_LIMIT, RateLimiter } from "./rate-limit";

const limiters = new Map<string, RateLimiter>();

/**
 * Applies the public-form rate limit for one form. Returns a 429 response with
 * Retry-After when the client is over the limit, else null.
 */
export function limitPublicForm(form: string, request: Request): Response | null {
  if (!getEnv().RATE_LIMIT_ENABLED) return null;
  let limiter = limiters.get(form);
  if (!limiter) {
    limiter = new RateLimiter(PUBLIC_FORM_LIMIT);
    limiters.set(form, limiter);
  }
  const decision = limiter.take(clientKey(request));
  if (decision.allowed) return null;
  return jsonError(
    429,
    `Too many requests. Please wait ${decision.retryAfterSeconds} seconds and try again.`,
    undefined,
    { "Retry-After": String(decision.retryAfterSeconds) },
  );
}
