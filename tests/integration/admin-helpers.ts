import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { upsertAdmin } from "@/lib/admin-auth/admin-users";
import { sessionCookieName } from "@/lib/admin-auth/config";
import { passwordVersion } from "@/lib/admin-auth/password";
import type { PrismaClient } from "@/lib/db/generated/client";
import { newClientIp } from "../helpers/requests";

/** Shared by the admin integration tests: an admin, a session cookie for it, requests. */
export const TEST_AUTH_SECRET = "integration-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
export const ADMIN_PASSWORD = "correct horse battery staple";

/** Call at the top of a test file, before any request is handled. */
export function setTestAuthSecret(): void {
  process.env.NEXTAUTH_SECRET = TEST_AUTH_SECRET;
}

export async function createAdmin(db: PrismaClient, username = "alice", password = ADMIN_PASSWORD) {
  await upsertAdmin(db, { username, password });
  return db.user.findUniqueOrThrow({ where: { username } });
}

/** The Cookie header of a signed-in admin, as next-auth would have set it. */
export async function sessionCookie(
  user: { id: string; username: string; password: string },
  options: { authTime?: number; secret?: string } = {},
): Promise<string> {
  const token = await encode({
    token: { sub: user.id, name: user.username, authTime: options.authTime ?? Math.floor(Date.now() / 1000), pwv: passwordVersion(user.password), sid: randomUUID() },
    secret: options.secret ?? TEST_AUTH_SECRET,
  });
  return `${sessionCookieName(false)}=${token}`;
}

export function adminRequest(
  path: string,
  options: { method?: "GET" | "POST"; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Request {
  const headers: Record<string, string> = { "x-forwarded-for": newClientIp(), ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return new Request(`http://localhost${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
  });
}

/** The header of CVE-2025-29927: it made Next skip middleware. Our handlers never trust the proxy. */
export const FORGED_SUBREQUEST_HEADERS = [
  { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
  { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
  { "x-middleware-subrequest": "src/middleware:src/middleware:src/middleware:src/middleware:src/middleware" },
];
