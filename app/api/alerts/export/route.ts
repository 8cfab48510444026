import { alertsCsv } from "@/lib/api/v1";
import { defineRoute } from "@/lib/http/route";

/** GET /api/alerts/export -> every alert as a CSV download (Professional and Pro Alerts: csvExport; docs/api.md "CSV export"). */
export const GET = defineRoute(
  { name: "alerts-export", auth: "subscriber", entitlement: "csvExport", rateLimit: { capacity: 10, refillMs: 6_000 } },
  async ({ db, subscriber, now }) => alertsCsv(db, subscriber.id, now),
);
