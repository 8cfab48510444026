import { listSubscribers } from "@/lib/admin/subscribers";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** GET /api/admin/newsletters -> {count, subscribers[]} | 401 {message}. Admin only. */
export const GET = defineRoute({ name: "admin-newsletters", auth: "admin" }, async ({ db }) => listSubscribers(db));
