import "server-only";

/**
 * Whether the current request comes from a signed-in admin. Pages and handlers on the
 * staff-only side check this themselves, even behind the proxy (decisions section 4).
 *
 * Admin sign-in arrives with the admin issue; until then nobody is an admin.
 */
export async function isAdminRequest(): Promise<boolean> {
  return false;
}
