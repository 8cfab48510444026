import { randomUUID } from "node:crypto";
import type { FreeTrial, PrismaClient, SentEmail } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { EMAIL_STATUS, queueEmail, retryDueEmails, type EmailDeps, type QueueEmailResult, type RetryDueEmailsResult } from "@/lib/email/outbox";
import { RETRY_POLICY } from "@/lib/email/retry-policy";
import { TRIAL_DAYS } from "@/lib/catalog";
import { formatTrialDate } from "./trials";

/**
 * The trial follow-up emails (spec section 9): day 2 (welcome, protection active), day 5
 * (urgency, social proof, '2 days left') and day 7 (final notice, expires in 24 hours).
 *
 * When each is due, from the trial's own dates:
 * - day2: 2 days after the start (5 days left),
 * - day5: 5 days after the start (2 days left),
 * - day7: 24 hours before the end, i.e. the start of the trial's 7th day.
 * Only while the trial runs: active, not converted, before its end. Each at most once
 * per trial. When the scheduler was down and several have come due, only the latest is
 * sent and the earlier ones are skipped for good (nobody wants "welcome" and "final
 * notice" in one morning); see `dueFollowUps`.
 *
 * Exactly once, even with several schedulers: a follow-up is claimed by inserting its
 * trial_follow_ups row (unique on trial and type) BEFORE the email is queued; whoever
 * fails the insert skips it. The email's idempotency key is `trial-followup:<trial>:<type>`,
 * so the send itself is also once per key (lib/email/outbox.ts). A send that fails is
 * retried by later runs with backoff, unless the trial has stopped running by then.
 */
export const FOLLOW_UP_TYPES = ["day2", "day5", "day7"] as const;
export type FollowUpType = (typeof FOLLOW_UP_TYPES)[number];

export const FOLLOW_UP_TEMPLATES = {
  day2: "trial-day2",
  day5: "trial-day5",
  day7: "trial-day7",
} as const satisfies Record<FollowUpType, string>;

export type FollowUpTemplate = (typeof FOLLOW_UP_TEMPLATES)[FollowUpType];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job_runs name of the scheduler run (follow-ups + email retries), lib/jobs/email-jobs.ts. */
export const FOLLOW_UP_JOB_NAME = "trial-followups";

export function isFollowUpType(value: unknown): value is FollowUpType {
  return typeof value === "string" && (FOLLOW_UP_TYPES as readonly string[]).includes(value);
}

/** The trial fields the schedule reads. */
export type ScheduledTrial = Pick<FreeTrial, "startDate" | "endDate" | "isActive" | "hasConverted">;

/** When a follow-up of this trial comes due. */
export function followUpDueAt(trial: Pick<FreeTrial, "startDate" | "endDate">, type: FollowUpType): Date {
  switch (type) {
    case "day2":
      return new Date(trial.startDate.getTime() + 2 * DAY_MS);
    case "day5":
      return new Date(trial.startDate.getTime() + 5 * DAY_MS);
    case "day7":
      return new Date(trial.endDate.getTime() - DAY_MS);
  }
}

/** Whether the trial is still running at `now`: active, not converted, not past its end. */
export function trialIsRunning(trial: ScheduledTrial, now: Date): boolean {
  return trial.isActive && !trial.hasConverted && now.getTime() < trial.endDate.getTime();
}

/**
 * The follow-ups to send now (pure). Rules, in order:
 * 1. Nothing unless the trial is running (active, not converted, `now` before its end).
 * 2. Take the LATEST type whose due time has come; none has come, nothing is due.
 * 3. Nothing when that type, or a later one, was already sent (claimed): each goes once,
 *    and an earlier type never follows a later one.
 * 4. Otherwise that one type. Earlier types not sent by then are skipped for good.
 * So the answer has at most one element.
 */
export function dueFollowUps(trial: ScheduledTrial, sent: readonly { emailType: string }[], now: Date): FollowUpType[] {
  if (!trialIsRunning(trial, now)) return [];
  let latest = -1;
  FOLLOW_UP_TYPES.forEach((type, index) => {
    if (followUpDueAt(trial, type).getTime() <= now.getTime()) latest = index;
  });
  const type = FOLLOW_UP_TYPES[latest];
  if (!type) return [];
  const sentTypes = new Set(sent.map((s) => s.emailType));
  if (FOLLOW_UP_TYPES.slice(latest).some((t) => sentTypes.has(t))) return [];
  return [type];
}

/**
 * The follow-up this trial will get next and when (pure), for the admin dashboard: the
 * one due now, else the next one in the future, else null (all sent or skipped, or the
 * trial is not running).
 */
export function nextFollowUp(
  trial: ScheduledTrial,
  sent: readonly { emailType: string }[],
  now: Date,
): { emailType: FollowUpType; dueAt: Date } | null {
  if (!trialIsRunning(trial, now)) return null;
  const dueNow = dueFollowUps(trial, sent, now)[0];
  if (dueNow) return { emailType: dueNow, dueAt: followUpDueAt(trial, dueNow) };
  const sentTypes = new Set(sent.map((s) => s.emailType));
  for (const [index, type] of FOLLOW_UP_TYPES.entries()) {
    const dueAt = followUpDueAt(trial, type);
    if (dueAt.getTime() <= now.getTime() || dueAt.getTime() >= trial.endDate.getTime()) continue;
    if (FOLLOW_UP_TYPES.slice(index).some((t) => sentTypes.has(t))) return null;
    return { emailType: type, dueAt };
  }
  return null;
}

/** Whole days left in the trial at `now`, rounded up, between 1 and TRIAL_DAYS. */
export function daysLeftInTrial(trial: Pick<FreeTrial, "endDate">, now: Date): number {
  const days = Math.ceil((trial.endDate.getTime() - now.getTime()) / DAY_MS);
  return Math.min(TRIAL_DAYS, Math.max(1, days));
}

export function followUpIdempotencyKey(trialId: string, type: FollowUpType): string {
  return `trial-followup:${trialId}:${type}`;
}

function parseFollowUpKey(key: string): { trialId: string; type: FollowUpType } | null {
  const match = /^trial-followup:([0-9a-f-]{36}):(day2|day5|day7)$/.exec(key);
  return match?.[1] && isFollowUpType(match[2]) ? { trialId: match[1], type: match[2] } : null;
}

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
  retried: RetryDueEmailsResult;
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

/** Claims the follow-up (true) or finds that another run already has it (false). */
async function claimFollowUp(db: PrismaClient, trialId: string, type: FollowUpType, now: Date): Promise<boolean> {
  try {
    await db.trialFollowUp.create({ data: { trialId, emailType: type, sentAt: now } });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
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
    select: { id: true, idempotencyKey: true, status: true, nextAttemptAt: true },
  });
  if (!pending.length) return 0;
  const trialIds = [...new Set(pending.map((p) => parseFollowUpKey(p.idempotencyKey)?.trialId).filter((id): id is string => Boolean(id)))];
  const trials = await db.freeTrial.findMany({ where: { id: { in: trialIds } }, select: { id: true, startDate: true, endDate: true, isActive: true, hasConverted: true } });
  const running = new Set(trials.filter((t) => trialIsRunning(t, now)).map((t) => t.id));
  let cancelled = 0;
  for (const email of pending) {
    const parsed = parseFollowUpKey(email.idempotencyKey);
    if (!parsed || running.has(parsed.trialId)) continue;
    const { count } = await db.sentEmail.updateMany({
      where: { id: email.id, status: email.status, nextAttemptAt: email.nextAttemptAt },
      data: { status: EMAIL_STATUS.cancelled, nextAttemptAt: null, error: "Not sent: the trial converted or ended before the retry." },
    });
    cancelled += count;
  }
  return cancelled;
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

  const deactivated = await db.freeTrial.updateMany({ where: { isActive: true, endDate: { lte: now } }, data: { isActive: false } });
  result.deactivated = deactivated.count;

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
        if (!(await claimFollowUp(db, trial.id, type, now))) {
          result.claimedElsewhere += 1;
          continue;
        }
        const { email } = await queueEmail(db, followUpEmail(trial, type, now, deps.siteUrl, followUpIdempotencyKey(trial.id, type)), emailDeps);
        tallyEmail(result, email);
      }
    }
    if (trials.length < batchSize) break;
    cursor = trials[trials.length - 1]?.id;
  }

  // Claimed but never recorded (the claimer died between the two steps): queue it now.
  // The email's idempotency key keeps two runs doing this at once to one message.
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
      const { email, duplicate } = await queueEmail(db, followUpEmail(claim.trial, claim.emailType, now, deps.siteUrl, key), emailDeps);
      if (!duplicate) {
        result.due += 1;
        tallyEmail(result, email);
      }
    }
  }

  result.cancelled = await cancelStaleFollowUpRetries(db, now);
  result.retried = await retryDueEmails(db, now, { ...emailDeps, templates: Object.values(FOLLOW_UP_TEMPLATES) });
  return result;
}

export type ManualFollowUpInput = { emailType: FollowUpType; daysLeft: number } & (
  | { trial: FreeTrial }
  | { email: string; firstName: string; lastName: string }
);

export type ManualFollowUpResult = QueueEmailResult & { emailType: FollowUpType; trial: FreeTrial | null };

/**
 * The admin's manual follow-up (POST /api/admin/send-trial-followup): sends the chosen
 * follow-up now, to an address with or without a trial. Each manual send is its own
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
  return { ...queued, emailType: input.emailType, trial };
}

export type FollowUpCounts = Record<FollowUpType, number>;

export type TrialDashboardStats = {
  /** Trials running now: active, not converted, before their end. */
  activeTrials: number;
  /** Of those, ending within the next 48 hours. */
  endingWithin48h: number;
  convertedTrials: number;
  /** Follow-up emails (automatic and manual) the provider accepted, by type. */
  followUpsSentByType: FollowUpCounts;
  /** Every follow-up email recorded, by type and status (sent, logged, failed, queued, suppressed, cancelled). */
  followUpsByStatus: Record<FollowUpType, Record<string, number>>;
  /** The next follow-ups to go out (overdue first), at most 10. */
  nextDue: { email: string; emailType: FollowUpType; dueAt: Date }[];
  /** When the follow-up job last started (timer, cron or command line); null = never. */
  schedulerLastRunAt: Date | null;
  schedulerLastRun: { startedAt: Date; finishedAt: Date | null; outcome: string; trigger: string } | null;
};

/** The figures of the admin trial dashboard, at `now`. */
export async function trialDashboardStats(db: PrismaClient, now: Date): Promise<TrialDashboardStats> {
  const running = { isActive: true, hasConverted: false, endDate: { gt: now } };
  const [activeTrials, endingWithin48h, convertedTrials, grouped, trials, lastRun] = await Promise.all([
    db.freeTrial.count({ where: running }),
    db.freeTrial.count({ where: { ...running, endDate: { gt: now, lte: new Date(now.getTime() + 2 * DAY_MS) } } }),
    db.freeTrial.count({ where: { hasConverted: true } }),
    db.sentEmail.groupBy({ by: ["template", "status"], where: { template: { in: Object.values(FOLLOW_UP_TEMPLATES) } }, _count: { _all: true } }),
    db.freeTrial.findMany({
      where: running,
      select: { email: true, startDate: true, endDate: true, isActive: true, hasConverted: true, followUps: { select: { emailType: true } } },
    }),
    db.jobRun.findFirst({ where: { name: FOLLOW_UP_JOB_NAME }, orderBy: { startedAt: "desc" } }),
  ]);

  const followUpsSentByType: FollowUpCounts = { day2: 0, day5: 0, day7: 0 };
  const followUpsByStatus: Record<FollowUpType, Record<string, number>> = { day2: {}, day5: {}, day7: {} };
  for (const row of grouped) {
    const type = FOLLOW_UP_TYPES.find((t) => FOLLOW_UP_TEMPLATES[t] === row.template);
    if (!type) continue;
    followUpsByStatus[type][row.status] = row._count._all;
    if (row.status === EMAIL_STATUS.sent) followUpsSentByType[type] += row._count._all;
  }

  const nextDue = trials
    .map((trial) => {
      const next = nextFollowUp(trial, trial.followUps, now);
      return next ? { email: trial.email, ...next } : null;
    })
    .filter((n): n is { email: string; emailType: FollowUpType; dueAt: Date } => n !== null)
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
    .slice(0, 10);

  return {
    activeTrials,
    endingWithin48h,
    convertedTrials,
    followUpsSentByType,
    followUpsByStatus,
    nextDue,
    schedulerLastRunAt: lastRun?.startedAt ?? null,
    schedulerLastRun: lastRun
      ? { startedAt: lastRun.startedAt, finishedAt: lastRun.finishedAt, outcome: lastRun.outcome, trigger: lastRun.trigger }
      : null,
  };
}
