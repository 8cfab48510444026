import { timingSafeEqual } from "node:crypto";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonError, withErrorBoundary } from "@/lib/http/json";
import { describeEmailJobs, runEmailJobs } from "@/lib/jobs/email-jobs";

export const dynamic = "force-dynamic";
/** A run sends each due email in turn (spaced to the provider's rate limit). */
export const maxDuration = 300;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/cron/trial-followups with `Authorization: Bearer <CRON_SECRET>` (what Vercel
 * Cron sends; any scheduler can call it): one run of the trial follow-ups and email
 * retries (lib/jobs/email-jobs.ts). 200 with the run's summary; 401 without the secret;
 * 503 when CRON_SECRET is not set (the route is off). Safe to call on several instances
 * or twice at once: each follow-up and each retry is claimed before it is sent.
 */
export async function GET(request: Request): Promise<Response> {
  return withErrorBoundary("cron-trial-followups", async () => {
    const env = getEnv();
    const secret = env.economy.cronSecret;
    const noStore = { "Cache-Control": "no-store" };
    if (!secret) {
      return jsonError(503, "The scheduled follow-ups are off on this server: set CRON_SECRET to turn this route on.", undefined, noStore);
    }
    if (!sameSecret(request.headers.get("authorization") ?? "", `Bearer ${secret}`)) {
      return jsonError(401, 'Missing or wrong Authorization header: expected "Bearer <CRON_SECRET>".', undefined, {
        ...noStore,
        "WWW-Authenticate": 'Bearer realm="cron"',
      });
    }
    const summary = await runEmailJobs(getDb(), new Date(), { siteUrl: env.SITE_URL, trigger: "cron", clock: () => new Date() });
    console.info(`[email-jobs] cron: ${describeEmailJobs(summary)}`);
    return Response.json(summary, { status: 200, headers: noStore });
  });
}
