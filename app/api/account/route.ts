import { planName } from "@/lib/entitlements";
import { defineRoute } from "@/lib/http/route";

/**
 * GET /api/account -> {email, plan, planName, status, trialEndsAt, trialDaysLeft, endsAt,
 * alertsPaused, entitlements} of the signed-in subscriber; 401 when signed out.
 */
export const GET = defineRoute({ name: "account", auth: "subscriber" }, async ({ subscriber, access: a }) => {
  return {
    email: subscriber.email,
    plan: a.plan,
    planName: a.plan ? planName(a.plan) : null,
    status: a.status,
    trialEndsAt: a.trialEndsAt?.toISOString() ?? null,
    trialDaysLeft: a.trialDaysLeft,
    endsAt: a.endsAt?.toISOString() ?? null,
    alertsPaused: a.alertsPaused,
    entitlements: a.entitlements,
  };
});
