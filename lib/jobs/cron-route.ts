import "server-only";
import { getEnv } from "@/lib/env";
import { ApiError, defineRoute } from "@/lib/http/route";
import { jsonError } from "@/lib/http/json";
import { findJob, type JobDefinition } from "./registry";

/**
 * GET /api/cron/<job> with `Authorization: Bearer <CRON_SECRET>` (what Vercel Cron sends;
 * any scheduler can call it): one run of a job of the registry (lib/jobs/registry.ts).
 * 200 with the run's summary (a job may answer another status, e.g. 502 for a refresh
 * that refreshed nothing); 401 without the secret; 503 when CRON_SECRET is unset; 404 for
 * a job the registry does not have. `fixed` serves one job under an older path.
 */
export function cronJobRoute(fixed?: string) {
  const run = defineRoute({ name: fixed ? `cron-${fixed}` : "cron-job", auth: "cron" }, async ({ db, now, params }) => {
    const job = findJob(fixed ?? params.job ?? "");
    if (!job) throw new ApiError(404, `No job named "${params.job}".`);
    return runJobForCron(job, db, now);
  });
  return async (request: Request, context?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    // A job may say in its own words that the route is off (CRON_SECRET unset).
    const job = findJob(fixed ?? String((await context?.params)?.job ?? ""));
    if (job?.offMessage && !getEnv().economy.cronSecret) return jsonError(503, job.offMessage, undefined, { "Cache-Control": "no-store" });
    return run(request, context);
  };
}

/** Runs a job with trigger "cron", logs its line and answers its summary. */
export async function runJobForCron(job: JobDefinition, db: Parameters<JobDefinition["handler"]>[0], now: Date, options?: { weekly?: boolean }) {
  const summary = await job.handler(db, now, { env: getEnv(), trigger: "cron", clock: () => new Date(), options });
  console.info(`[${job.name}] cron: ${job.describe(summary)}`);
  return Response.json(summary, { status: job.httpStatus?.(summary) ?? 200, headers: { "Cache-Control": "no-store" } });
}
