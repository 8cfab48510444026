import { V1_RATE_LIMIT } from "@/lib/api/v1";
import { deleteWatchV1, getWatchV1, updateWatchV1 } from "@/lib/api/v1-watchlist";
import { defineRoute } from "@/lib/http/route";
import { updateWatchSchema } from "@/lib/watchlist/schema";

/** GET /api/v1/watchlist/{id} -> {watch}; 404 unless it is the key owner's (docs/api.md). */
export const GET = defineRoute({ name: "api-v1-watchlist", auth: "apiKey", rateLimit: V1_RATE_LIMIT }, async ({ db, subscriber, access, params, now }) =>
  getWatchV1(db, subscriber.id, access, params.id ?? "", now),
);

/** PATCH /api/v1/watchlist/{id} {threshold?, horizonDays?, snoozeDays?, name?, price?, madeIn?, perYear?} -> {watch}. */
export const PATCH = defineRoute(
  { name: "api-v1-watchlist-write", auth: "apiKey", body: updateWatchSchema, rateLimit: V1_RATE_LIMIT },
  async ({ db, subscriber, access, params, body, now }) => updateWatchV1(db, subscriber.id, access, params.id ?? "", body, now),
);

/** DELETE /api/v1/watchlist/{id} -> {deleted: id}. */
export const DELETE = defineRoute({ name: "api-v1-watchlist-write", auth: "apiKey", rateLimit: V1_RATE_LIMIT }, async ({ db, subscriber, params }) =>
  deleteWatchV1(db, subscriber.id, params.id ?? ""),
);
