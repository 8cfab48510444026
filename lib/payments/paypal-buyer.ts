import { createHmac, timingSafeEqual } from "node:crypto";
import { cookieValue } from "@/lib/http/cookies";

/**
 * "This browser paid" (docs/billing.md "The result page is not a bearer token"). When a browser creates a PayPal order or
 * subscription, the answer sets a signed, short-lived HttpOnly cookie naming it; the
 * result pages show the buyer's email and access link only when the cookie names the
 * order they show. Knowing an order id alone shows nothing.
 *
 * Cookie value: up to MAX_ENTRIES entries `<id>.<expires, unix s>.<HMAC>` joined by `~`,
 * newest first. The HMAC key is derived from a secret of lib/secrets.ts with its own label.
 */
export const BUYER_COOKIE = "tw_paypal_buyer";
export const BUYER_COOKIE_MAX_AGE_SECONDS = 60 * 60;
const MAX_ENTRIES = 5;
const ID = /^[A-Za-z0-9-]{1,64}$/;

function keyFrom(secret: string): Buffer {
  return createHmac("sha256", secret).update("paypal-buyer-cookie:v1").digest();
}

function sign(id: string, expires: number, secret: string): string {
  return createHmac("sha256", keyFrom(secret)).update(`${id}.${expires}`).digest("base64url");
}

type Entry = { id: string; expires: number; raw: string };

function entries(value: string | undefined, secret: string, nowMs: number): Entry[] {
  if (!value) return [];
  const out: Entry[] = [];
  for (const raw of value.split("~").slice(0, MAX_ENTRIES)) {
    const [id, exp, sig] = raw.split(".");
    const expires = Number(exp);
    if (!id || !ID.test(id) || !Number.isSafeInteger(expires) || !sig || expires * 1000 <= nowMs) continue;
    const expected = Buffer.from(sign(id, expires, secret));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) continue;
    out.push({ id, expires, raw });
  }
  return out;
}

/** The cookie's value after adding `id` (kept entries stay valid and signed). */
export function addBuyerEntry(current: string | undefined, id: string, secret: string, nowMs = Date.now()): string {
  if (!ID.test(id)) throw new RangeError("Not a PayPal id");
  const expires = Math.floor(nowMs / 1000) + BUYER_COOKIE_MAX_AGE_SECONDS;
  const fresh = `${id}.${expires}.${sign(id, expires, secret)}`;
  const kept = entries(current, secret, nowMs).filter((e) => e.id !== id).map((e) => e.raw);
  return [fresh, ...kept].slice(0, MAX_ENTRIES).join("~");
}

/** True when the cookie was set in this browser for `id` and has not expired. */
export function isBuyerOf(value: string | undefined, id: string, secret: string, nowMs = Date.now()): boolean {
  return entries(value, secret, nowMs).some((e) => e.id === id);
}

/** The Set-Cookie header value: HttpOnly, SameSite=Lax (it must come back on PayPal's return navigation). */
export function buyerCookieHeader(value: string, secure: boolean): string {
  return `${BUYER_COOKIE}=${value}; Path=/; Max-Age=${BUYER_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The cookie's value from a request's Cookie header. */
export function buyerCookieFrom(request: Request): string | undefined {
  return cookieValue(request.headers.get("cookie"), BUYER_COOKIE) ?? undefined;
}
