/**
 * When a failed send is tried again. Pure: the outbox passes the attempt count and the
 * clock. Exponential backoff: 1 minute after the first failure, doubling each time,
 * at most 1 hour apart, 8 attempts in all; then the message is failed for good. The
 * whole sequence spans about two hours, well inside the 24 hours for which the email
 * provider remembers an idempotency key, so a retry of a message that did get through
 * is answered with the original message id instead of a second email.
 */
export const RETRY_POLICY = {
  baseDelayMs: 60_000,
  factor: 2,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 8,
  /** A provider's Retry-After is honoured up to this long. */
  maxRetryAfterMs: 6 * 60 * 60_000,
  /**
   * How long a message being sent is left alone: a record still "queued" this long after
   * it was claimed (the process died mid-send) is picked up by the retry run.
   */
  claimLeaseMs: 5 * 60_000,
} as const;

/** The delay before attempt `attemptsMade + 1`, given `attemptsMade` (>= 1) attempts failed. */
export function backoffDelayMs(attemptsMade: number): number {
  const exponent = Math.max(0, attemptsMade - 1);
  return Math.min(RETRY_POLICY.baseDelayMs * RETRY_POLICY.factor ** exponent, RETRY_POLICY.maxDelayMs);
}

/**
 * When to try again after `attemptsMade` failed attempts, or null when the message has
 * had its last attempt. A provider's Retry-After (rate limit) pushes the time later,
 * never earlier.
 */
export function nextAttemptAt(attemptsMade: number, now: Date, retryAfterMs: number | null = null): Date | null {
  if (attemptsMade >= RETRY_POLICY.maxAttempts) return null;
  const delay = Math.max(backoffDelayMs(attemptsMade), Math.min(retryAfterMs ?? 0, RETRY_POLICY.maxRetryAfterMs));
  return new Date(now.getTime() + delay);
}
