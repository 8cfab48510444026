import { ApiError, defineRoute } from "@/lib/http/route";
import { addWatchSchema } from "@/lib/watchlist/schema";
import { addWatch, listWatches, WatchlistError, watchView } from "@/lib/watchlist/service";

const RATE = { capacity: 60, refillMs: 1_000 };

/** GET /api/watchlist -> {watches: [...with projection summary], limits: {maxCategories, used}}. */
export const GET = defineRoute({ name: "watchlist-list", auth: "subscriber", rateLimit: RATE }, async ({ db, subscriber, access, now }) => {
  return listWatches(db, subscriber.id, access, now);
});

/** POST /api/watchlist {categoryId} | {name, categoryId | htsCode, price, madeIn?, perYear?, threshold?, horizonDays?} -> 201 {watch}. */
export const POST = defineRoute(
  { name: "watchlist-add", auth: "subscriber", rateLimit: { capacity: 30, refillMs: 2_000 }, body: addWatchSchema },
  async ({ db, subscriber, access, body, now }) => {
    try {
      const { id } = await addWatch(db, subscriber.id, access, body);
      const watch = await watchView(db, subscriber.id, access, id, now);
      return Response.json({ watch }, { status: 201 });
    } catch (error) {
      if (error instanceof WatchlistError) throw new ApiError(error.status, error.message, error.errors);
      throw error;
    }
  },
);
