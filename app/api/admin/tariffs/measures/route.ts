import { createMeasureSchema } from "@/lib/admin/tariff-schemas";
import { createMeasure } from "@/lib/admin/tariffs";
import { defineRoute } from "@/lib/http/route";

/**
 * POST /api/admin/tariffs/measures: add a measure (operator id "op_..."), citing its legal
 * source (https URL, required). Answers 201 {item, auditId, summary, message}: the watches on
 * its lines are re-evaluated and the answer says how many and how many alerts were written.
 */
export const POST = defineRoute(
  { name: "admin-tariff-measure-create", auth: "admin", body: createMeasureSchema, bodyLimit: 256 * 1024, rateLimit: { capacity: 30, refillMs: 2_000 } },
  async ({ db, admin, body, now }) => Response.json(await createMeasure(db, admin, body, now), { status: 201 }),
);
