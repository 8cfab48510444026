import { z } from "zod";
import { retryDeadLetter } from "@/lib/email/dead-letters";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { ApiError, defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ id: z.uuid({ error: "Choose a message to send again." }) });

/**
 * POST /api/admin/emails/retry {id}: sends a dead letter (an email failed for good) again,
 * with a fresh set of attempts; its delivery starts after this answer (docs/email.md,
 * "Dead letters"). 200 {message, id, status} | 400 | 401 | 404 unknown message | 409 not a
 * dead letter (already sent, queued, or waiting for a scheduled retry).
 */
export const POST = defineRoute(
  { name: "admin-email-retry", auth: "admin", body: bodySchema, rateLimit: { capacity: 30, refillMs: 2_000 } },
  async ({ db, now, body, admin }) => {
    const result = await retryDeadLetter(db, body.id, now);
    if (!result.ok) {
      if (result.reason === "not-found") throw new ApiError(404, "No email with that id.");
      throw new ApiError(409, `This email is not a dead letter (${result.state}), so there is nothing to send again.`);
    }
    deliverSoon(db, [result.email]);
    console.info(`[admin] ${admin.username} sent email ${result.email.id} (${result.email.template}) again`);
    return { message: "Queued to send again: it goes out in a moment.", id: result.email.id, status: result.email.status };
  },
);
