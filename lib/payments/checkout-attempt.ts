import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

/**
 * Checkout attempts (docs/billing.md "Card payments"). The server names each checkout attempt: POST
 * /api/checkout-attempt answers a signed token `<uuid>.<expires, unix s>.<HMAC>`; the page
 * sends it with POST /api/create-payment-intent, whose idempotency keys are built from the
 * uuid. A retry of the same attempt (same token) reuses the keys, so Stripe answers with the
 * same subscription or payment; a new attempt gets a new token. Nothing comes from the
 * browser's clock. The HMAC key is derived from the auth secret (lib/secrets.ts) with its
 * own label; tokens live 24 hours, as long as Stripe keeps idempotency keys.
 */
export const ATTEMPT_TTL_SECONDS = 24 * 60 * 60;
const LABEL = "checkout-attempt:v1";
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function sign(id: string, expires: number, secret: string): string {
  const key = createHmac("sha256", secret).update(LABEL).digest();
  return createHmac("sha256", key).update(`${id}.${expires}`).digest("base64url");
}

export function issueAttempt(secret: string, nowMs: number): { attempt: string; expiresAt: Date } {
  const id = randomUUID();
  const expires = Math.floor(nowMs / 1000) + ATTEMPT_TTL_SECONDS;
  return { attempt: `${id}.${expires}.${sign(id, expires, secret)}`, expiresAt: new Date(expires * 1000) };
}

/** The attempt id of a valid, unexpired token, else null. */
export function verifyAttempt(token: string, secret: string, nowMs: number): string | null {
  const match = TOKEN.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const expires = Number(match[2]);
  if (expires * 1000 <= nowMs) return null;
  const expected = Buffer.from(sign(match[1], expires, secret));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}
