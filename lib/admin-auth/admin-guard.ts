import "server-only";
import { getAdminFromServerContext } from "./session";

/**
 * Whether the current request comes from a signed-in admin. Pages and handlers on the
 * staff-only side check this themselves, even behind the proxy (docs/product-rules.md §D4):
 * a valid session cookie of an admin who still exists with the same password
 * (lib/admin-auth/session.ts).
 */
export async function isAdminRequest(): Promise<boolean> {
  return (await getAdminFromServerContext()) !== null;
}
