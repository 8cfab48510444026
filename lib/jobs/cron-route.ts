import "server-only";
import { getEnv } from "@/lib/env";
import { ApiError, defineRoute } from "@/lib/http/route";
import { findJob } from "./registry";

/**
 * GET /api/cron/<job> with `Authorization: Bearer <CRON_SECRET>` (what Vercel Cron sends;
 * any scheduler can call it): one run of a job of the registry (lib/jobs/registry.ts), on
 * the route frame with auth `cron`. 200 with the run's summary (a job may answer another
 * status, e.g. 502 for a refresh that refreshed nothing); 401 without the secret; 503 when
 * CRON_SECRET is unset (in the job's own words when it has them); 404 for a job the
 * registry does not have.
 */
export function cronJobRoute() {
  return defineRoute(
    {
      name: "cron-job",
      auth: "cron",
      offMessage: (params) => findJob(params.job ?? "")?.offMessage,
    },
    async ({ db, now, params }) => {
      const job = findJob(params.job ?? "");
      if (!job) throw new ApiError(404, `No job named "${params.job}".`);
      const summary = await job.handler(db, now, { env: getEnv(), trigger: "cron", clock: () => new Date() });
      console.info(`[${job.name}] cron: ${job.describe(summary)}`);
      return Response.json(summary, { status: job.httpStatus?.(summary) ?? 200, headers: { "Cache-Control": "no-store" } });
    },
  );
}
