import type { PrismaClient } from "@/lib/db/generated/client";
import { ADMIN_SESSION_MAX_AGE_SECONDS } from "./paths";

/**
 * Admin sessions ended before their lifetime (docs/security.md
 * "Sessions end when they should"). Each session token carries a random session id
 * (`sid`, set by the jwt callback at sign-in); sign-out records it in
 * `revoked_admin_sessions` until the token would have expired anyway, and every admin
 * page and handler (lib/admin-auth/session.ts) refuses a listed id.
 */
export async function revokeAdminSession(db: PrismaClient, sessionId: string, authTime: number, now: Date = new Date()): Promise<void> {
  const expiresAt = new Date(Math.max(now.getTime(), (authTime + ADMIN_SESSION_MAX_AGE_SECONDS) * 1000 + 60_000));
  await db.revokedAdminSession.upsert({
    where: { sessionId },
    create: { sessionId, revokedAt: now, expiresAt },
    update: {},
  });
  // Rows of sessions that have expired anyway are of no use.
  await db.revokedAdminSession.deleteMany({ where: { expiresAt: { lt: now } } });
}

export async function isAdminSessionRevoked(db: PrismaClient, sessionId: string): Promise<boolean> {
  return (await db.revokedAdminSession.findUnique({ where: { sessionId }, select: { sessionId: true } })) !== null;
}
