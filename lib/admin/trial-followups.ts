import type { PrismaClient } from "@/lib/db/generated/client";
import { sendTrialFollowUp, trialDashboardStats, type TrialDashboardStats } from "@/lib/trials/followups";
import type { FollowUpRequest } from "./follow-up-schema";

/**
 * The admin side of the trial follow-ups, on the follow-up engine (lib/trials/followups/):
 * the dashboard figures and the manual send.
 */
export type { TrialDashboardStats };

export type ManualFollowUpOutcome = {
  /** Outbox status: sent, queued, logged, suppressed, failed, cancelled. */
  delivery: string;
  /** Whether the address has a free trial (its end date is then the one in the email). */
  trialFound: boolean;
  /** Why the provider refused it, when it did. */
  error: string | null;
  /** A failed send the outbox will try again. */
  retryScheduled: boolean;
};

/** Sends one follow-up now, on the admin's request; the trial's automatic sequence is not changed. */
export async function sendManualFollowUp(
  db: PrismaClient,
  input: FollowUpRequest,
  now: Date,
  deps: { siteUrl: string },
): Promise<ManualFollowUpOutcome> {
  const result = await sendTrialFollowUp(
    db,
    { email: input.email, firstName: input.firstName, lastName: input.lastName, emailType: input.emailType, daysLeft: input.daysLeft },
    now,
    { siteUrl: deps.siteUrl },
  );
  return {
    delivery: result.email.status,
    trialFound: result.trial !== null,
    error: result.email.error,
    retryScheduled: result.email.status === "failed" && result.email.nextAttemptAt !== null,
  };
}

/**
 * How old the scheduler's last run may be and still count as running: twice the
 * in-process timer's interval (at least 30 minutes); with the timer off (a platform cron
 * drives the job) 25 hours, so a daily cron counts.
 */
export function schedulerRecentWithinMs(intervalMinutes: number): number {
  return intervalMinutes > 0 ? Math.max(30, 2 * intervalMinutes) * 60_000 : 25 * 60 * 60_000;
}

export async function trialDashboard(db: PrismaClient, now: Date): Promise<TrialDashboardStats> {
  return trialDashboardStats(db, now);
}
