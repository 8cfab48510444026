import { uuidParams } from "@/lib/http/params";
import { ApiError, defineRoute } from "@/lib/http/route";
import { updateWatchSchema } from "@/lib/watchlist/schema";
import { removeWatch, updateWatch, WatchlistError, watchView } from "@/lib/watchlist/service";

const params = uuidParams("No such watch on your watchlist.");

function rethrow(error: unknown): never {
  if (error instanceof WatchlistError) throw new ApiError(error.status, error.message, error.errors);
  throw error;
}

/** DELETE /api/watchlist/[id] -> {deleted: id}; 404 unless the watch is the signed-in subscriber's. */
export const DELETE = defineRoute(
  { name: "watchlist-delete", auth: "subscriber", rateLimit: { capacity: 30, refillMs: 2_000 }, params },
  async ({ db, subscriber, params: { id } }) => {
    await removeWatch(db, subscriber.id, id).catch(rethrow);
    return { deleted: id };
  },
);

/** PATCH /api/watchlist/[id] {threshold?, horizonDays?, snoozeDays?} -> {watch}. */
export const PATCH = defineRoute(
  { name: "watchlist-update", auth: "subscriber", rateLimit: { capacity: 30, refillMs: 2_000 }, body: updateWatchSchema, params },
  async ({ db, subscriber, access, params: { id }, body, now }) => {
    await updateWatch(db, subscriber.id, access, id, body, now).catch(rethrow);
    return { watch: await watchView(db, subscriber.id, access, id, now) };
  },
);
