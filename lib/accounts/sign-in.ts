import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { secureCookiesEnabled } from "@/lib/admin-auth/config";
import type { PrismaClient } from "@/lib/db/generated/client";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { OUTBOX_TRANSACTION, queueEmail, type EmailLogger } from "@/lib/email/outbox";
import { cookieValues } from "@/lib/http/cookies";
import type { RateLimitRule } from "@/lib/http/rate-limit";
import { sharedRateLimiter } from "@/lib/http/shared-limits";
import { getSecret } from "@/lib/secrets";
import { SUBSCRIBER_VERIFY_PATH, safeSubscriberCallback } from "./paths";
import { findSubscriberByEmail, normalizeEmail } from "./subscribers";
import { hashToken, newToken } from "./tokens";

/**
 * Sign-in by emailed link (docs/accounts.md).
 *
 * - A link is asked for with an email. Whatever the email, the answer is the same
 *   (SIGN_IN_LINK_MESSAGE), so nobody learns who has an account. For an email with no
 *   account nothing is created and nothing is sent.
 * - The link carries a random token (`newToken()`); only its SHA-256 is stored. It
 *   expires after SIGN_IN_TOKEN_MINUTES and works once.
 * - Opening the link does not sign in (mail scanners open links): the page asks for a
 *   press on "Sign in", whose POST consumes the token with one conditional update, so two
 *   presses (two tabs, a double click) make one session.
 */
export const SIGN_IN_TOKEN_MINUTES = 15;
const MINUTE_MS = 60_000;

export const SIGN_IN_LINK_MESSAGE = "If that email has an account or a trial, a sign-in link is on its way.";

/** Links per email: 5 at once, then one every 3 minutes (5 per 15 minutes); a window, never a lockout. */
export const SIGN_IN_PER_EMAIL_LIMIT: RateLimitRule = { capacity: 5, refillMs: 3 * MINUTE_MS };
/** Link requests per client address: 10 at once, then one every 90 s (10 per 15 minutes). */
export const SIGN_IN_PER_CLIENT_LIMIT: RateLimitRule = { capacity: 10, refillMs: 90_000 };
/** Presses on "Sign in" per client address (a token is 256 random bits: this only slows floods). */
export const SIGN_IN_CONFIRM_LIMIT: RateLimitRule = { capacity: 20, refillMs: 30_000 };

/**
 * The per-email bucket (in the database, shared by every instance like every rate limit
 * here; keyed by the normalized email, applied before the account lookup, so it answers
 * alike for known and unknown emails).
 */
const perEmail = sharedRateLimiter("sign-in-email", SIGN_IN_PER_EMAIL_LIMIT);
/** The same allowance, kept apart for browsers that signed in as the email before. */
const perEmailKnown = sharedRateLimiter("sign-in-email-known", SIGN_IN_PER_EMAIL_LIMIT);

/**
 * Takes one link from the email's allowance. A browser that signed in as this email
 * before (it carries KNOWN_CLIENT_COOKIE for it) draws from a separate allowance, so
 * an attacker who spends the email's allowance from anywhere cannot keep the owner from
 * getting a link (docs/security.md "Lockouts cannot be used against us").
 */
export function takeEmailAllowance(
  email: string,
  cookieHeader?: string | null,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const key = normalizeEmail(email);
  return isKnownClient(cookieHeader, key) ? perEmailKnown.take(key) : perEmail.take(key);
}

/** Set when a sign-in link is used; sent only to the link request. */
export const KNOWN_CLIENT_COOKIE = "tw_signed_in_before";
const KNOWN_CLIENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function knownClientValue(email: string): string {
  return createHmac("sha256", getSecret("auth")).update(`known-client\u0000${normalizeEmail(email)}`).digest("base64url");
}

/** The Set-Cookie that marks this browser as one that signed in as `email` (an HMAC, not the address). */
export function knownClientCookieHeader(email: string): string {
  const parts = [`${KNOWN_CLIENT_COOKIE}=${knownClientValue(email)}`, "Path=/api/auth/sign-in-link", "HttpOnly", "SameSite=Lax", `Max-Age=${KNOWN_CLIENT_MAX_AGE_SECONDS}`];
  if (secureCookiesEnabled()) parts.push("Secure");
  return parts.join("; ");
}

export function isKnownClient(cookieHeader: string | null | undefined, email: string): boolean {
  const values = cookieValues(cookieHeader, KNOWN_CLIENT_COOKIE);
  if (values.length === 0) return false;
  const expected = Buffer.from(knownClientValue(email));
  return values.some((v) => {
    const value = Buffer.from(v);
    return value.length === expected.length && timingSafeEqual(value, expected);
  });
}

/** "a***@example.com": enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export type SignInLinkDeps = { now: Date; siteUrl: string; logger?: EmailLogger };

export type SignInLinkResult = { sent: false } | { sent: true; tokenId: string; emailId: string };

/**
 * Sends a sign-in link to the account of an email (recorded in the outbox with its
 * token, delivered after the request); does nothing for an email without an account.
 * `callbackPath` is checked (same-site paths only) and kept with the token.
 */
export async function requestSignInLink(
  db: PrismaClient,
  input: { email: string; callbackPath?: string | null },
  deps: SignInLinkDeps,
): Promise<SignInLinkResult> {
  const subscriber = await findSubscriberByEmail(db, input.email);
  if (!subscriber) return { sent: false };
  const token = newToken();
  // The token and its email in one transaction (docs/email.md, "Sending"); delivery is
  // kicked after the request, so the answer never waits for the email provider.
  const { row, email } = await db.$transaction(async (tx) => {
    const row = await tx.signInToken.create({
      data: {
        subscriberId: subscriber.id,
        email: subscriber.email,
        tokenHash: hashToken(token),
        callbackPath: safeSubscriberCallback(input.callbackPath),
        expiresAt: new Date(deps.now.getTime() + SIGN_IN_TOKEN_MINUTES * MINUTE_MS),
        createdAt: deps.now,
      },
    });
    const { email } = await queueEmail(
      tx,
      {
        to: subscriber.email,
        template: "sign-in-link",
        props: { signInUrl: signInUrl(deps.siteUrl, token), expiresInMinutes: SIGN_IN_TOKEN_MINUTES, siteUrl: deps.siteUrl },
        idempotencyKey: `sign-in-link:${row.id}`,
      },
      { logger: deps.logger, now: deps.now },
    );
    return { row, email };
  }, OUTBOX_TRANSACTION);
  deliverSoon(db, [email], { logger: deps.logger });
  return { sent: true, tokenId: row.id, emailId: email.id };
}

export function signInUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${SUBSCRIBER_VERIFY_PATH}?token=${encodeURIComponent(token)}`;
}

export type TokenState =
  | { state: "valid"; email: string; subscriberId: string; callbackPath: string; expiresAt: Date }
  | { state: "used"; email: string; subscriberId: string | null; callbackPath: string }
  | { state: "expired"; email: string }
  | { state: "invalid" };

/** What a link's token is now, without using it up (the verify page's GET). */
export async function inspectSignInToken(db: PrismaClient, token: string | null | undefined, now: Date): Promise<TokenState> {
  if (!token || !TOKEN_SHAPE.test(token)) return { state: "invalid" };
  const row = await db.signInToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row) return { state: "invalid" };
  if (row.usedAt) return { state: "used", email: row.email, subscriberId: row.subscriberId, callbackPath: row.callbackPath };
  if (row.expiresAt <= now) return { state: "expired", email: row.email };
  if (!row.subscriberId) return { state: "invalid" };
  return { state: "valid", email: row.email, subscriberId: row.subscriberId, callbackPath: row.callbackPath, expiresAt: row.expiresAt };
}

export type ConsumeResult = { ok: true; subscriberId: string; email: string; callbackPath: string } | { ok: false; state: Exclude<TokenState, { state: "valid" }> };

/**
 * Uses a token up: one conditional update (unused, unexpired), which only one of any
 * number of simultaneous presses can win. The loser learns why (used, expired, invalid).
 */
export async function consumeSignInToken(db: PrismaClient, token: string | null | undefined, now: Date): Promise<ConsumeResult> {
  if (!token || !TOKEN_SHAPE.test(token)) return { ok: false, state: { state: "invalid" } };
  const tokenHash = hashToken(token);
  const claimed = await db.signInToken.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now }, subscriberId: { not: null } },
    data: { usedAt: now },
  });
  if (claimed.count === 1) {
    const row = await db.signInToken.findUniqueOrThrow({ where: { tokenHash }, select: { subscriberId: true, email: true, callbackPath: true } });
    return { ok: true, subscriberId: row.subscriberId!, email: row.email, callbackPath: safeSubscriberCallback(row.callbackPath) };
  }
  const state = await inspectSignInToken(db, token, now);
  // A row that is still "valid" here lost a race a moment ago; for the caller it is used.
  if (state.state === "valid") return { ok: false, state: { state: "used", email: state.email, subscriberId: state.subscriberId, callbackPath: state.callbackPath } };
  return { ok: false, state };
}
