import { z } from "zod";
import { cronJobRoute } from "@/lib/jobs/cron-route";

export const dynamic = "force-dynamic";
/** A full evaluation and its deliveries can take a while on a large watchlist. */
export const maxDuration = 300;

/**
 * GET /api/cron/alerts?job=evaluate|digests, the older paths of GET /api/cron/alert-evaluation
 * and /api/cron/alert-digests (lib/jobs/registry.ts, docs/alerts.md "Jobs"). The answer is
 * the run's summary with the `job` asked for.
 */
export const GET = cronJobRoute({
  name: "cron-alerts",
  query: z.object({ job: z.enum(["evaluate", "digests"], { error: 'job must be "evaluate" or "digests"' }) }),
  job: (query) => (query.job === "evaluate" ? "alert-evaluation" : "alert-digests"),
  answer: (query) => ({ job: query.job }),
});
