import { z } from "zod";
import { PLANS } from "@/lib/catalog";
import { defineRoute } from "@/lib/http/route";
import { changePlan } from "@/lib/payments/account-billing";
import { asApi, billingDeps } from "@/lib/payments/account-http";

const body = z.object({
  planId: z.enum(["consumer", "professional", "pro-alerts"], { error: "Choose consumer, professional or pro-alerts." }),
});

/** POST /api/account/plan {planId} -> {subscription}: moves a monthly card plan, prorated by Stripe. */
export const POST = defineRoute(
  { name: "account-plan", auth: "subscriber", body, rateLimit: { capacity: 5, refillMs: 60_000 } },
  async ({ db, now, subscriber, body }) => {
    const sub = await asApi(() => changePlan(billingDeps(db, now), subscriber.id, body.planId));
    return {
      subscription: { planId: sub.planId, planName: PLANS[body.planId].name, status: sub.status, currentPeriodEnd: sub.currentPeriodEnd },
      message: `Your plan is now the ${PLANS[body.planId].name}. The difference for the rest of this month is on your next invoice.`,
    };
  },
);
