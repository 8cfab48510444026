import { reviewActionSchema } from "@/lib/admin/tariff-schemas";
import { resolveReviewItem } from "@/lib/admin/tariffs";
import { ApiError, defineRoute } from "@/lib/http/route";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/admin/tariffs/review/{id} {status: "done" | "dismissed", note?}: resolve a Federal Register document waiting for review. */
export const POST = defineRoute(
  { name: "admin-tariff-review", auth: "admin", body: reviewActionSchema, rateLimit: { capacity: 60, refillMs: 1_000 } },
  async ({ db, admin, body, params, now }) => {
    const id = params.id ?? "";
    if (!UUID.test(id)) throw new ApiError(404, "No such review item.");
    return resolveReviewItem(db, admin!, id, body.status, now, body.note);
  },
);
