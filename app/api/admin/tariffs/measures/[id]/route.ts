import { updateMeasureSchema } from "@/lib/admin/tariff-schemas";
import { updateMeasure } from "@/lib/admin/tariffs";
import { recordIdParams } from "@/lib/http/params";
import { defineRoute } from "@/lib/http/route";

/** PATCH /api/admin/tariffs/measures/{id}: edit a measure (only the fields sent); re-evaluates the watches on its lines. */
export const PATCH = defineRoute(
  { name: "admin-tariff-measure-update", auth: "admin", body: updateMeasureSchema, bodyLimit: 256 * 1024, rateLimit: { capacity: 30, refillMs: 2_000 }, params: recordIdParams("No such measure.") },
  async ({ db, admin, body, params, now }) => updateMeasure(db, admin, params.id, body, now),
);
