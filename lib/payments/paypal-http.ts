import "server-only";
import { getEnv } from "@/lib/env";
import { clientKey } from "@/lib/http/rate-limit";
import { sharedRateLimiter } from "@/lib/http/shared-limits";
import { getSecret } from "@/lib/secrets";
import { addBuyerEntry, buyerCookieFrom, buyerCookieHeader, isBuyerOf } from "./paypal-buyer";

/**
 * What the PayPal routes share: the buyer cookie (lib/payments/paypal-buyer.ts) and the
 * limits against card testing through the wallet (docs/billing.md "Card testing through the wallet"): per client and per
 * buyer email, on top of the public-form limit.
 */
const secret = () => getSecret("ebook-access");

export function buyerSetCookie(request: Request, id: string): string {
  const secure = getEnv().SITE_URL.startsWith("https://");
  return buyerCookieHeader(addBuyerEntry(buyerCookieFrom(request), id, secret()), secure);
}

export function requestIsBuyerOf(cookieValue: string | undefined, id: string): boolean {
  return isBuyerOf(cookieValue, id, secret());
}

/** Wallet checkout attempts: 10 per client at once then one every 6 minutes; 5 per email per hour. */
export const WALLET_CLIENT_LIMIT = { capacity: 10, refillMs: 6 * 60_000 };
export const WALLET_EMAIL_LIMIT = { capacity: 5, refillMs: 12 * 60_000 };

const clientLimiter = sharedRateLimiter("paypal:client", WALLET_CLIENT_LIMIT);
const emailLimiter = sharedRateLimiter("paypal:email", WALLET_EMAIL_LIMIT);

/** A 429 answer when the client or the email is over its limit. */
export async function limitWalletAttempt(request: Request, email: string | null | undefined): Promise<Response | null> {
  if (!getEnv().RATE_LIMIT_ENABLED) return null;
  const checks = [clientLimiter.take(clientKey(request))];
  if (email) checks.push(emailLimiter.take(email.trim().toLowerCase()));
  for (const decision of await Promise.all(checks)) {
    if (!decision.allowed) {
      return Response.json(
        { error: `Too many payment attempts. Please wait ${decision.retryAfterSeconds} seconds and try again.` },
        { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } },
      );
    }
  }
  return null;
}
