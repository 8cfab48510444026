import "server-only";
import type { PrismaClient, SentEmail } from "@/lib/db/generated/client";
import { maskEmail } from "@/lib/accounts/sign-in";
import { EMAIL_DELIVERY_JOB, EMAIL_STATUS } from "./outbox";

/**
 * The outbox as the admin sees it (/admin/emails, docs/email.md "Dead letters"): how many
 * messages wait, how many wait for a retry, and the dead letters (status `failed` with no
 * retry scheduled: a permanent refusal, or the last of RETRY_POLICY.maxAttempts attempts),
 * which the admin may send again. Recipients are masked ("a***@example.com"), as on the
 * sign-in page: enough to recognise a message, not to collect addresses.
 */
export const DEAD_LETTER_PAGE_SIZE = 50;

export type DeadLetter = {
  id: string;
  recipient: string;
  template: string;
  subject: string;
  attempts: number;
  error: string | null;
  /** When the message was recorded. */
  createdAt: Date;
  /** When its last attempt failed. */
  failedAt: Date;
};

export type OutboxOverview = {
  /** Waiting for their first attempt, or being delivered. */
  queued: number;
  /** Failed, with a retry scheduled (lib/email/retry-policy.ts). */
  retrying: number;
  /** Failed for good. */
  deadLetters: number;
  /** The oldest waiting message (queued or retrying): when it was recorded. */
  oldestWaitingSince: Date | null;
  /** The latest dead letters, newest first (at most DEAD_LETTER_PAGE_SIZE). */
  latest: DeadLetter[];
  /** The last run of the delivery job that had something to deliver. */
  lastDeliveryRun: { startedAt: Date; outcome: string; trigger: string } | null;
};

const DEAD = { status: EMAIL_STATUS.failed, nextAttemptAt: null } as const;

export async function outboxOverview(db: PrismaClient): Promise<OutboxOverview> {
  const [queued, retrying, deadLetters, oldest, latest, lastRun] = await Promise.all([
    db.sentEmail.count({ where: { status: EMAIL_STATUS.queued } }),
    db.sentEmail.count({ where: { status: EMAIL_STATUS.failed, nextAttemptAt: { not: null } } }),
    db.sentEmail.count({ where: DEAD }),
    db.sentEmail.findFirst({
      where: { OR: [{ status: EMAIL_STATUS.queued }, { status: EMAIL_STATUS.failed, nextAttemptAt: { not: null } }] },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    }),
    db.sentEmail.findMany({
      where: DEAD,
      orderBy: { updatedAt: "desc" },
      take: DEAD_LETTER_PAGE_SIZE,
      select: { id: true, recipient: true, template: true, subject: true, attempts: true, error: true, createdAt: true, updatedAt: true },
    }),
    db.jobRun.findFirst({ where: { name: EMAIL_DELIVERY_JOB }, orderBy: { startedAt: "desc" }, select: { startedAt: true, outcome: true, trigger: true } }),
  ]);
  return {
    queued,
    retrying,
    deadLetters,
    oldestWaitingSince: oldest?.createdAt ?? null,
    latest: latest.map(({ updatedAt, recipient, ...row }) => ({ ...row, recipient: maskEmail(recipient), failedAt: updatedAt })),
    lastDeliveryRun: lastRun,
  };
}

export type RetryDeadLetterResult = { ok: true; email: SentEmail } | { ok: false; reason: "not-found" } | { ok: false; reason: "not-dead"; state: string };

/** What a message that is not a dead letter is, in words. */
function stateOf(email: SentEmail): string {
  switch (email.status) {
    case EMAIL_STATUS.sent:
      return "already sent";
    case EMAIL_STATUS.queued:
      return "already queued";
    case EMAIL_STATUS.failed:
      return "waiting for a scheduled retry";
    case EMAIL_STATUS.logged:
      return "only logged: no email provider is configured";
    case EMAIL_STATUS.suppressed:
      return "not sent because the recipient unsubscribed";
    default:
      return email.status;
  }
}

/**
 * Sends a dead letter again: back to `queued`, due now, with a fresh set of attempts (the
 * last error stays until the next attempt replaces it). One conditional update, so two
 * clicks queue it once. The caller kicks delivery (`deliverSoon`); the job delivers it
 * otherwise. The message keeps its idempotency key: should an earlier attempt have reached
 * the provider after all (within its 24 hours), nothing is sent twice. One that last went in
 * a batch goes alone, under its own key, which the provider has not seen: a new send, as the
 * admin asked (docs/email.md, "Batches").
 */
export async function retryDeadLetter(db: PrismaClient, id: string, now: Date): Promise<RetryDeadLetterResult> {
  const reset = await db.$executeRawUnsafe(
    `UPDATE sent_emails SET status = $1, attempts = 0, "nextAttemptAt" = $2::timestamptz, "attemptKey" = "idempotencyKey", "updatedAt" = $2::timestamptz
     WHERE id = $3::uuid AND status = $4 AND "nextAttemptAt" IS NULL`,
    EMAIL_STATUS.queued,
    now.toISOString(),
    id,
    EMAIL_STATUS.failed,
  );
  const email = await db.sentEmail.findUnique({ where: { id } });
  if (!email) return { ok: false, reason: "not-found" };
  if (reset !== 1) return { ok: false, reason: "not-dead", state: stateOf(email) };
  return { ok: true, email };
}
