import { listSubscribers } from "@/lib/admin/subscribers";
import { requireAdmin } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { withErrorBoundary } from "@/lib/http/json";

export const dynamic = "force-dynamic";

/** GET /api/admin/newsletters -> {count, subscribers[]} | 401 {message}. Admin only, checked here. */
export async function GET(request: Request): Promise<Response> {
  return withErrorBoundary("admin-newsletters", async () => {
    const auth = await requireAdmin(request);
    if (!auth.ok) return auth.response;
    return Response.json(await listSubscribers(getDb()), { headers: { "Cache-Control": "no-store" } });
  });
}
