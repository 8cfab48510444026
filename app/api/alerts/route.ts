import { z } from "zod";
import { listAlerts } from "@/lib/alerts/list";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * GET /api/alerts?severity=&category= (signed-in subscriber): the same list as
 * /alerts/mine, newest first, as JSON `{alerts: [...]}`.
 */
export const GET = defineRoute(
  {
    name: "alerts-list",
    auth: "subscriber",
    query: z.object({ severity: z.string().max(20).optional(), category: z.string().max(64).optional() }),
  },
  async ({ db, subscriber, query }) => ({ alerts: await listAlerts(db, subscriber.id, query) }),
);
