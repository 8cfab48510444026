import "server-only";
import { NextRequest } from "next/server";
import { getToken, type JWT } from "next-auth/jwt";
import { getSecret } from "@/lib/secrets";
import { ADMIN_SESSION_MAX_AGE_SECONDS } from "./paths";
import { rawEnv } from "@/lib/env/runtime";

export { ADMIN_HOME_PATH, ADMIN_SESSION_MAX_AGE_SECONDS, isProtectedPath, safeCallbackPath, SIGN_IN_PATH } from "./paths";

/**
 * What the proxy, the sign-in handler and the admin pages agree on: the session cookie,
 * the secret and how a session token is read (paths and lifetime: ./paths.ts). No `server-only`: the
 * proxy imports it (it runs on Node in Next 16, so it reads the same secret).
 */

/**
 * Secure cookies when the app runs in production behind https (NODE_ENV=production and
 * NEXTAUTH_URL, else SITE_URL, starts with https://). Over plain http a browser drops a
 * Secure cookie on any host but localhost, so a production build served on
 * http://127.0.0.1 (the Playwright run, `npm run app`) sends it without Secure.
 */
export function secureCookiesEnabled(env: Record<string, string | undefined> = rawEnv()): boolean {
  if (env.NODE_ENV !== "production") return false;
  const url = env.NEXTAUTH_URL?.trim() || env.SITE_URL?.trim() || "";
  return url.startsWith("https://");
}

/** `__Secure-` makes the browser refuse the cookie unless it is Secure and set over https. */
export function sessionCookieName(secure: boolean = secureCookiesEnabled()): string {
  return `${secure ? "__Secure-" : ""}tariffwatch.admin-session`;
}

/** NEXTAUTH_SECRET, else a secret generated once and kept in .data/secrets.json (lib/secrets). */
export function authSecret(): string {
  return getSecret("auth");
}

/** The facts a session token carries about its admin. */
export type AdminToken = {
  userId: string;
  username: string;
  /** Sign-in time, seconds since the epoch. */
  authTime: number;
  /** passwordVersion() of the hash at sign-in: a password reset ends the session. */
  passwordVersion: string;
  /** Random id of this sign-in (`sid`): sign-out revokes it on the server (lib/admin-auth/revocation.ts). */
  sessionId: string;
};

/** Reads a decoded token; null when a field is missing or the session is older than its lifetime. */
export function toAdminToken(token: JWT | null, nowMs: number = Date.now()): AdminToken | null {
  if (!token) return null;
  const { sub, name, authTime, pwv, sid } = token;
  if (typeof sub !== "string" || !sub || typeof name !== "string" || typeof pwv !== "string" || typeof authTime !== "number") {
    return null;
  }
  if (typeof sid !== "string" || !sid) return null;
  const age = nowMs / 1000 - authTime;
  if (age < -60 || age > ADMIN_SESSION_MAX_AGE_SECONDS) return null;
  return { userId: sub, username: name, authTime, passwordVersion: pwv, sessionId: sid };
}

/**
 * The admin session carried by a request's cookie, checked for signature/encryption,
 * expiry and lifetime only (no database): what the proxy needs. Pages and handlers use
 * lib/admin-auth/session.ts, which also checks the admin still exists with the same password.
 */
export async function readSessionToken(request: Request): Promise<AdminToken | null> {
  // Only the URL and headers: copying a Request with its body would use the body up.
  const req = request instanceof NextRequest ? request : new NextRequest(request.url, { headers: request.headers });
  const secure = secureCookiesEnabled();
  const token = await getToken({ req, secret: authSecret(), secureCookie: secure, cookieName: sessionCookieName(secure) });
  return toAdminToken(token);
}
