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
    async ({ db, now: serverNow, params, request }) => {
      const job = findJob(params.job ?? "");
      if (!job) throw new ApiError(404, `No job named "${params.job}".`);
      const env = getEnv();
      const now = jobClock(request.headers.get("x-job-clock"), env.economy.cronJobClock) ?? serverNow;
      const run = await job.run(db, now, { env, trigger: "cron", clock: () => new Date() });
      console.info(`[${job.name}] cron: ${run.line}`);
      return Response.json(run.summary, { status: run.httpStatus, headers: { "Cache-Control": "no-store" } });
    },
  );
}

/**
 * The moment a cron request asks its job to run at (`X-Job-Clock`, ISO 8601), honoured only when
 * CRON_JOB_CLOCK=1 (end-to-end test runs, lib/env/economy.ts); null = the server's clock. A
 * malformed value is a 400, not a silent fallback.
 */
export function jobClock(header: string | null, allowed: boolean): Date | null {
  if (!allowed || header === null) return null;
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(header) ? new Date(header) : null;
  if (!at || Number.isNaN(at.getTime())) throw new ApiError(400, "X-Job-Clock must be an ISO 8601 UTC moment, e.g. 2026-12-02T04:00:00Z.");
  return at;
}
