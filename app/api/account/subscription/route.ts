import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { setCancelAtPeriodEnd } from "@/lib/payments/account-billing";
import { asApi, billingDeps } from "@/lib/payments/account-http";

const body = z.object({ cancelAtPeriodEnd: z.boolean({ error: "cancelAtPeriodEnd must be true (cancel at period end) or false (keep the plan)." }) });

/**
 * POST /api/account/subscription {cancelAtPeriodEnd} -> {subscription}: cancel at the end of
 * the paid period, or undo that. Card plans through Stripe; PayPal plans cancel at PayPal.
 */
export const POST = defineRoute(
  { name: "account-subscription", auth: "subscriber", body, rateLimit: { capacity: 10, refillMs: 60_000 } },
  async ({ db, now, subscriber, body }) => {
    const sub = await asApi(() => setCancelAtPeriodEnd(billingDeps(db, now), subscriber.id, body.cancelAtPeriodEnd));
    return {
      subscription: {
        planId: sub.planId,
        provider: sub.provider,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        currentPeriodEnd: sub.currentPeriodEnd,
      },
    };
  },
);
