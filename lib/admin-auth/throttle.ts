/**
 * Slows down password guessing on the admin sign-in, without a lock an attacker can hold
 * (docs/security.md "Lockouts cannot be used against us").
 *
 * - Per username AND client address: after 5 failed sign-ins within 15 minutes every
 *   further try from that client is refused, without checking the password, for 30
 *   seconds; each failure after that doubles the wait (60 s, 2 min, 4 min...), up to 15
 *   minutes. The client address is the trusted one (lib/http/rate-limit.ts clientKey), so
 *   an attacker cannot spend the admin's allowance.
 * - Per username from all clients: 20 failures within 15 minutes mark the username as
 *   under attack. That refuses nobody by itself (a global lock would let an attacker keep
 *   the admin out for as long as he likes); it cuts the allowance of every client that has
 *   not signed in as this username in the last day from 5 failures to 1, so a guesser with
 *   many addresses gets one try per address, then the doubling waits.
 * - A client that signed in successfully as the username is remembered ("known", a row kept
 *   while it is used at least once a day): it keeps its 5 tries while the username is under
 *   attack. A new client still gets its first try at once.
 *
 * An attempt is counted as a failure when it starts (before the slow password check) and
 * forgiven when it succeeds, so a burst of parallel tries cannot slip past the limit.
 * While a client is locked even the right password is refused from it. A success clears
 * that client's counter.
 * The app keeps the failures in the database (signInThrottle() in lib/admin-auth/options.ts),
 * so every instance on one database counts them together.
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

/** How long a client that signed in stays "known" for the username (docs/security.md). */
const KNOWN_CLIENT_MS = 30 * 24 * 60 * 60_000;
const USER_LIST_MAX = 100;

export type ThrottleDecision = { allowed: true; attempt: ThrottleAttempt } | { allowed: false; retryAfterSeconds: number };

export type ThrottleAttempt = {
  /** The password was right: forget the failures of this username (and client). */
  succeeded: () => Promise<void>;
};

/**
 * Keeps the failure lists (times in ms). `update` hands `change` the lists of `keys`,
 * locked against concurrent updates of the same keys, and stores what it returns.
 * The app uses the database (lib/http/shared-limits.ts), so every instance counts the
 * same failures; the default is this process's memory (tests, tools).
 */
export interface ThrottleStore {
  update<T>(keys: string[], nowMs: number, change: (lists: number[][]) => { lists: number[][]; result: T }): Promise<T>;
  clear(keys: string[]): Promise<void>;
}

export class MemoryThrottleStore implements ThrottleStore {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly maxKeys = 50_000) {}

  async update<T>(keys: string[], _nowMs: number, change: (lists: number[][]) => { lists: number[][]; result: T }): Promise<T> {
    // No await between the read and the write: parallel attempts are applied one by one.
    const { lists, result } = change(keys.map((k) => this.failures.get(k) ?? []));
    keys.forEach((key, i) => {
      this.failures.delete(key);
      if (this.failures.size >= this.maxKeys) {
        const oldest = this.failures.keys().next();
        if (!oldest.done) this.failures.delete(oldest.value);
      }
      this.failures.set(key, lists[i] ?? []);
    });
    return result;
  }

  async clear(keys: string[]): Promise<void> {
    for (const key of keys) this.failures.delete(key);
  }
}

/** The failures of a list still inside the rule's window. */
function recent(list: number[], rule: ThrottleRule, now: number): number[] {
  return list.filter((t) => now - t < rule.windowMs);
}

/** Milliseconds until tries are allowed again after these recent failures (0 = allowed). */
function waitMs(failures: number[], rule: ThrottleRule, now: number): number {
  if (failures.length < rule.threshold) return 0;
  const last = failures[failures.length - 1] ?? now;
  const wait = Math.min(rule.maxWaitMs, rule.baseWaitMs * 2 ** (failures.length - rule.threshold));
  return Math.max(0, last + wait - now);
}

export class SignInThrottle {
  private readonly rules: { pair: ThrottleRule; username: ThrottleRule };

  constructor(
    private readonly now: () => number = Date.now,
    rules: { pair: ThrottleRule; username: ThrottleRule } = { pair: SIGN_IN_PAIR_RULE, username: SIGN_IN_USERNAME_RULE },
    private readonly store: ThrottleStore = new MemoryThrottleStore(),
  ) {
    this.rules = rules;
  }

  /**
   * Starts a sign-in attempt for `username` (normalized) from `client`. Refused while
   * either counter is locked; otherwise the attempt counts as a failure until
   * `succeeded()` is called.
   */
  async begin(username: string, client: string): Promise<ThrottleDecision> {
    const now = this.now();
    // JSON keeps the parts apart and escapes what a database text cannot hold (NUL).
    const pairKey = `pair:${JSON.stringify([client, username])}`;
    const userKey = `user:${JSON.stringify(username)}`;
    const knownKey = `known:${JSON.stringify([client, username])}`;
    const { pair, username: userRule } = this.rules;
    const wait = await this.store.update([pairKey, userKey, knownKey], now, ([pairList = [], userList = [], knownList = []]) => {
      const pairRecent = recent(pairList, pair, now);
      // Only the count up to the threshold matters: the list stays short under a flood.
      const userRecent = recent(userList, userRule, now).slice(-USER_LIST_MAX);
      const known = knownList.some((t) => now - t < KNOWN_CLIENT_MS);
      const underAttack = userRecent.length >= userRule.threshold;
      const rule = underAttack && !known ? { ...pair, threshold: 1 } : pair;
      const ms = waitMs(pairRecent, rule, now);
      const knownKept = known ? knownList : [];
      if (ms > 0) return { lists: [pairRecent, userRecent, knownKept], result: ms };
      return { lists: [[...pairRecent, now], [...userRecent, now].slice(-USER_LIST_MAX), knownKept], result: 0 };
    });
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    return {
      allowed: true,
      attempt: {
        succeeded: async () => {
          await this.store.clear([pairKey]);
          await this.store.update([knownKey], this.now(), () => ({ lists: [[this.now()]], result: undefined }));
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
