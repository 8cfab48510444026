import type { PrismaClient } from "@/lib/db/generated/client";
import { deliverDueEmails, EMAIL_DELIVERY_JOB, EMAIL_STATUS, emailDeliveryConfigured, type DeliverDueEmailsResult, type EmailDeps } from "@/lib/email/outbox";
import { FOLLOW_UP_JOB_NAME, FOLLOW_UP_TEMPLATES, runTrialFollowUps, type FollowUpDeps, type RunTrialFollowUpsResult } from "@/lib/trials/followups";
import { recordJobRun, type JobTrigger } from "./runs";

/**
 * The scheduled email jobs (lib/jobs/registry.ts, docs/email.md):
 * - "email-delivery": delivers the outbox. Every message whose time has come (first
 *   attempts of what requests and jobs recorded, and retries), a batch per run, each
 *   claimed so that runs on several machines never send one message twice.
 * - "trial-followups": the trial follow-ups (which it delivers itself, with their
 *   retries), then whatever else is due in the outbox, so a scheduler that only calls this
 *   older job still delivers everything.
 * Both are recorded in job_runs; the delivery job only when a run had something to do
 * (it runs every minute, every 10 seconds locally).
 */
export type EmailJobsSummary = {
  followUps: RunTrialFollowUpsResult;
  /** The rest of the outbox that was due (follow-ups are delivered by the follow-up run). */
  retries: DeliverDueEmailsResult;
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
      const retries = await deliverDueEmails(db, now, { ...deps, now, excludeTemplates: Object.values(FOLLOW_UP_TEMPLATES) });
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
    `taken by another run ${f.claimedElsewhere}; trials deactivated ${f.deactivated}; other emails due ${retried}, sent ${retrySent}; ` +
    `retries cancelled ${f.cancelled}${delivery}`
  );
}

export type EmailDeliverySummary = DeliverDueEmailsResult;

/**
 * One run of "email-delivery": a batch of due messages (lib/email/outbox.ts
 * `deliverDueEmails`). A run with nothing due, or with no provider configured (every
 * message is `logged` at record time then), leaves no job_runs row: at one run a minute
 * the ledger would otherwise fill with empty runs.
 */
export async function runEmailDelivery(
  db: PrismaClient,
  now: Date,
  deps: EmailDeps & { trigger: JobTrigger; clock?: () => Date; limit?: number },
): Promise<EmailDeliverySummary> {
  const options = { ...deps, now };
  const due = await db.sentEmail.count({
    where: { status: { in: [EMAIL_STATUS.queued, EMAIL_STATUS.failed] }, nextAttemptAt: { lte: now } },
  });
  const configured = deps.transport !== undefined ? deps.transport !== null : emailDeliveryConfigured();
  if (due === 0 || !configured) return deliverDueEmails(db, now, options);
  return recordJobRun(
    db,
    { name: EMAIL_DELIVERY_JOB, trigger: deps.trigger, clock: deps.clock ?? (() => now) },
    () => deliverDueEmails(db, now, options),
    (s) => ({ outcome: s.failed > 0 || (s.deliveryConfigured && s.rescheduled > 0) ? "partial" : "success", summary: { ...s } }),
  );
}

/** One line for the log. */
export function describeEmailDelivery(s: EmailDeliverySummary): string {
  if (s.due === 0) return "no emails due";
  if (!s.deliveryConfigured) return `${s.due} emails due, but no email provider is configured (RESEND_API_KEY): nothing delivered`;
  return `emails due ${s.due}: sent ${s.sent}, retry scheduled ${s.rescheduled}, failed for good ${s.failed}, suppressed ${s.suppressed}`;
}
