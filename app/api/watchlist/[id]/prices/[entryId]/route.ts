import { ApiError, defineRoute } from "@/lib/http/route";
import { deletePriceEntry, NO_ENTRY, NO_WATCH } from "@/lib/watchlist/price-diary";
import { isUuid } from "@/lib/watchlist/service";

/** DELETE /api/watchlist/[id]/prices/[entryId] -> {deleted: entryId}; 404 unless both are the signed-in subscriber's. */
export const DELETE = defineRoute(
  { name: "price-diary-delete", auth: "subscriber", rateLimit: { capacity: 30, refillMs: 2_000 } },
  async ({ db, subscriber, params }) => {
    const id = params.id ?? "";
    const entryId = params.entryId ?? "";
    if (!isUuid(id)) throw new ApiError(404, NO_WATCH);
    if (!isUuid(entryId)) throw new ApiError(404, NO_ENTRY);
    await deletePriceEntry(db, subscriber!.id, id, entryId);
    return { deleted: entryId };
  },
);
