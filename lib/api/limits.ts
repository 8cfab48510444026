import type { RateLimitRule } from "@/lib/http/rate-limit";

/** Limits of /api/v1, shared by the handlers (lib/api/v1.ts) and their description (lib/api/openapi.ts). */
export const V1_DEFAULT_LIMIT = 100;
export const V1_MAX_LIMIT = 500;
/** Requests a minute per account (and per client address before the key is looked up). */
export const V1_RATE_PER_MINUTE = 60;
export const V1_RATE_LIMIT: RateLimitRule = { capacity: V1_RATE_PER_MINUTE, refillMs: 60_000 / V1_RATE_PER_MINUTE };

/** The public duty lookup (GET /api/v1/duty, no key): requests a minute per client address. */
export const DUTY_RATE_PER_MINUTE = 30;
export const DUTY_RATE_LIMIT: RateLimitRule = { capacity: DUTY_RATE_PER_MINUTE, refillMs: 60_000 / DUTY_RATE_PER_MINUTE };

/** The days the duty lookup answers for: the tables hold no law before 2018 and nothing scheduled after 2030. */
export const DUTY_FIRST_DAY = "2018-01-01";
export const DUTY_LAST_DAY = "2030-12-31";
