import "server-only";
import { getEnv } from "@/lib/env";
import { jsonError } from "./json";
import { clientKey, PUBLIC_FORM_LIMIT, type RateLimiter } from "./rate-limit";
import { sharedRateLimiter } from "./shared-limits";

const limiters = new Map<string, RateLimiter>();

/**
 * Applies the public-form rate limit for one form (shared by every instance: the
 * buckets live in the database). Returns a 429 response with
 * Retry-After when the client is over the limit, else null.
 */
export async function limitPublicForm(form: string, request: Request): Promise<Response | null> {
  if (!getEnv().RATE_LIMIT_ENABLED) return null;
  let limiter = limiters.get(form);
  if (!limiter) {
    limiter = sharedRateLimiter(`form:${form}`, PUBLIC_FORM_LIMIT);
    limiters.set(form, limiter);
  }
  const decision = await limiter.take(clientKey(request));
  if (decision.allowed) return null;
  return jsonError(
    429,
    `Too many requests. Please wait ${decision.retryAfterSeconds} seconds and try again.`,
    undefined,
    { "Retry-After": String(decision.retryAfterSeconds) },
  );
}
