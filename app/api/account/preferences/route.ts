import { preferencesOf, preferencesSchema, PlanRequiredError, savePreferences } from "@/lib/accounts/preferences";
import { defineRoute, upgradeRequired } from "@/lib/http/route";

/** GET /api/account/preferences -> {alertFrequency, emailOptOuts}. */
export const GET = defineRoute({ name: "account-preferences-read", auth: "subscriber" }, async ({ db, subscriber }) =>
  preferencesOf(db, subscriber.id),
);

/**
 * POST /api/account/preferences {alertFrequency?, emailOptOuts?} -> {alertFrequency, emailOptOuts}.
 * Instant alerts need a plan with real-time alerts: else 403 naming the plan.
 */
export const POST = defineRoute(
  { name: "account-preferences", auth: "subscriber", body: preferencesSchema, rateLimit: { capacity: 20, refillMs: 60_000 } },
  async ({ db, now, subscriber, access, body }) => {
    try {
      return await savePreferences(db, subscriber, access.entitlements, body, now);
    } catch (error) {
      if (error instanceof PlanRequiredError) throw upgradeRequired("realtimeAlerts", "Instant alert email");
      throw error;
    }
  },
);
