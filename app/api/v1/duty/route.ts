import { ApiError, defineRoute } from "@/lib/http/route";
import { DUTY_RATE_LIMIT } from "@/lib/api/limits";
import { dutyQuerySchema, lookupDuty } from "@/lib/tariffs/duty-answer";

/**
 * GET /api/v1/duty?hts=<code>&origin=<ISO-2>[&date=YYYY-MM-DD]: the duty stack on an HTS line for
 * an origin on a day, line by line with its legal basis (docs/api.md, lib/api/openapi.ts). Public,
 * no key; rate-limited per client by the shared limits.
 */
export const GET = defineRoute(
  { name: "api-v1-duty", auth: "public", query: dutyQuerySchema, rateLimit: DUTY_RATE_LIMIT, cacheControl: "public, max-age=300" },
  async ({ db, query, now }) => {
    const result = await lookupDuty(db, query, now.toISOString().slice(0, 10));
    if (!result.ok) throw new ApiError(result.status, result.message, { hts: result.message });
    return result.answer;
  },
);
