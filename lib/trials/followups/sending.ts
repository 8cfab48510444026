import { randomUUID } from "node:crypto";
import type { FreeTrial, PrismaClient, SentEmail } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { deliverSoon } from "@/lib/email/deliver-soon";
import {
  deliverClaimedEmail,
  deliverDueEmails,
  EMAIL_STATUS,
  OUTBOX_TRANSACTION,
  queueEmail,
  type DeliverDueEmailsResult,
  type EmailDeps,
  type QueueEmailResult,
} from "@/lib/email/outbox";
import { RETRY_POLICY } from "@/lib/email/retry-policy";
import { TRIAL_DAYS } from "@/lib/catalog";
import { formatTrialDate } from "../trials";
import { cancelStaleFollowUpRetries, deactivateEndedTrials } from "./deactivation";
import { DAY_MS, daysLeftInTrial, dueFollowUps, FOLLOW_UP_TEMPLATES, followUpIdempotencyKey, isFollowUpType, trialIsRunning, type FollowUpType } from "./schedule";

/**
 * Sending the trial follow-ups (the rules are in ./schedule.ts): the scheduled run
 * (claim, queue, re-queue, retries) and the admin's manual send.
 */
export type FollowUpDeps = EmailDeps & {
  /** Origin for the links in the emails. */
  siteUrl: string;
  /** Trials read per page (default 200). */
  batchSize?: number;
  /** Id of a manual send (default a random UUID). */
  newId?: () => string;
};

export type RunTrialFollowUpsResult = {
  /** Follow-ups this run found due. */
  due: number;
  /** Accepted by the email provider. */
  sent: number;
  /** Recorded and written to the log only: no provider configured (not delivered). */
  logged: number;
  /** The send failed (retried by later runs while `nextAttemptAt` is set). */
  failed: number;
  /** Not sent: the address unsubscribed. */
  suppressed: number;
  /** Due, but another run claimed it first. */
  claimedElsewhere: number;
  /** Trials past their end marked inactive by this run. */
  deactivated: number;
  /** Earlier follow-ups whose failed send was retried by this run. */
  retried: DeliverDueEmailsResult;
  /** Pending retries dropped because their trial stopped running (converted, ended). */
  cancelled: number;
};

function tallyEmail(result: RunTrialFollowUpsResult, email: SentEmail): void {
  switch (email.status) {
    case EMAIL_STATUS.sent:
      result.sent += 1;
      break;
    case EMAIL_STATUS.logged:
      result.logged += 1;
      break;
    case EMAIL_STATUS.suppressed:
      result.suppressed += 1;
      break;
    default:
      result.failed += 1;
  }
}

/**
 * Claims the follow-up and records its email in one transaction, the email held for this
 * run (`claim: true`); null when another run already claimed it. The caller delivers it.
 */
async function claimAndQueue(db: PrismaClient, trial: FreeTrial, type: FollowUpType, now: Date, siteUrl: string, emailDeps: EmailDeps): Promise<SentEmail | null> {
  try {
    return await db.$transaction(async (tx) => {
      await tx.trialFollowUp.create({ data: { trialId: trial.id, emailType: type, sentAt: now } });
      const { email } = await queueEmail(tx, followUpEmail(trial, type, now, siteUrl, followUpIdempotencyKey(trial.id, type)), { ...emailDeps, claim: true });
      return email;
    }, OUTBOX_TRANSACTION);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

function followUpEmail(trial: FreeTrial, type: FollowUpType, now: Date, siteUrl: string, key: string) {
  return {
    to: trial.email,
    template: FOLLOW_UP_TEMPLATES[type],
    props: { firstName: trial.firstName, daysLeft: daysLeftInTrial(trial, now), trialEndDate: formatTrialDate(trial.endDate), siteUrl },
    idempotencyKey: key,
  };
}

/**
 * One scheduler run: marks trials past their end inactive, sends every follow-up that is
 * due (claimed first, so concurrent runs send each once), re-queues a follow-up whose
 * claimer died before recording its email, cancels retries of trials that stopped
 * running and retries failed follow-up sends that are due. `now` is passed in.
 */
export async function runTrialFollowUps(db: PrismaClient, now: Date, deps: FollowUpDeps): Promise<RunTrialFollowUpsResult> {
  const emailDeps: EmailDeps = { ...deps, now };
  const result: RunTrialFollowUpsResult = {
    due: 0,
    sent: 0,
    logged: 0,
    failed: 0,
    suppressed: 0,
    claimedElsewhere: 0,
    deactivated: 0,
    retried: { due: 0, sent: 0, rescheduled: 0, failed: 0, suppressed: 0, deliveryConfigured: true },
    cancelled: 0,
  };

  result.deactivated = await deactivateEndedTrials(db, now);

  // Running trials old enough for their first follow-up, a page at a time.
  const earliestStart = new Date(now.getTime() - 2 * DAY_MS);
  const batchSize = deps.batchSize ?? 200;
  let cursor: string | undefined;
  for (;;) {
    const trials = await db.freeTrial.findMany({
      where: { isActive: true, hasConverted: false, endDate: { gt: now }, startDate: { lte: earliestStart } },
      include: { followUps: { select: { emailType: true } } },
      orderBy: { id: "asc" },
      take: batchSize,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    for (const trial of trials) {
      for (const type of dueFollowUps(trial, trial.followUps, now)) {
        result.due += 1;
        const email = await claimAndQueue(db, trial, type, now, deps.siteUrl, emailDeps);
        if (!email) {
          result.claimedElsewhere += 1;
          continue;
        }
        // A job, not a request: it delivers what it claimed at once.
        tallyEmail(result, await deliverClaimedEmail(db, email, emailDeps));
      }
    }
    if (trials.length < batchSize) break;
    cursor = trials[trials.length - 1]?.id;
  }

  // Claimed but never recorded (claims from before the claim and the email shared a
  // transaction): queue it now. The email's idempotency key keeps two runs doing this at
  // once to one message.
  const claimedBefore = new Date(now.getTime() - RETRY_POLICY.claimLeaseMs);
  const claims = await db.trialFollowUp.findMany({
    where: { sentAt: { lte: claimedBefore, gte: new Date(now.getTime() - TRIAL_DAYS * DAY_MS) } },
    include: { trial: true },
  });
  if (claims.length) {
    const keys = claims.map((c) => (isFollowUpType(c.emailType) ? followUpIdempotencyKey(c.trialId, c.emailType) : ""));
    const recorded = new Set(
      (await db.sentEmail.findMany({ where: { idempotencyKey: { in: keys.filter(Boolean) } }, select: { idempotencyKey: true } })).map((e) => e.idempotencyKey),
    );
    for (const claim of claims) {
      if (!isFollowUpType(claim.emailType) || !trialIsRunning(claim.trial, now)) continue;
      const key = followUpIdempotencyKey(claim.trialId, claim.emailType);
      if (recorded.has(key)) continue;
      const { email, duplicate } = await queueEmail(db, followUpEmail(claim.trial, claim.emailType, now, deps.siteUrl, key), { ...emailDeps, claim: true });
      if (!duplicate) {
        result.due += 1;
        tallyEmail(result, await deliverClaimedEmail(db, email, emailDeps));
      }
    }
  }

  result.cancelled = await cancelStaleFollowUpRetries(db, now);
  result.retried = await deliverDueEmails(db, now, { ...emailDeps, templates: Object.values(FOLLOW_UP_TEMPLATES) });
  return result;
}

export type ManualFollowUpInput = { emailType: FollowUpType; daysLeft: number } & (
  | { trial: FreeTrial }
  | { email: string; firstName: string; lastName: string }
);

export type ManualFollowUpResult = QueueEmailResult & { emailType: FollowUpType; trial: FreeTrial | null };

/**
 * The admin's manual follow-up (POST /api/admin/send-trial-followup): records the chosen
 * follow-up and kicks its delivery after the request, to an address with or without a trial. Each manual send is its own
 * message (a fresh idempotency key), recorded like any other email. It does NOT count
 * as the automatic follow-up: the trial's own day 2/5/7 email still goes out when due,
 * because an admin's send is usually a test or a one-off nudge and must not silently
 * cancel the sequence the member signed up for.
 *
 * The end date shown is the trial's when the address has one, else `daysLeft` days
 * from `now`.
 */
export async function sendTrialFollowUp(db: PrismaClient, input: ManualFollowUpInput, now: Date, deps: FollowUpDeps): Promise<ManualFollowUpResult> {
  if (!Number.isInteger(input.daysLeft) || input.daysLeft < 1 || input.daysLeft > TRIAL_DAYS) {
    throw new RangeError(`daysLeft must be a whole number from 1 to ${TRIAL_DAYS}.`);
  }
  const trial = "trial" in input ? input.trial : await db.freeTrial.findUnique({ where: { email: input.email.trim().toLowerCase() } });
  const to = "trial" in input ? input.trial.email : input.email.trim().toLowerCase();
  const firstName = "trial" in input ? input.trial.firstName : input.firstName.trim();
  const endDate = trial?.endDate ?? new Date(now.getTime() + input.daysLeft * DAY_MS);
  const id = (deps.newId ?? randomUUID)();
  const queued = await queueEmail(
    db,
    {
      to,
      template: FOLLOW_UP_TEMPLATES[input.emailType],
      props: { firstName, daysLeft: input.daysLeft, trialEndDate: formatTrialDate(endDate), siteUrl: deps.siteUrl },
      idempotencyKey: `trial-followup-manual:${input.emailType}:${id}`,
    },
    { ...deps, now },
  );
  // An admin's request: delivered after the answer (docs/email.md, "Sending").
  deliverSoon(db, [queued.email], deps);
  return { ...queued, emailType: input.emailType, trial };
}
