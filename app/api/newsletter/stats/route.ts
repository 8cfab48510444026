import { getDb } from "@/lib/db";
import { withErrorBoundary } from "@/lib/http/json";
import { countSubscribers } from "@/lib/newsletter/subscribers";

export const dynamic = "force-dynamic";

/** GET /api/newsletter/stats -> {count}: the live number of newsletter subscribers. */
export async function GET(): Promise<Response> {
  return withErrorBoundary("newsletter-stats", async () => {
    const count = await countSubscribers(getDb());
    return Response.json({ count }, { headers: { "Cache-Control": "no-store" } });
  });
}
