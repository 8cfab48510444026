import { clientAddressSettings } from "@/lib/env/security";
import { rawEnv } from "@/lib/env/runtime";
/**
 * Rate limiting: a token bucket per client and limiter. The limits are far above what a
 * person filling in a form can reach (see PUBLIC_FORM_LIMIT) and stop scripted floods.
 *
 * Where the buckets live is the store's business: the app uses the database
 * (lib/http/shared-limits.ts: one row per bucket, refilled and taken in one atomic
 * statement, so every instance on one PostgreSQL shares the same limits); tests and
 * tools may use the in-memory store below. docs/security.md.
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

/** Keeps the buckets: refills the bucket of `key` up to `nowMs` and takes one token if there is one. */
export interface BucketStore {
  take(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitDecision>;
}

/** Seconds until one token is back in a bucket holding `tokens` (< 1). */
export function retryAfterSeconds(tokens: number, rule: RateLimitRule): number {
  return Math.max(1, Math.ceil(((1 - tokens) * rule.refillMs) / 1000));
}

type Bucket = { tokens: number; updatedAt: number };

/** Buckets in this process's memory (one process only: tests, tools). */
export class MemoryBucketStore implements BucketStore {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly maxKeys = 50_000) {}

  async take(key: string, rule: RateLimitRule, now: number): Promise<RateLimitDecision> {
    const bucket = this.buckets.get(key) ?? { tokens: rule.capacity, updatedAt: now };
    const refilled = Math.min(rule.capacity, bucket.tokens + Math.max(0, now - bucket.updatedAt) / rule.refillMs);
    if (refilled >= 1) {
      this.store(key, { tokens: refilled - 1, updatedAt: now });
      return { allowed: true };
    }
    this.store(key, { tokens: refilled, updatedAt: now });
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(refilled, rule) };
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

export type RateLimiterOptions = {
  /** Where the buckets live (default: this process's memory). */
  store?: BucketStore;
  /** Prefix of every bucket key, so limiters sharing a store keep apart. */
  namespace?: string;
  now?: () => number;
};

export class RateLimiter {
  private readonly store: BucketStore;
  private readonly now: () => number;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly options: RateLimiterOptions = {},
  ) {
    this.store = options.store ?? new MemoryBucketStore();
    this.now = options.now ?? Date.now;
  }

  take(key: string): Promise<RateLimitDecision> {
    const full = this.options.namespace ? `${this.options.namespace}:${key}` : key;
    return this.store.take(full, this.rule, this.now());
  }
}

/**
 * The header our own server (scripts/serve.mjs) writes the client's address into, always
 * overwriting what the client sent. Read only when that server runs (it sets
 * TARIFFWATCH_SERVER=1 in its process), because without it anyone can send the header.
 */
export const SERVER_CLIENT_IP_HEADER = "x-tw-client-ip";

export type ClientAddressOptions = {
  /** True when scripts/serve.mjs sets SERVER_CLIENT_IP_HEADER. */
  fromServer: boolean;
  /** CLIENT_IP_HEADER: the hosting platform's own trustworthy header (e.g. x-vercel-forwarded-for). */
  platformHeader: string | undefined;
};

function defaultClientAddressOptions(): ClientAddressOptions {
  return clientAddressSettings(rawEnv());
}

/** Client keys are bounded: a header cannot make a bucket key of any length. */
const MAX_KEY = 100;

/**
 * The client's address for rate limits and sign-in throttles, from a header getter:
 * 1. our server's SERVER_CLIENT_IP_HEADER (the socket address, or the X-Forwarded-For
 *    entry TRUSTED_PROXY_HOPS from the right: scripts/client-address.mjs);
 * 2. else the platform header named by CLIENT_IP_HEADER (its right-most entry);
 * 3. else "unknown": one shared bucket. Never the client-sent first X-Forwarded-For
 *    entry, which a flood can change on every request.
 */
export function clientKeyFrom(get: (name: string) => string | null | undefined, options = defaultClientAddressOptions()): string {
  if (options.fromServer) {
    const value = get(SERVER_CLIENT_IP_HEADER)?.trim();
    if (value) return value.slice(0, MAX_KEY);
  }
  if (options.platformHeader) {
    const entries = (get(options.platformHeader) ?? "").split(",").map((e) => e.trim()).filter(Boolean);
    const last = entries[entries.length - 1];
    if (last) return last.slice(0, MAX_KEY);
  }
  return "unknown";
}

/** The client's address of a request (see clientKeyFrom). */
export function clientKey(request: Request, options?: ClientAddressOptions): string {
  return clientKeyFrom((name) => request.headers.get(name), options);
}
