import { ALERT_CSV_COLUMNS, listAlertsV1, v1Answer, v1Query, V1_RATE_LIMIT } from "@/lib/api/v1";
import { defineRoute } from "@/lib/http/route";

/** GET /api/v1/alerts[?format=csv&since=&limit=]: the key owner's alerts (docs/api.md, lib/api/openapi.ts). */
export const GET = defineRoute(
  { name: "api-v1-alerts", auth: "apiKey", query: v1Query, rateLimit: V1_RATE_LIMIT },
  async ({ db, subscriber, query, now }) => v1Answer(await listAlertsV1(db, subscriber.id, query), query.format, "alerts", ALERT_CSV_COLUMNS, now),
);
