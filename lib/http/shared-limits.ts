import "server-only";
import type { ThrottleStore } from "@/lib/admin-auth/throttle";
import { getDb } from "@/lib/db";
import type { PrismaClient } from "@/lib/db/generated/client";
import { RateLimiter, retryAfterSeconds, type BucketStore, type RateLimitDecision, type RateLimitRule } from "./rate-limit";

/**
 * Limits shared by every app instance on one database (docs/security.md):
 * rate-limit buckets in `rate_limit_buckets`, failed admin sign-ins in `sign_in_throttle`.
 * Rows untouched for a day are pruned on about 1% of calls.
 */
const PRUNE_SAMPLE = 0.01;
/** A cold embedded database (the first request after a start) can take seconds to open. */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 };
const DAY_MS = 24 * 60 * 60_000;

type DbGetter = () => PrismaClient;

/**
 * Token buckets in the database. One statement refills the bucket for the time since
 * its last use and takes a token, refusing (no row returned) when less than one is
 * left: concurrent requests on any instance queue on the row, so none slips past.
 */
export class DatabaseBucketStore implements BucketStore {
  constructor(
    private readonly db: DbGetter,
    private readonly random: () => number = Math.random,
  ) {}

  async take(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitDecision> {
    try {
      return await this.takeOrThrow(key, rule, nowMs);
    } catch (error) {
      // A limit that cannot be read lets the request through (the handler's own database
      // calls will fail the same way) rather than turning every form into a 500.
      console.error("[rate-limit] could not read the bucket", error);
      return { allowed: true };
    }
  }

  private async takeOrThrow(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitDecision> {
    const db = this.db();
    const cap = rule.capacity;
    const refill = rule.refillMs;
    if (this.random() < PRUNE_SAMPLE) this.prune(db, nowMs);
    const taken = await db.$queryRaw<{ tokens: number }[]>`
      INSERT INTO rate_limit_buckets AS b (key, tokens, updated_at)
      VALUES (${key}, ${cap - 1}::double precision, to_timestamp(${nowMs}::double precision / 1000))
      ON CONFLICT (key) DO UPDATE SET
        tokens = LEAST(${cap}::double precision, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM (to_timestamp(${nowMs}::double precision / 1000) - b.updated_at))::double precision * 1000 / ${refill}::double precision)) - 1,
        updated_at = GREATEST(b.updated_at, to_timestamp(${nowMs}::double precision / 1000))
      WHERE LEAST(${cap}::double precision, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM (to_timestamp(${nowMs}::double precision / 1000) - b.updated_at))::double precision * 1000 / ${refill}::double precision)) >= 1
      RETURNING tokens`;
    if (taken.length > 0) return { allowed: true };
    // Refused: how long until a token is back (read only for the Retry-After figure).
    const rows = await db.$queryRaw<{ refilled: number }[]>`
      SELECT LEAST(${cap}::double precision, tokens + GREATEST(0, EXTRACT(EPOCH FROM (to_timestamp(${nowMs}::double precision / 1000) - updated_at))::double precision * 1000 / ${refill}::double precision)) AS refilled
      FROM rate_limit_buckets WHERE key = ${key}`;
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(Math.min(0.999, Number(rows[0]?.refilled ?? 0)), rule) };
  }

  private prune(db: PrismaClient, nowMs: number) {
    db.rateLimitBucket.deleteMany({ where: { updatedAt: { lt: new Date(nowMs - DAY_MS) } } }).catch((error: unknown) => {
      console.error("[rate-limit] could not prune old buckets", error);
    });
  }
}

/**
 * Failure lists of the admin sign-in throttle in the database. The rows of one attempt
 * are locked (in key order, so two attempts cannot deadlock) for the read-decide-write,
 * so a burst of parallel tries on several instances is counted one by one.
 */
export class DatabaseThrottleStore implements ThrottleStore {
  constructor(
    private readonly db: DbGetter,
    private readonly random: () => number = Math.random,
  ) {}

  async update<T>(keys: string[], nowMs: number, change: (lists: number[][]) => { lists: number[][]; result: T }): Promise<T> {
    const db = this.db();
    if (this.random() < PRUNE_SAMPLE) {
      db.signInThrottle.deleteMany({ where: { updatedAt: { lt: new Date(nowMs - DAY_MS) } } }).catch((error: unknown) => {
        console.error("[auth] could not prune old sign-in failures", error);
      });
    }
    const now = new Date(nowMs);
    return db.$transaction(async (tx) => {
      const lists = new Map<string, number[]>();
      for (const key of [...new Set(keys)].sort()) {
        const rows = await tx.$queryRaw<{ failures: number[] | null }[]>`
          INSERT INTO sign_in_throttle AS t (key, failures, updated_at) VALUES (${key}, '{}', ${now})
          ON CONFLICT (key) DO UPDATE SET updated_at = t.updated_at
          RETURNING failures`;
        lists.set(key, (rows[0]?.failures ?? []).map(Number));
      }
      const { lists: next, result } = change(keys.map((k) => lists.get(k) ?? []));
      for (const [i, key] of keys.entries()) {
        await tx.signInThrottle.update({ where: { key }, data: { failures: next[i] ?? [], updatedAt: now } });
      }
      return result;
    }, TRANSACTION_OPTIONS);
  }

  async clear(keys: string[]): Promise<void> {
    await this.db().signInThrottle.deleteMany({ where: { key: { in: keys } } });
  }
}

/** A rate limiter whose buckets live in the app's database, keys prefixed with `namespace`. */
export function sharedRateLimiter(namespace: string, rule: RateLimitRule): RateLimiter {
  return new RateLimiter(rule, { namespace, store: new DatabaseBucketStore(getDb) });
}
