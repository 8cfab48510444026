import { timingSafeEqual } from "node:crypto";
import { getDb } from "@/lib/db";
import { refreshConfigFromEnv } from "@/lib/economy/config";
import { refreshEconomicData } from "@/lib/economy/refresh";
import { getEnv } from "@/lib/env";
import { jsonError, withErrorBoundary } from "@/lib/http/json";

export const dynamic = "force-dynamic";
/** A refresh makes a few sequential calls with timeouts and retries. */
export const maxDuration = 300;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/cron/refresh-economic-data with `Authorization: Bearer <CRON_SECRET>`: runs
 * the refresh (BLS + Federal Register) and answers its summary. 200 when something was
 * refreshed (status success or partial), 502 when nothing could be, 401 without the
 * secret, 503 when CRON_SECRET is not set (the route is off).
 */
export async function GET(request: Request): Promise<Response> {
  return withErrorBoundary("cron-refresh-economic-data", async () => {
    const env = getEnv();
    const secret = env.economy.cronSecret;
    if (!secret) {
      return jsonError(503, "The scheduled refresh is off on this server: set CRON_SECRET to turn it on.", undefined, { "Cache-Control": "no-store" });
    }
    if (!sameSecret(request.headers.get("authorization") ?? "", `Bearer ${secret}`)) {
      return jsonError(401, "Missing or wrong Authorization header: expected \"Bearer <CRON_SECRET>\".", undefined, {
        "WWW-Authenticate": 'Bearer realm="cron"',
        "Cache-Control": "no-store",
      });
    }
    const summary = await refreshEconomicData({ db: getDb(), config: refreshConfigFromEnv(env), trigger: "cron" });
    return Response.json(summary, { status: summary.status === "failed" ? 502 : 200, headers: { "Cache-Control": "no-store" } });
  });
}
