import { ApiError, defineRoute } from "@/lib/http/route";
import { updateWatchSchema } from "@/lib/watchlist/schema";
import { isUuid, removeWatch, updateWatch, WatchlistError, watchView } from "@/lib/watchlist/service";

const NOT_FOUND = "No such watch on your watchlist.";

function rethrow(error: unknown): never {
  if (error instanceof WatchlistError) throw new ApiError(error.status, error.message, error.errors);
  throw error;
}

/** DELETE /api/watchlist/[id] -> {deleted: id}; 404 unless the watch is the signed-in subscriber's. */
export const DELETE = defineRoute(
  { name: "watchlist-delete", auth: "subscriber", rateLimit: { capacity: 30, refillMs: 2_000 } },
  async ({ db, subscriber, params }) => {
    const id = params.id ?? "";
    if (!isUuid(id)) throw new ApiError(404, NOT_FOUND);
    await removeWatch(db, subscriber!.id, id).catch(rethrow);
    return { deleted: id };
  },
);

/** PATCH /api/watchlist/[id] {threshold?, horizonDays?, snoozeDays?} -> {watch}. */
export const PATCH = defineRoute(
  { name: "watchlist-update", auth: "subscriber", rateLimit: { capacity: 30, refillMs: 2_000 }, body: updateWatchSchema },
  async ({ db, subscriber, access, params, body, now }) => {
    const id = params.id ?? "";
    if (!isUuid(id)) throw new ApiError(404, NOT_FOUND);
    await updateWatch(db, subscriber!.id, access!, id, body, now).catch(rethrow);
    return { watch: await watchView(db, subscriber!.id, access!, id, now) };
  },
);
