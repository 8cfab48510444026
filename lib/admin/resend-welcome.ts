import type { PrismaClient, SentEmail } from "@/lib/db/generated/client";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { queueEmail, type QueueEmailInput, type QueueEmailResult } from "@/lib/email/outbox";

/**
 * The admin's bulk resend of the newsletter welcome email (docs/product-rules.md §2, §4, §8).
 *
 * - Recipients: every subscriber at the time of the batch, in signup order.
 * - Bounded batches: RESEND_BATCH_SIZE messages at a time, and each batch takes at least
 *   as long as the email provider's rate limit allows for it (2 requests a second), so
 *   a large list never floods the provider. Nothing waits when email is only logged.
 * - Idempotent per batch key: each message is recorded under
 *   `welcome-resend:<batchKey>:<subscriberId>`. A repeated request with the same key
 *   sends nothing that already went and reports the same recipients (subscribers who
 *   joined later are not added); one that was cut off half-way finishes the rest.
 */
export const RESEND_BATCH_SIZE = 10;
/** Resend's default API rate limit: 2 requests per second per team. */
export const EMAIL_PROVIDER_REQUESTS_PER_SECOND = 2;
/** Letters, digits and `_ . : -`, 8 to 128 characters (a UUID fits). */
export const BATCH_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export type ResendStatus = "sent" | "failed";

export type ResendResult = {
  subscriberId: string;
  email: string;
  /** Sent = handed to the outbox and not failed; the badge on the page. */
  status: ResendStatus;
  /** The outbox status: sent, queued (waiting for delivery, or being delivered), logged (no provider configured), failed, suppressed, cancelled. */
  delivery: string;
  error?: string;
};

export type ResendSummary = {
  batchKey: string;
  successful: number;
  failed: number;
  processed: number;
  results: ResendResult[];
  /** When the batch finished (ISO). */
  timestamp: string;
  message: string;
  /** True when the batch key had been used before: nothing new was sent to earlier recipients. */
  repeated: boolean;
};

export type ResendDeps = {
  siteUrl: string;
  /** Whether a provider really sends (decides the pacing and the wording of the message). */
  deliveryConfigured: boolean;
  send?: (db: PrismaClient, input: QueueEmailInput) => Promise<QueueEmailResult>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  batchSize?: number;
  requestsPerSecond?: number;
};

export function resendKeyPrefix(batchKey: string): string {
  return `welcome-resend:${batchKey}:`;
}

const NOT_SENT = new Set(["failed", "suppressed", "cancelled"]);

function fromOutbox(subscriberId: string, email: string, row: Pick<SentEmail, "status" | "error" | "nextAttemptAt">): ResendResult {
  const failed = NOT_SENT.has(row.status);
  const result: ResendResult = { subscriberId, email, status: failed ? "failed" : "sent", delivery: row.status };
  if (row.status === "suppressed") result.error = "The address unsubscribed from marketing email; nothing was sent.";
  else if (failed) result.error = `${row.error ?? "Not sent."}${row.status === "failed" && row.nextAttemptAt ? " A retry is scheduled." : ""}`;
  return result;
}

function summarize(batchKey: string, results: ResendResult[], repeated: boolean, deliveryConfigured: boolean, at: number): ResendSummary {
  const successful = results.filter((r) => r.status === "sent").length;
  const failed = results.length - successful;
  const logged = results.filter((r) => r.delivery === "logged").length;
  const parts: string[] = [];
  if (results.length === 0) parts.push("No existing subscribers found to resend emails to.");
  else if (repeated) parts.push(`This batch was already processed: ${successful} sent, ${failed} failed. No email was sent twice.`);
  else parts.push(`Welcome emails resent: ${successful} sent, ${failed} failed of ${results.length}.`);
  if (logged > 0 && !deliveryConfigured) {
    parts.push(
      `Email delivery is not configured on this server, so ${logged === 1 ? "1 message was" : `${logged} messages were`} recorded and written to the server log, not delivered.`,
    );
  }
  return { batchKey, successful, failed, processed: results.length, results, timestamp: new Date(at).toISOString(), message: parts.join(" "), repeated };
}

const running = new Map<string, Promise<ResendSummary>>();

/** Runs (or repeats) the batch `batchKey`. Concurrent calls with one key in this process share one run. */
export async function resendWelcomeEmails(db: PrismaClient, batchKey: string, deps: ResendDeps): Promise<ResendSummary> {
  if (!BATCH_KEY_PATTERN.test(batchKey)) throw new RangeError("Invalid batch key");
  const current = running.get(batchKey);
  if (current) {
    await current.catch(() => undefined);
    return resendWelcomeEmails(db, batchKey, deps);
  }
  const run = runBatch(db, batchKey, deps);
  running.set(batchKey, run);
  try {
    return await run;
  } finally {
    running.delete(batchKey);
  }
}

async function runBatch(db: PrismaClient, batchKey: string, deps: ResendDeps): Promise<ResendSummary> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const send = deps.send ?? ((database: PrismaClient, input: QueueEmailInput) => queueEmail(database, input));
  const batchSize = deps.batchSize ?? RESEND_BATCH_SIZE;
  const perSecond = deps.requestsPerSecond ?? EMAIL_PROVIDER_REQUESTS_PER_SECOND;
  const prefix = resendKeyPrefix(batchKey);

  const earlier = await db.sentEmail.findMany({
    where: { idempotencyKey: { startsWith: prefix } },
    orderBy: { createdAt: "asc" },
  });
  const repeated = earlier.length > 0;
  // A repeat covers the subscribers of the first run: those who existed when it recorded its first message.
  const cutoff = earlier[0]?.createdAt;
  const subscribers = await db.newsletter.findMany({
    where: cutoff ? { createdAt: { lte: cutoff } } : undefined,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, email: true },
  });
  const earlierById = new Map(earlier.map((row) => [row.idempotencyKey.slice(prefix.length), row]));

  const results: ResendResult[] = [];
  const recorded: SentEmail[] = [];
  const toSend: { id: string; email: string }[] = [];
  for (const s of subscribers) {
    const row = earlierById.get(s.id);
    if (row) {
      earlierById.delete(s.id);
      results.push(fromOutbox(s.id, row.recipient, row));
    } else {
      toSend.push(s);
    }
  }
  // Recipients of the first run who have since left the list still appear in its report.
  for (const [id, row] of earlierById) results.push(fromOutbox(id, row.recipient, row));

  for (let i = 0; i < toSend.length; i += batchSize) {
    const batch = toSend.slice(i, i + batchSize);
    const batchStart = now();
    const settled = await Promise.all(
      batch.map(async (s): Promise<ResendResult> => {
        try {
          const { email } = await send(db, {
            to: s.email,
            template: "newsletter-welcome",
            props: { siteUrl: deps.siteUrl },
            idempotencyKey: `${prefix}${s.id}`,
          });
          recorded.push(email);
          return fromOutbox(s.id, s.email, email);
        } catch (error) {
          console.error(`[admin] welcome resend to subscriber ${s.id} failed`, error);
          return { subscriberId: s.id, email: s.email, status: "failed", delivery: "failed", error: "The email could not be recorded." };
        }
      }),
    );
    results.push(...settled);
    const more = i + batchSize < toSend.length;
    if (more && deps.deliveryConfigured && perSecond > 0) {
      const minimumMs = Math.ceil((batch.length / perSecond) * 1000);
      const elapsed = now() - batchStart;
      if (elapsed < minimumMs) await sleep(minimumMs - elapsed);
    }
  }

  // Delivered after the admin's answer (the first few at once, the rest by the email-delivery job).
  deliverSoon(db, recorded);

  const order = new Map(subscribers.map((s, index) => [s.id, index]));
  const position = (r: ResendResult) => order.get(r.subscriberId) ?? Number.MAX_SAFE_INTEGER;
  results.sort((a, b) => position(a) - position(b));
  return summarize(batchKey, results, repeated, deps.deliveryConfigured, now());
}
