import "server-only";
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import { secureCookiesEnabled } from "@/lib/admin-auth/config";
import { signedInHintCookie } from "./signed-in-hint";
import { accessOn, type Access } from "@/lib/entitlements";
import { accessFactsColumns, accessFactsFrom, type AccessFactsRow } from "./access";
import { sessionTokenInCookieHeader, subscriberCookieNameFor } from "./paths";
import { hashToken, newToken } from "./tokens";

/**
 * Subscriber sessions (docs/accounts.md): the browser holds a random token in
 * an HttpOnly cookie; the database holds its SHA-256 with an expiry. Signing out revokes
 * the row, so a copied cookie stops working at once. Separate from the admin session
 * (next-auth, lib/admin-auth): a subscriber is never an admin.
 */
export const SUBSCRIBER_SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function subscriberCookieName(secure: boolean = secureCookiesEnabled()): string {
  return subscriberCookieNameFor(secure);
}

export type SignedInSubscriber = { id: string; email: string; sessionId: string };

/** Creates a session row and returns the cookie value (the token itself). */
export async function createSession(db: PrismaClient, subscriberId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SUBSCRIBER_SESSION_DAYS * DAY_MS);
  await db.subscriberSession.create({ data: { subscriberId, tokenHash: hashToken(token), createdAt: now, expiresAt } });
  return { token, expiresAt };
}

/** The Set-Cookie header that stores a session token (or clears it with maxAge 0). */
export function sessionCookieHeader(token: string, expiresAt: Date | null): string {
  const secure = secureCookiesEnabled();
  const parts = [`${subscriberCookieName(secure)}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  if (expiresAt) parts.push(`Expires=${expiresAt.toUTCString()}`);
  else parts.push("Max-Age=0");
  return parts.join("; ");
}

/**
 * The Set-Cookie headers of a session: the HttpOnly session cookie and the readable signed-in
 * hint with the same expiry (lib/accounts/signed-in-hint.ts), or both cleared (`expiresAt` null).
 */
export function sessionCookieHeaders(token: string, expiresAt: Date | null): string[] {
  return [sessionCookieHeader(token, expiresAt), signedInHintCookie(expiresAt, secureCookiesEnabled())];
}

/** `headers` with the session's Set-Cookie headers appended (a Headers object holds several). */
export function withSessionCookies(headers: HeadersInit, token: string, expiresAt: Date | null): Headers {
  const out = new Headers(headers);
  for (const cookie of sessionCookieHeaders(token, expiresAt)) out.append("Set-Cookie", cookie);
  return out;
}

/** The session token in a Cookie header, if it carries exactly one (lib/accounts/paths.ts sessionTokenInCookieHeader). */
export function sessionTokenFrom(cookieHeader: string | null): string | null {
  return sessionTokenInCookieHeader(cookieHeader, secureCookiesEnabled());
}

/** The subscriber of a session token: the row must exist, be unrevoked and unexpired. */
export async function subscriberForToken(db: PrismaClient, token: string | null, now: Date): Promise<SignedInSubscriber | null> {
  if (!token) return null;
  const session = await db.subscriberSession.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, expiresAt: true, revokedAt: true, subscriber: { select: { id: true, email: true } } },
  });
  if (!session || session.revokedAt || session.expiresAt <= now) return null;
  return { id: session.subscriber.id, email: session.subscriber.email, sessionId: session.id };
}

/**
 * The subscriber of a session token and their access now, in one statement (the session, its
 * subscriber, the latest trial and the subscriptions): what every signed-in page and call
 * needs first (docs/performance.md, "Signed-in routes"). Null as for `subscriberForToken`.
 */
export async function subscriberAndAccessForToken(
  db: PrismaClient,
  token: string | null,
  now: Date,
): Promise<{ subscriber: SignedInSubscriber; access: Access } | null> {
  if (!token) return null;
  const rows = await db.$queryRaw<({ sessionId: string; expiresAt: Date; revokedAt: Date | null; id: string; email: string } & AccessFactsRow)[]>`
    SELECT ss.id AS "sessionId", ss."expiresAt", ss."revokedAt", sub.id, sub.email, ${accessFactsColumns(Prisma.raw("sub.id"))}
    FROM subscriber_sessions ss JOIN subscribers sub ON sub.id = ss."subscriberId"
    WHERE ss."tokenHash" = ${hashToken(token)}`;
  const row = rows[0];
  if (!row || row.revokedAt || new Date(row.expiresAt) <= now) return null;
  return { subscriber: { id: row.id, email: row.email, sessionId: row.sessionId }, access: accessOn(accessFactsFrom(row), now) };
}

/** The signed-in subscriber of a request, or null. */
export async function subscriberFromRequest(db: PrismaClient, request: Request, now: Date = new Date()): Promise<SignedInSubscriber | null> {
  return subscriberForToken(db, sessionTokenFrom(request.headers.get("cookie")), now);
}

/** Ends a session on the server. */
export async function revokeSession(db: PrismaClient, sessionId: string, now: Date): Promise<void> {
  await db.subscriberSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } });
}
