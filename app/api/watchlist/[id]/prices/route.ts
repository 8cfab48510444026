import { uuidParams } from "@/lib/http/params";
import { defineRoute } from "@/lib/http/route";
import { addPriceEntry, listPriceEntries, NO_WATCH } from "@/lib/watchlist/price-diary";
import { priceEntrySchema } from "@/lib/watchlist/price-diary-schema";

const params = uuidParams(NO_WATCH);

/** GET /api/watchlist/[id]/prices -> {entries: [{id, paidOn, priceCents, shop}]}, oldest first (docs/alerts.md "Price diary"). */
export const GET = defineRoute(
  { name: "price-diary-list", auth: "subscriber", rateLimit: { capacity: 60, refillMs: 1_000 }, params },
  async ({ db, subscriber, params: { id } }) => ({ entries: await listPriceEntries(db, subscriber.id, id) }),
);

/** POST /api/watchlist/[id]/prices {paidOn, price, shop?} -> 201 {entry, alerts: [kind]}; the same day, price and shop again is the same entry. */
export const POST = defineRoute(
  { name: "price-diary-add", auth: "subscriber", rateLimit: { capacity: 20, refillMs: 3_000 }, body: priceEntrySchema, params },
  async ({ db, subscriber, params: { id }, body, now }) => Response.json(await addPriceEntry(db, subscriber.id, id, body, now), { status: 201 }),
);
