import { updateEventSchema } from "@/lib/admin/tariff-schemas";
import { deleteEvent, updateEvent } from "@/lib/admin/tariffs";
import { recordIdParams } from "@/lib/http/params";
import { defineRoute } from "@/lib/http/route";

const limit = { capacity: 30, refillMs: 2_000 };
const params = recordIdParams("No such event.");

/** PATCH /api/admin/tariffs/events/{id}: edit an event (only the fields sent); re-evaluates the watches on its measure's lines. */
export const PATCH = defineRoute(
  { name: "admin-tariff-event-update", auth: "admin", body: updateEventSchema, rateLimit: limit, params },
  async ({ db, admin, body, params, now }) => updateEvent(db, admin, params.id, body, now),
);

/** DELETE /api/admin/tariffs/events/{id}: remove an event (kept in the audit log); re-evaluates the watches on its measure's lines. */
export const DELETE = defineRoute(
  { name: "admin-tariff-event-delete", auth: "admin", rateLimit: limit, params },
  async ({ db, admin, params, now }) => deleteEvent(db, admin, params.id, now),
);
