import { ApiError, defineRoute } from "@/lib/http/route";
import { addPriceEntry, listPriceEntries, NO_WATCH } from "@/lib/watchlist/price-diary";
import { priceEntrySchema } from "@/lib/watchlist/price-diary-schema";
import { isUuid } from "@/lib/watchlist/service";

function watchIdOf(params: Record<string, string>): string {
  const id = params.id ?? "";
  if (!isUuid(id)) throw new ApiError(404, NO_WATCH);
  return id;
}

/** GET /api/watchlist/[id]/prices -> {entries: [{id, paidOn, priceCents, shop}]}, oldest first (docs/alerts.md "Price diary"). */
export const GET = defineRoute(
  { name: "price-diary-list", auth: "subscriber", rateLimit: { capacity: 60, refillMs: 1_000 } },
  async ({ db, subscriber, params }) => ({ entries: await listPriceEntries(db, subscriber!.id, watchIdOf(params)) }),
);

/** POST /api/watchlist/[id]/prices {paidOn, price, shop?} -> 201 {entry, alerts: [kind]}. */
export const POST = defineRoute(
  { name: "price-diary-add", auth: "subscriber", rateLimit: { capacity: 20, refillMs: 3_000 }, body: priceEntrySchema },
  async ({ db, subscriber, params, body, now }) => {
    const result = await addPriceEntry(db, subscriber!.id, watchIdOf(params), body, now);
    return Response.json(result, { status: 201 });
  },
);
