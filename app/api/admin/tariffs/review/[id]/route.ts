import { reviewActionSchema } from "@/lib/admin/tariff-schemas";
import { resolveReviewItem } from "@/lib/admin/tariffs";
import { uuidParams } from "@/lib/http/params";
import { defineRoute } from "@/lib/http/route";

/** POST /api/admin/tariffs/review/{id} {status: "done" | "dismissed", note?}: resolve a Federal Register document waiting for review. */
export const POST = defineRoute(
  { name: "admin-tariff-review", auth: "admin", body: reviewActionSchema, rateLimit: { capacity: 60, refillMs: 1_000 }, params: uuidParams("No such review item.") },
  async ({ db, admin, body, params, now }) => resolveReviewItem(db, admin, params.id, body.status, now, body.note),
);
