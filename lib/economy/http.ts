/**
 * One outgoing call with a timeout and retries with backoff. Dependencies (fetch, sleep)
 * are arguments so tests run against a local server with no real waiting.
 *
 * Retried: network failures, timeouts, 429 and 5xx. Not retried: other 4xx (retrying
 * would not change the answer). Backoff: `backoffMs`, doubling, at most `maxBackoffMs`.
 */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type HttpOptions = {
  fetch: FetchLike;
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  backoffMs: number;
  maxBackoffMs?: number;
  sleep: (ms: number) => Promise<void>;
  /** Asked before every attempt; false stops (e.g. the daily query budget is spent). */
  mayAttempt?: () => boolean;
  /** Told after every attempt whether it reached the server (got an answer or timed out). */
  onAttempt?: (reachedServer: boolean) => void;
};

export type HttpResult =
  | { ok: true; status: number; text: string; attempts: number }
  | { ok: false; kind: "network" | "timeout" | "http" | "budget"; status?: number; error: string; attempts: number; text?: string };

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** "fetch failed: getaddrinfo ENOTFOUND api.bls.gov" (checks shapes, not classes: errors may come from another realm). */
function describe(error: unknown): string {
  if (typeof error !== "object" || error === null) return String(error);
  const { message, cause } = error as { message?: unknown; cause?: unknown };
  const text = typeof message === "string" ? message : String(error);
  if (typeof cause === "object" && cause !== null) {
    const { message: causeMessage, code } = cause as { message?: unknown; code?: unknown };
    if (typeof causeMessage === "string" && causeMessage) return `${text}: ${causeMessage}`;
    if (code !== undefined) return `${text}: ${String(code)}`;
  }
  return text;
}

export async function requestWithRetry(url: string, init: RequestInit, options: HttpOptions): Promise<HttpResult> {
  const maxBackoff = options.maxBackoffMs ?? 30_000;
  let last: HttpResult = { ok: false, kind: "network", error: "not attempted", attempts: 0 };
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) await options.sleep(Math.min(options.backoffMs * 2 ** (attempt - 1), maxBackoff));
    if (options.mayAttempt && !options.mayAttempt()) {
      return { ok: false, kind: "budget", error: "query budget spent", attempts: attempt };
    }
    let response: Response;
    try {
      response = await options.fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      const name = typeof error === "object" && error !== null && "name" in error ? String((error as { name: unknown }).name) : "";
      const timedOut = name === "TimeoutError" || name === "AbortError";
      options.onAttempt?.(timedOut);
      last = timedOut
        ? { ok: false, kind: "timeout", error: `no answer within ${options.timeoutMs / 1000} s`, attempts: attempt + 1 }
        : { ok: false, kind: "network", error: describe(error), attempts: attempt + 1 };
      continue;
    }
    options.onAttempt?.(true);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      last = { ok: false, kind: "network", error: `the answer broke off: ${describe(error)}`, attempts: attempt + 1 };
      continue;
    }
    if (response.ok) return { ok: true, status: response.status, text, attempts: attempt + 1 };
    last = { ok: false, kind: "http", status: response.status, error: `HTTP ${response.status}`, attempts: attempt + 1, text };
    if (response.status !== 429 && response.status < 500) return last;
  }
  return last;
}
