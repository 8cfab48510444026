import { Resend } from "resend";

/**
 * Handing a message to the email provider. The outbox decides what to send and when;
 * a transport only sends one message and reports, without throwing, what happened.
 */
export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Provider-side labels (letters, digits, _ and - only). */
  tags?: { name: string; value: string }[];
  /** Sent as the provider's Idempotency-Key: the same key never sends twice. */
  idempotencyKey: string;
};

export type SendResult =
  | { ok: true; providerMessageId: string }
  | {
      ok: false;
      /** True when sending the same message again cannot succeed (a validation error, a reused key). */
      permanent: boolean;
      error: string;
      /** HTTP status, or null when the provider could not be reached. */
      statusCode: number | null;
      /** From the provider's Retry-After header (rate limits). */
      retryAfterMs: number | null;
    };

export type SendFailure = Extract<SendResult, { ok: false }>;

/** What a batch send reports: every message accepted (ids in the order sent), or the whole batch refused. */
export type BatchSendResult = { ok: true; providerMessageIds: string[] } | SendFailure;

/** Most messages in one batch call (Resend's limit for POST /emails/batch). */
export const BATCH_LIMIT = 100;

export type EmailTransport = {
  readonly name: string;
  send: (email: OutgoingEmail) => Promise<SendResult>;
  /**
   * Up to BATCH_LIMIT messages in one call, all or none (strict validation), under one
   * idempotency key for the whole call (the messages' own keys are not sent). Optional: the
   * outbox sends one by one through a transport without it.
   */
  sendBatch?: (emails: Omit<OutgoingEmail, "idempotencyKey">[], idempotencyKey: string) => Promise<BatchSendResult>;
};

/** Resend's documented error shape: {statusCode, name, message}. */
export type ResendError = { statusCode: number | null; name: string; message: string };

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date = new Date()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/**
 * Which failures are worth retrying. Permanent: the request itself is wrong (400, 404,
 * 405, 422 validation errors) or the idempotency key was already used with a different
 * message (409 invalid_idempotent_request: an earlier attempt most likely went through).
 * Everything else is retried with backoff: no answer or a timeout, 5xx, 429 rate and
 * quota limits, 409 while the first request with the key is still running, and 401/403
 * (a missing or restricted key, an unverified domain: fixable by configuration).
 */
export function classifyResendError(error: ResendError, headers: Record<string, string> | null): SendFailure {
  const status = error.statusCode;
  const permanent =
    status !== null &&
    (status === 400 || status === 404 || status === 405 || status === 422 || (status === 409 && error.name !== "concurrent_idempotent_requests"));
  return {
    ok: false,
    permanent,
    error: `${status ?? "no response"} ${error.name}: ${error.message}`,
    statusCode: status,
    retryAfterMs: parseRetryAfter(headers?.["retry-after"]),
  };
}

export type ResendTransportOptions = {
  apiKey: string;
  /** Default https://api.resend.com; tests point it at a local double. */
  baseUrl?: string;
  /** Per request (default 15 s); a timeout counts as "no response" and is retried. */
  timeoutMs?: number;
  /**
   * Spacing of requests from this process (default 2 a second, Resend's default team
   * limit), with a 10% margin: requests spaced exactly 500 ms apart arrive with network
   * jitter, and three can land in one second of the provider's count (seen at 2 a second
   * against the Resend double: 20 of 100 batch calls refused with 429, each a minute's
   * delay for its 100 messages; docs/email.md "Batches"). 0 = no spacing. A 429 is still
   * handled by the retry policy.
   */
  requestsPerSecond?: number;
};

const noResponse = (error: unknown): SendFailure => ({
  ok: false,
  permanent: false,
  error: `no response: ${error instanceof Error ? error.message : String(error)}`,
  statusCode: null,
  retryAfterMs: null,
});

const payloadOf = (email: Omit<OutgoingEmail, "idempotencyKey">) => ({
  from: email.from,
  to: email.to,
  subject: email.subject,
  html: email.html,
  text: email.text,
  headers: email.headers,
  tags: email.tags,
});

/**
 * Sends through Resend: one message by POST /emails with its own idempotency key, many by
 * POST /emails/batch (up to 100, strict validation) with the batch's key. Both share the
 * request spacing.
 */
export function createResendTransport(options: ResendTransportOptions): EmailTransport {
  const client = new Resend(options.apiKey, options.baseUrl ? { baseUrl: options.baseUrl.replace(/\/+$/, "") } : undefined);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const spacingMs = (options.requestsPerSecond ?? 2) > 0 ? Math.ceil(1100 / (options.requestsPerSecond ?? 2)) : 0;
  let nextSlot = 0;

  const waitForSlot = async () => {
    if (!spacingMs) return;
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + spacingMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };

  return {
    name: "resend",
    async send(email) {
      await waitForSlot();
      try {
        const { data, error, headers } = await client.emails.send(payloadOf(email), { idempotencyKey: email.idempotencyKey, signal: AbortSignal.timeout(timeoutMs) });
        if (error) return classifyResendError(error, headers);
        if (!data?.id) {
          return { ok: false, permanent: false, error: "The email provider answered without a message id.", statusCode: null, retryAfterMs: null };
        }
        return { ok: true, providerMessageId: data.id };
      } catch (error) {
        return noResponse(error);
      }
    },
    async sendBatch(emails, idempotencyKey) {
      if (emails.length < 1 || emails.length > BATCH_LIMIT) throw new RangeError(`A batch holds 1-${BATCH_LIMIT} messages (got ${emails.length}).`);
      await waitForSlot();
      try {
        const { data, error, headers } = await client.batch.send(emails.map(payloadOf), {
          idempotencyKey,
          batchValidation: "strict",
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (error) return classifyResendError(error, headers);
        const ids = data?.data?.map((d) => d.id) ?? [];
        if (ids.length !== emails.length || ids.some((id) => !id)) {
          return { ok: false, permanent: false, error: `The email provider answered ${ids.length} message ids for a batch of ${emails.length}.`, statusCode: null, retryAfterMs: null };
        }
        return { ok: true, providerMessageIds: ids };
      } catch (error) {
        return noResponse(error);
      }
    },
  };
}
