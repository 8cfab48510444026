import { listWatchesV1, v1Answer, v1Query, V1_RATE_LIMIT, WATCH_CSV_COLUMNS } from "@/lib/api/v1";
import { defineRoute } from "@/lib/http/route";

/** GET /api/v1/watchlist[?format=csv&since=&limit=]: the key owner's watches (docs/api.md, lib/api/openapi.ts). */
export const GET = defineRoute(
  { name: "api-v1-watchlist", auth: "apiKey", query: v1Query, rateLimit: V1_RATE_LIMIT },
  async ({ db, subscriber, query, now }) => v1Answer(await listWatchesV1(db, subscriber.id, query), query.format, "watchlist", WATCH_CSV_COLUMNS, now),
);
