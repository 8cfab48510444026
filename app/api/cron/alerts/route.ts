import { z } from "zod";
import { getEnv } from "@/lib/env";
import { defineRoute } from "@/lib/http/route";
import { describeAlertDigests, describeAlertEvaluation, runAlertDigests, runAlertEvaluation } from "@/lib/jobs/alert-jobs";

export const dynamic = "force-dynamic";
/** A full evaluation and its deliveries can take a while on a large watchlist. */
export const maxDuration = 300;

/**
 * GET /api/cron/alerts?job=evaluate|digests with `Authorization: Bearer <CRON_SECRET>`
 * (docs/alerts.md, "Jobs"): `evaluate` re-evaluates every watch and delivers instant
 * alerts (nightly); `digests` sends the daily digest, and on Mondays the weekly one
 * (daily at 13:00 UTC). 200 with the run's summary; 401 without the secret; 503 when
 * CRON_SECRET is unset. Safe to call twice: alerts and emails are idempotent.
 */
export const GET = defineRoute(
  { name: "cron-alerts", auth: "cron", query: z.object({ job: z.enum(["evaluate", "digests"], { error: 'job must be "evaluate" or "digests"' }) }) },
  async ({ db, now, query }) => {
    const deps = { siteUrl: getEnv().SITE_URL, trigger: "cron" as const, clock: () => new Date() };
    if (query.job === "evaluate") {
      const summary = await runAlertEvaluation(db, now, deps);
      console.info(`[alerts] cron evaluate: ${describeAlertEvaluation(summary)}`);
      return { job: query.job, ...summary };
    }
    const summary = await runAlertDigests(db, now, deps);
    console.info(`[alerts] cron digests: ${describeAlertDigests(summary)}`);
    return { job: query.job, ...summary };
  },
);
