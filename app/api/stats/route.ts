import { defineRoute } from "@/lib/http/route";
import { publicStats } from "@/lib/stats/public-stats";

export const dynamic = "force-dynamic";

/**
 * GET /api/stats -> {alertsSent30d, alertsWindow, economicData, countedAt}: the landing
 * page's live figures (docs/claims.md). Public; shared caches may keep it a minute.
 */
export const GET = defineRoute(
  {
    name: "public-stats",
    auth: "public",
    rateLimit: { capacity: 60, refillMs: 1_000 },
    cacheControl: "public, s-maxage=60",
  },
  async ({ db, now }) => publicStats(db, now),
);
