import type { PrismaClient } from "@/lib/db/generated/client";
import { retryDueEmails, type RetryDueEmailsResult } from "@/lib/email/outbox";
import { FOLLOW_UP_JOB_NAME, FOLLOW_UP_TEMPLATES, runTrialFollowUps, type FollowUpDeps, type RunTrialFollowUpsResult } from "@/lib/trials/followups";
import { recordJobRun, type JobTrigger } from "./runs";

/**
 * The scheduled email job "trial-followups" (lib/jobs/registry.ts): trial follow-ups (with
 * their retries), then the retries of every other email whose time has come. Recorded in
 * job_runs as "trial-followups". Safe to run on several machines at once
 * (lib/trials/followups, lib/email/outbox.ts). The lapse notices are their own job.
 */
export type EmailJobsSummary = {
  followUps: RunTrialFollowUpsResult;
  /** Retries of all other emails (follow-ups are retried by the follow-up run). */
  retries: RetryDueEmailsResult;
};

export async function runEmailJobs(
  db: PrismaClient,
  now: Date,
  deps: FollowUpDeps & { trigger: JobTrigger; clock?: () => Date },
): Promise<EmailJobsSummary> {
  return recordJobRun(
    db,
    { name: FOLLOW_UP_JOB_NAME, trigger: deps.trigger, clock: deps.clock ?? (() => now) },
    async () => {
      const followUps = await runTrialFollowUps(db, now, deps);
      const retries = await retryDueEmails(db, now, { ...deps, now, excludeTemplates: Object.values(FOLLOW_UP_TEMPLATES) });
      return { followUps, retries };
    },
    (summary) => {
      const failed = summary.followUps.failed + summary.followUps.retried.failed + summary.retries.failed;
      return {
        outcome: failed > 0 ? "partial" : "success",
        summary: {
          followUps: { ...summary.followUps },
          retries: { ...summary.retries },
        },
      };
    },
  );
}

/** One line for the log. */
export function describeEmailJobs(summary: EmailJobsSummary): string {
  const f = summary.followUps;
  const retried = f.retried.due + summary.retries.due;
  const retrySent = f.retried.sent + summary.retries.sent;
  const delivery = summary.retries.deliveryConfigured ? "" : " (no email provider configured: recorded and logged only)";
  return (
    `follow-ups due ${f.due}: sent ${f.sent}, logged ${f.logged}, failed ${f.failed}, suppressed ${f.suppressed}, ` +
    `taken by another run ${f.claimedElsewhere}; trials deactivated ${f.deactivated}; retries due ${retried}, sent ${retrySent}; ` +
    `retries cancelled ${f.cancelled}${delivery}`
  );
}
