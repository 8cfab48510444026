import "server-only";
import { randomUUID } from "node:crypto";
import type { AuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db";
import type { PrismaClient } from "@/lib/db/generated/client";
import { clientKeyFrom } from "@/lib/http/rate-limit";
import { DatabaseThrottleStore } from "@/lib/http/shared-limits";
import {
  ADMIN_SESSION_MAX_AGE_SECONDS,
  authSecret,
  secureCookiesEnabled,
  sessionCookieName,
  SIGN_IN_PATH,
  toAdminToken,
} from "./config";
import { SIGN_IN_UNAVAILABLE_MESSAGE } from "./messages";
import { revokeAdminSession } from "./revocation";
import { normalizeUsername, passwordVersion, PASSWORD_MAX, verifyAgainstDummy, verifyPassword } from "./password";
import { SignInThrottle, throttledMessage } from "./throttle";

declare module "next-auth" {
  interface User {
    /** passwordVersion() of the stored hash, copied into the session token at sign-in. */
    passwordVersion?: string;
  }
}

/** A refusal whose message the sign-in page shows as it is (next-auth passes it as `error`). */
export class SignInRefusedError extends Error {
  override name = "SignInRefusedError";
}

const holder = globalThis as typeof globalThis & { __tariffwatchSignInThrottle?: SignInThrottle };

/** The sign-in throttle, its failures kept in the database (shared by every instance). */
export function signInThrottle(): SignInThrottle {
  holder.__tariffwatchSignInThrottle ??= new SignInThrottle(undefined, undefined, new DatabaseThrottleStore(getDb));
  return holder.__tariffwatchSignInThrottle;
}

type HeaderRecord = Record<string, unknown> | undefined;

/** The client address of a next-auth request (its headers are a plain object). */
export function clientOf(headers: HeaderRecord): string {
  return clientKeyFrom((name) => {
    const value = headers?.[name];
    return typeof value === "string" ? value : undefined;
  });
}

export type AuthorizeDeps = { db: PrismaClient; throttle: SignInThrottle };

/**
 * Checks a username and password against the users table. Returns the admin, or null
 * for wrong credentials (the page says WRONG_CREDENTIALS_MESSAGE, lib/admin-auth/messages.ts); throws
 * SignInRefusedError while the username is throttled. Unknown usernames cost the same
 * time as known ones and are throttled the same way.
 */
export async function authorizeAdmin(
  credentials: { username?: unknown; password?: unknown } | undefined,
  headers: HeaderRecord,
  deps: AuthorizeDeps,
): Promise<User | null> {
  const rawUsername = typeof credentials?.username === "string" ? credentials.username : "";
  const password = typeof credentials?.password === "string" ? credentials.password : "";
  const username = normalizeUsername(rawUsername).slice(0, 200);
  if (!username || !password) return null;

  let decision: Awaited<ReturnType<SignInThrottle["begin"]>>;
  try {
    decision = await deps.throttle.begin(username, clientOf(headers));
  } catch (error) {
    console.error("[auth] could not read the sign-in throttle", error);
    throw new SignInRefusedError(SIGN_IN_UNAVAILABLE_MESSAGE);
  }
  if (!decision.allowed) throw new SignInRefusedError(throttledMessage(decision.retryAfterSeconds));

  if (password.length > PASSWORD_MAX) return null;
  let user: { id: string; username: string; password: string } | null;
  try {
    user = await deps.db.user.findUnique({ where: { username } });
  } catch (error) {
    console.error("[auth] could not read the users table", error);
    throw new SignInRefusedError(SIGN_IN_UNAVAILABLE_MESSAGE);
  }
  const ok = user ? await verifyPassword(user.password, password) : await verifyAgainstDummy(password);
  if (!user || !ok) return null;
  await decision.attempt.succeeded().catch((error: unknown) => console.error("[auth] could not clear the sign-in throttle", error));
  return { id: user.id, name: user.username, passwordVersion: passwordVersion(user.password) };
}

/**
 * next-auth configuration: one credentials provider on the users table, JWT sessions in
 * an HttpOnly SameSite=Lax cookie (Secure in production over https), 8-hour absolute
 * lifetime. Built on each call so nothing (the secret) is read at build time.
 */
export function authOptions(): AuthOptions {
  const secure = secureCookiesEnabled();
  return {
    secret: authSecret(),
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Username and password",
        credentials: {
          username: { label: "Username", type: "text" },
          password: { label: "Password", type: "password" },
        },
        authorize: (credentials, req) => authorizeAdmin(credentials, req.headers, { db: getDb(), throttle: signInThrottle() }),
      }),
    ],
    session: { strategy: "jwt", maxAge: ADMIN_SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: ADMIN_SESSION_MAX_AGE_SECONDS },
    useSecureCookies: secure,
    cookies: {
      sessionToken: {
        name: sessionCookieName(secure),
        options: { httpOnly: true, sameSite: "lax", path: "/", secure },
      },
    },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          // A fresh token at sign-in: only what the checks need.
          return { sub: user.id, name: user.name, authTime: Math.floor(Date.now() / 1000), pwv: user.passwordVersion, sid: randomUUID() };
        }
        return token;
      },
      session({ session, token }) {
        const admin = toAdminToken(token);
        return { expires: session.expires, user: admin ? { name: admin.username } : undefined };
      },
    },
    events: {
      // Sign-out ends the session on the server too: a copy of the cookie is refused from now on.
      async signOut({ token }) {
        const admin = toAdminToken(token);
        if (!admin) return;
        await revokeAdminSession(getDb(), admin.sessionId, admin.authTime).catch((error: unknown) =>
          console.error("[auth] could not revoke the signed-out session", error),
        );
      },
    },
    logger: {
      // We never rely on NEXTAUTH_URL (the pages sign in with redirect: false), so its warning is noise.
      warn: (code) => {
        if (code !== "NEXTAUTH_URL") console.warn(`[next-auth][warn][${code}]`);
      },
      error: (code, metadata) => console.error(`[next-auth][error][${code}]`, metadata),
      debug: () => undefined,
    },
  };
}
