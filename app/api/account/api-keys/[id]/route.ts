import { revokeApiKey } from "@/lib/accounts/api-keys";
import { uuidParams } from "@/lib/http/params";
import { ApiError, defineRoute } from "@/lib/http/route";

/**
 * DELETE /api/account/api-keys/{id} -> {key: {..., revokedAt}}: the key stops working at once.
 * 404 for another account's key. No plan check: an account that lost API access (downgrade,
 * lapse) can still revoke its old keys, so they do not come back to life with a new plan.
 */
export const DELETE = defineRoute(
  { name: "account-api-keys-revoke", auth: "subscriber", rateLimit: { capacity: 30, refillMs: 2_000 }, params: uuidParams("No such API key.") },
  async ({ db, subscriber, params, now }) => {
    const key = await revokeApiKey(db, subscriber.id, params.id, now);
    if (!key) throw new ApiError(404, "No such API key.");
    return { key };
  },
);
