import { defineRoute } from "@/lib/http/route";
import { countSubscribers } from "@/lib/newsletter/subscribers";

export const dynamic = "force-dynamic";

/** GET /api/newsletter/stats -> {count}: the live number of newsletter subscribers. */
export const GET = defineRoute({ name: "newsletter-stats", auth: "public", cacheControl: "no-store" }, async ({ db }) => ({ count: await countSubscribers(db) }));
