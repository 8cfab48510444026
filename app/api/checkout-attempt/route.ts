import { defineRoute } from "@/lib/http/route";
import { issueAttempt } from "@/lib/payments/checkout-attempt";
import { getSecret } from "@/lib/secrets";

/**
 * POST /api/checkout-attempt -> {attempt, expiresAt}: a new signed checkout attempt for the
 * card form (lib/payments/checkout-attempt.ts). No body; rate-limited per client.
 */
export const POST = defineRoute(
  { name: "checkout-attempt", auth: "public", rateLimit: { capacity: 30, refillMs: 20_000 }, cacheControl: "no-store" },
  async ({ now }) => issueAttempt(getSecret("auth"), now.getTime()),
);
