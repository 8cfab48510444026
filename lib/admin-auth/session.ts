import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/lib/db";
import type { PrismaClient } from "@/lib/db/generated/client";
import { readSessionToken, SIGN_IN_PATH, type AdminToken } from "./config";
import { passwordVersion } from "./password";
import { isAdminSessionRevoked } from "./revocation";

/**
 * The full admin check every admin page and handler runs itself, whatever the proxy
 * did (a forged `x-middleware-subrequest` header that skipped a proxy must still meet
 * this): a valid session cookie, within its 8-hour lifetime, of an admin who still
 * exists and whose password has not been reset since, and a session that was not signed
 * out (its id is not in revoked_admin_sessions).
 */
export type Admin = { id: string; username: string };

export const ADMIN_REQUIRED_MESSAGE = "Admin sign-in required.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function verifyAdminToken(token: AdminToken | null, db: PrismaClient = getDb()): Promise<Admin | null> {
  if (!token || !UUID.test(token.userId)) return null;
  const user = await db.user.findUnique({ where: { id: token.userId } });
  if (!user || passwordVersion(user.password) !== token.passwordVersion) return null;
  if (await isAdminSessionRevoked(db, token.sessionId)) return null;
  return { id: user.id, username: user.username };
}

/** The signed-in admin of a request, or null. */
export async function getAdmin(request: Request): Promise<Admin | null> {
  return verifyAdminToken(await readSessionToken(request));
}

/** For server components: the admin of the request being rendered, or null. */
export async function getAdminFromServerContext(): Promise<Admin | null> {
  const incoming = await headers();
  return getAdmin(new Request("http://localhost/", { headers: incoming }));
}

/** For admin pages: the admin, or a redirect to sign-in that comes back to `path`. */
export async function requireAdminPage(path: string): Promise<Admin> {
  const admin = await getAdminFromServerContext();
  if (!admin) redirect(`${SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(path)}`);
  return admin;
}
