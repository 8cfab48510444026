import { watchlistCsv } from "@/lib/api/v1";
import { defineRoute } from "@/lib/http/route";

/** GET /api/watchlist/export -> every watch as a CSV download (Professional and Pro Alerts: csvExport; docs/api.md "CSV export"). */
export const GET = defineRoute(
  { name: "watchlist-export", auth: "subscriber", entitlement: "csvExport", rateLimit: { capacity: 10, refillMs: 6_000 } },
  async ({ db, subscriber, access, now }) => watchlistCsv(db, subscriber.id, access, now),
);
