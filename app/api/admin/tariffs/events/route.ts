import { createEventSchema } from "@/lib/admin/tariff-schemas";
import { createEvent } from "@/lib/admin/tariffs";
import { defineRoute } from "@/lib/http/route";

/**
 * POST /api/admin/tariffs/events: add a dated legal event to a measure, citing its source
 * (https URL, required). 201 {item, auditId, summary, message}; the watches on the measure's
 * lines are re-evaluated and due alerts written and delivered.
 */
export const POST = defineRoute(
  { name: "admin-tariff-event-create", auth: "admin", body: createEventSchema, rateLimit: { capacity: 30, refillMs: 2_000 } },
  async ({ db, admin, body, now }) => Response.json(await createEvent(db, admin, body, now), { status: 201 }),
);
