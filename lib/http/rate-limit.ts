/**
 * Rate limiting for public forms: a token bucket per client and form. The limits are
 * far above what a person filling in a form can reach (see PUBLIC_FORM_LIMIT) and stop
 * scripted floods. State lives in this process's memory: with several app instances,
 * each limits on its own (documented in docs/security.md).
 */
export type RateLimitRule = {
  /** Requests allowed in a burst. */
  capacity: number;
  /** Time for one token to come back, in ms. */
  refillMs: number;
};

/** 30 submissions at once, then one every 20 s (30 per 10 minutes sustained). */
export const PUBLIC_FORM_LIMIT: RateLimitRule = { capacity: 30, refillMs: 20_000 };

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type Bucket = { tokens: number; updatedAt: number };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  take(key: string): RateLimitDecision {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.rule.capacity, updatedAt: now };
    const refilled = Math.min(this.rule.capacity, bucket.tokens + (now - bucket.updatedAt) / this.rule.refillMs);
    if (refilled >= 1) {
      this.store(key, { tokens: refilled - 1, updatedAt: now });
      return { allowed: true };
    }
    this.store(key, { tokens: refilled, updatedAt: now });
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((1 - refilled) * this.rule.refillMs) / 1000)) };
  }

  private store(key: string, bucket: Bucket) {
    // Map keeps insertion order: drop the oldest client when the table is full.
    this.buckets.delete(key);
    if (this.buckets.size >= this.maxKeys) {
      const oldest = this.buckets.keys().next();
      if (!oldest.done) this.buckets.delete(oldest.value);
    }
    this.buckets.set(key, bucket);
  }
}

/**
 * The client's address: the first entry of X-Forwarded-For (set by `next start` and
 * by the platform's proxy), else X-Real-IP.
 */
export function clientKey(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  return first || request.headers.get("x-real-ip")?.trim() || "unknown";
}
