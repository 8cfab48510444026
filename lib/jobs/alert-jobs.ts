import type { PrismaClient } from "@/lib/db/generated/client";
import { deliverAlerts, sendDigests, type DeliverResult, type DeliveryDeps, type DigestResult } from "@/lib/alerts/deliver";
import { evaluateWatches, type EvaluateResult } from "@/lib/alerts/evaluate";
import { recordJobRun, type JobTrigger } from "./runs";

/**
 * The alert jobs (docs/alerts.md, "Jobs"), one entry point each for the cron route
 * (GET /api/cron/alert-evaluation and /api/cron/alert-digests) and `npm run jobs:alerts`; recorded in
 * job_runs.
 * - "alert-evaluation": a full re-evaluation of every watch (scheduled effective dates
 *   arriving, data refreshes), then instant delivery. Nightly.
 * - "alert-digests": the daily digest every day at 13:00 UTC, and the weekly one on Mondays.
 * Both are safe to run twice: alerts have dedupe keys, emails idempotency keys.
 */
export const ALERT_EVALUATION_JOB = "alert-evaluation";
export const ALERT_DIGESTS_JOB = "alert-digests";

export type AlertEvaluationSummary = { evaluation: EvaluateResult; delivery: DeliverResult };
export type AlertDigestsSummary = { daily: DigestResult; weekly: DigestResult | null };

type Deps = Omit<DeliveryDeps, "now"> & { trigger: JobTrigger; clock?: () => Date };

export async function runAlertEvaluation(db: PrismaClient, now: Date, deps: Deps): Promise<AlertEvaluationSummary> {
  return recordJobRun(
    db,
    { name: ALERT_EVALUATION_JOB, trigger: deps.trigger, clock: deps.clock ?? (() => now) },
    async () => {
      const evaluation = await evaluateWatches(db, { now, full: true });
      const delivery = await deliverAlerts(db, { ...deps, now });
      return { evaluation, delivery };
    },
    (s) => ({ outcome: s.delivery.smsFailed > 0 ? "partial" : "success", summary: { evaluation: { ...s.evaluation }, delivery: { ...s.delivery } } }),
  );
}

/** The daily digest; on Mondays (UTC) also the weekly one. `weekly: true` forces the weekly one. */
export async function runAlertDigests(db: PrismaClient, now: Date, deps: Deps & { weekly?: boolean }): Promise<AlertDigestsSummary> {
  return recordJobRun(
    db,
    { name: ALERT_DIGESTS_JOB, trigger: deps.trigger, clock: deps.clock ?? (() => now) },
    async () => {
      const daily = await sendDigests(db, { ...deps, now, frequency: "daily" });
      const weekly = deps.weekly || now.getUTCDay() === 1 ? await sendDigests(db, { ...deps, now, frequency: "weekly" }) : null;
      return { daily, weekly };
    },
    (s) => ({ outcome: "success", summary: { daily: { ...s.daily }, weekly: s.weekly ? { ...s.weekly } : null } }),
  );
}

export function describeAlertEvaluation(s: AlertEvaluationSummary): string {
  const e = s.evaluation;
  const d = s.delivery;
  return `watches evaluated ${e.watchesEvaluated} in ${e.combos} combos, alerts written ${e.alertsWritten} (${e.ms} ms); instant emails ${d.emailed}, SMS ${d.sms} (failed ${d.smsFailed}), held for the digest ${d.heldForDigest}`;
}

export function describeAlertDigests(s: AlertDigestsSummary): string {
  const one = (r: DigestResult) => `${r.frequency} ${r.period}: ${r.sent} sent, ${r.duplicates} already sent, ${r.alertsIncluded} alerts included`;
  return [one(s.daily), s.weekly ? one(s.weekly) : "weekly: not today (Mondays)"].join("; ");
}
