import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { runJobForCron } from "@/lib/jobs/cron-route";
import { findJob } from "@/lib/jobs/registry";

export const dynamic = "force-dynamic";
/** A full evaluation and its deliveries can take a while on a large watchlist. */
export const maxDuration = 300;

/**
 * GET /api/cron/alerts?job=evaluate|digests, the older paths of GET /api/cron/alert-evaluation
 * and /api/cron/alert-digests (lib/jobs/registry.ts, docs/alerts.md "Jobs"). The answer is
 * the run's summary with the `job` asked for.
 */
export const GET = defineRoute(
  { name: "cron-alerts", auth: "cron", query: z.object({ job: z.enum(["evaluate", "digests"], { error: 'job must be "evaluate" or "digests"' }) }) },
  async ({ db, now, query }) => {
    const response = await runJobForCron(findJob(query.job === "evaluate" ? "alert-evaluation" : "alert-digests")!, db, now);
    return Response.json({ job: query.job, ...((await response.json()) as object) }, { status: response.status, headers: response.headers });
  },
);
