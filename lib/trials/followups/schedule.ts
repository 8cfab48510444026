import type { FreeTrial } from "@/lib/db/generated/client";
import { TRIAL_DAYS } from "@/lib/catalog";

/**
 * The trial follow-up emails (docs/product-rules.md §9): day 2 (welcome, protection active), day 5
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

export const DAY_MS = 24 * 60 * 60 * 1000;

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

/** The trial and type of a follow-up's idempotency key, or null. */
export function parseFollowUpKey(key: string): { trialId: string; type: FollowUpType } | null {
  const match = /^trial-followup:([0-9a-f-]{36}):(day2|day5|day7)$/.exec(key);
  return match?.[1] && isFollowUpType(match[2]) ? { trialId: match[1], type: match[2] } : null;
}
