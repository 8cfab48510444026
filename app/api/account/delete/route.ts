import { z } from "zod";
import { deleteAccountData } from "@/lib/accounts/account-data";
import { withSessionCookies } from "@/lib/accounts/session";
import { defineRoute } from "@/lib/http/route";
import { cancelAllNow } from "@/lib/payments/account-billing";
import { asApi, billingDeps } from "@/lib/payments/account-http";

const body = z.object({ confirm: z.literal("DELETE", { error: 'Type DELETE to confirm.' }) });

/**
 * POST /api/account/delete {confirm: "DELETE"} -> {deleted: true}: cancels live provider
 * subscriptions, then removes the account's personal data (lib/accounts/account-data.ts)
 * and clears the session cookie.
 */
export const POST = defineRoute(
  { name: "account-delete", auth: "subscriber", body, rateLimit: { capacity: 3, refillMs: 60_000 } },
  async ({ db, now, subscriber }) => {
    const cancelled = await asApi(() => cancelAllNow(billingDeps(db, now), subscriber.id));
    await deleteAccountData(db, subscriber.id, now);
    return Response.json(
      { deleted: true, subscriptionsCancelled: cancelled },
      { headers: withSessionCookies({ "Cache-Control": "no-store" }, "", null) },
    );
  },
);
