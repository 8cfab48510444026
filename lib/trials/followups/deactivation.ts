import type { PrismaClient } from "@/lib/db/generated/client";
import { EMAIL_STATUS } from "@/lib/email/outbox";
import { parseFollowUpKey, trialIsRunning } from "./schedule";

/** Marks trials past their end inactive; answers how many. */
export async function deactivateEndedTrials(db: PrismaClient, now: Date): Promise<number> {
  const { count } = await db.freeTrial.updateMany({ where: { isActive: true, endDate: { lte: now } }, data: { isActive: false } });
  return count;
}

/**
 * Drops pending retries of automatic follow-ups whose trial is no longer running (it
 * converted, was deactivated or ended): status `cancelled`, nothing more is sent.
 */
export async function cancelStaleFollowUpRetries(db: PrismaClient, now: Date): Promise<number> {
  const pending = await db.sentEmail.findMany({
    where: {
      idempotencyKey: { startsWith: "trial-followup:" },
      status: { in: [EMAIL_STATUS.queued, EMAIL_STATUS.failed] },
      nextAttemptAt: { not: null },
    },
    select: { id: true, idempotencyKey: true, status: true, nextAttemptAt: true, attemptKey: true },
  });
  if (!pending.length) return 0;
  const trialIds = [...new Set(pending.map((p) => parseFollowUpKey(p.idempotencyKey)?.trialId).filter((id): id is string => Boolean(id)))];
  const trials = await db.freeTrial.findMany({ where: { id: { in: trialIds } }, select: { id: true, startDate: true, endDate: true, isActive: true, hasConverted: true } });
  const running = new Set(trials.filter((t) => trialIsRunning(t, now)).map((t) => t.id));
  let cancelled = 0;
  for (const email of pending) {
    const parsed = parseFollowUpKey(email.idempotencyKey);
    // One that went in a batch is retried with its batch, unchanged (docs/email.md, "Batches").
    if (!parsed || running.has(parsed.trialId) || (email.attemptKey !== null && email.attemptKey !== email.idempotencyKey)) continue;
    const { count } = await db.sentEmail.updateMany({
      where: { id: email.id, status: email.status, nextAttemptAt: email.nextAttemptAt },
      data: { status: EMAIL_STATUS.cancelled, nextAttemptAt: null, error: "Not sent: the trial converted or ended before the retry." },
    });
    cancelled += count;
  }
  return cancelled;
}
