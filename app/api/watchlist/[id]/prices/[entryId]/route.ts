import { uuidParams } from "@/lib/http/params";
import { defineRoute } from "@/lib/http/route";
import { deletePriceEntry, NO_ENTRY, NO_WATCH } from "@/lib/watchlist/price-diary";

const params = uuidParams(NO_WATCH).extend({ entryId: uuidParams(NO_ENTRY).shape.id });

/** DELETE /api/watchlist/[id]/prices/[entryId] -> {deleted: entryId}; 404 unless both are the signed-in subscriber's. */
export const DELETE = defineRoute(
  { name: "price-diary-delete", auth: "subscriber", rateLimit: { capacity: 30, refillMs: 2_000 }, params },
  async ({ db, subscriber, params: { id, entryId } }) => {
    await deletePriceEntry(db, subscriber.id, id, entryId);
    return { deleted: entryId };
  },
);
