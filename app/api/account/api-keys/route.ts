import { z } from "zod";
import { createApiKey, listApiKeys, TooManyKeysError } from "@/lib/accounts/api-keys";
import { ApiError, defineRoute } from "@/lib/http/route";

/** Personal API keys of the signed-in subscriber (Professional and Pro Alerts; docs/api.md). */
const createBody = z.object({
  name: z
    .string({ error: "Give the key a name, e.g. \"Spreadsheet\"." })
    .trim()
    .min(1, { error: "Give the key a name, e.g. \"Spreadsheet\"." })
    .max(60, { error: "Keep the name under 60 characters." }),
});

/** GET /api/account/api-keys -> {keys: [{id, name, prefix, createdAt, lastUsedAt, revokedAt}]} (never the key itself). */
export const GET = defineRoute(
  { name: "account-api-keys-list", auth: "subscriber", entitlement: "apiAccess", rateLimit: { capacity: 60, refillMs: 1_000 } },
  async ({ db, subscriber }) => ({ keys: await listApiKeys(db, subscriber.id) }),
);

/** POST /api/account/api-keys {name} -> 201 {key: {..., key: "tw_..."}}: the full key, shown this once. */
export const POST = defineRoute(
  { name: "account-api-keys-create", auth: "subscriber", entitlement: "apiAccess", body: createBody, rateLimit: { capacity: 10, refillMs: 60_000 } },
  async ({ db, subscriber, body, now }) => {
    try {
      const key = await createApiKey(db, subscriber.id, body.name, now);
      return Response.json({ key }, { status: 201 });
    } catch (error) {
      if (error instanceof TooManyKeysError) throw new ApiError(409, error.message);
      throw error;
    }
  },
);
