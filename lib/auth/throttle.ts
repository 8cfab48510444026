/**
 * Slows down password guessing on the admin sign-in.
 *
 * - Per username AND client address: after 5 failed sign-ins within 15 minutes every
 *   further try is refused, without checking the password, for 30 seconds; each failure
 *   after that doubles the wait (60 s, 2 min, 4 min...), up to 15 minutes.
 * - Per username from all clients (a backstop, because a client can send any
 *   X-Forwarded-For when no trusted proxy overwrites it): the same after 20 failures.
 *
 * An attempt is counted as a failure when it starts (before the slow password check) and
 * forgiven when it succeeds, so a burst of parallel tries cannot slip past the limit.
 * While locked even the right password is refused. A success clears both counters.
 * State lives in this process's memory, like the public-form rate limits.
 */
export type ThrottleRule = {
  /** Failures within the window before tries are refused. */
  threshold: number;
  windowMs: number;
  /** Wait after the threshold-th failure; doubles with each further failure. */
  baseWaitMs: number;
  maxWaitMs: number;
};

export const SIGN_IN_PAIR_RULE: ThrottleRule = { threshold: 5, windowMs: 15 * 60_000, baseWaitMs: 30_000, maxWaitMs: 15 * 60_000 };
export const SIGN_IN_USERNAME_RULE: ThrottleRule = { ...SIGN_IN_PAIR_RULE, threshold: 20 };

export type ThrottleDecision = { allowed: true; attempt: ThrottleAttempt } | { allowed: false; retryAfterSeconds: number };

export type ThrottleAttempt = {
  /** The password was right: forget the failures of this username (and client). */
  succeeded: () => void;
};

class FailureLog {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly maxKeys: number,
  ) {}

  /** Milliseconds until tries are allowed again for this key (0 = allowed). */
  waitMs(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.rule.threshold) return 0;
    const last = recent[recent.length - 1] ?? now;
    const wait = Math.min(this.rule.maxWaitMs, this.rule.baseWaitMs * 2 ** (recent.length - this.rule.threshold));
    return Math.max(0, last + wait - now);
  }

  add(key: string, at: number) {
    const recent = this.recent(key, at);
    recent.push(at);
    this.failures.delete(key);
    if (this.failures.size >= this.maxKeys) {
      const oldest = this.failures.keys().next();
      if (!oldest.done) this.failures.delete(oldest.value);
    }
    this.failures.set(key, recent);
  }

  /** Forgets every failure of this key (after a successful sign-in). */
  clear(key: string) {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const all = this.failures.get(key) ?? [];
    return all.filter((t) => now - t < this.rule.windowMs);
  }
}

export class SignInThrottle {
  private readonly pairs: FailureLog;
  private readonly usernames: FailureLog;

  constructor(
    private readonly now: () => number = Date.now,
    rules: { pair: ThrottleRule; username: ThrottleRule } = { pair: SIGN_IN_PAIR_RULE, username: SIGN_IN_USERNAME_RULE },
    maxKeys = 50_000,
  ) {
    this.pairs = new FailureLog(rules.pair, maxKeys);
    this.usernames = new FailureLog(rules.username, maxKeys);
  }

  /**
   * Starts a sign-in attempt for `username` (normalized) from `client`. Refused while
   * either counter is locked; otherwise the attempt counts as a failure until
   * `succeeded()` is called.
   */
  begin(username: string, client: string): ThrottleDecision {
    const now = this.now();
    const pairKey = `${client}\u0000${username}`;
    const wait = Math.max(this.pairs.waitMs(pairKey, now), this.usernames.waitMs(username, now));
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    this.pairs.add(pairKey, now);
    this.usernames.add(username, now);
    return {
      allowed: true,
      attempt: {
        succeeded: () => {
          this.pairs.clear(pairKey);
          this.usernames.clear(username);
        },
      },
    };
  }
}

/** "30 seconds", "2 minutes": the wait as the sign-in page shows it. */
export function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export function throttledMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. Please wait ${describeWait(retryAfterSeconds)} before trying again.`;
}
