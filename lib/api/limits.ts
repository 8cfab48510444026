import type { RateLimitRule } from "@/lib/http/rate-limit";

/** Limits of /api/v1, shared by the handlers (lib/api/v1.ts) and their description (lib/api/openapi.ts). */
export const V1_DEFAULT_LIMIT = 100;
export const V1_MAX_LIMIT = 500;
/** Requests a minute per account (and per client address before the key is looked up). */
export const V1_RATE_PER_MINUTE = 60;
export const V1_RATE_LIMIT: RateLimitRule = { capacity: V1_RATE_PER_MINUTE, refillMs: 60_000 / V1_RATE_PER_MINUTE };
