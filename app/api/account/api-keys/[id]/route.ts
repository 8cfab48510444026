import { revokeApiKey } from "@/lib/accounts/api-keys";
import { ApiError, defineRoute } from "@/lib/http/route";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * DELETE /api/account/api-keys/{id} -> {key: {..., revokedAt}}: the key stops working at once.
 * 404 for another account's key. No plan check: an account that lost API access (downgrade,
 * lapse) can still revoke its old keys, so they do not come back to life with a new plan.
 */
export const DELETE = defineRoute(
  { name: "account-api-keys-revoke", auth: "subscriber", rateLimit: { capacity: 30, refillMs: 2_000 } },
  async ({ db, subscriber, params, now }) => {
    const id = params.id ?? "";
    if (!UUID.test(id)) throw new ApiError(404, "No such API key.");
    const key = await revokeApiKey(db, subscriber!.id, id, now);
    if (!key) throw new ApiError(404, "No such API key.");
    return { key };
  },
);
