import { listWatchesV1, v1Answer, v1Query, V1_RATE_LIMIT, WATCH_CSV_COLUMNS } from "@/lib/api/v1";
import { createWatchV1, deleteWatchV1, updateWatchV1, v1WatchIdQuery } from "@/lib/api/v1-watchlist";
import { defineRoute } from "@/lib/http/route";
import { addWatchSchema, updateWatchSchema } from "@/lib/watchlist/schema";

/** GET /api/v1/watchlist[?format=csv&since=&limit=]: the key owner's watches (docs/api.md, lib/api/openapi.ts). */
export const GET = defineRoute(
  { name: "api-v1-watchlist", auth: "apiKey", query: v1Query, rateLimit: V1_RATE_LIMIT },
  async ({ db, subscriber, access, query, now }) => v1Answer(await listWatchesV1(db, subscriber.id, query, access, now), query.format, "watchlist", WATCH_CSV_COLUMNS, now),
);

/** POST /api/v1/watchlist {categoryId} | {name, categoryId | htsCode, price, madeIn?, perYear?, threshold?, horizonDays?} -> 201 {watch}. */
export const POST = defineRoute(
  { name: "api-v1-watchlist-write", auth: "apiKey", body: addWatchSchema, rateLimit: V1_RATE_LIMIT },
  async ({ db, subscriber, access, body, now }) => createWatchV1(db, subscriber.id, access, body, now),
);

/** PATCH /api/v1/watchlist?id=<id> {...}: the same as PATCH /api/v1/watchlist/{id}. */
export const PATCH = defineRoute(
  { name: "api-v1-watchlist-write", auth: "apiKey", query: v1WatchIdQuery, body: updateWatchSchema, rateLimit: V1_RATE_LIMIT },
  async ({ db, subscriber, access, query, body, now }) => updateWatchV1(db, subscriber.id, access, query.id, body, now),
);

/** DELETE /api/v1/watchlist?id=<id>: the same as DELETE /api/v1/watchlist/{id}. */
export const DELETE = defineRoute(
  { name: "api-v1-watchlist-write", auth: "apiKey", query: v1WatchIdQuery, rateLimit: V1_RATE_LIMIT },
  async ({ db, subscriber, query }) => deleteWatchV1(db, subscriber.id, query.id),
);
