/**
 * Admin paths, shared by the proxy, the pages and the browser (no secrets here).
 */

/** Inside /admin, so the staff side stays in one place; the proxy lets exactly this path through. */
export const SIGN_IN_PATH = "/admin/sign-in";
/** Where sign-in leads when it was not reached from a protected page. */
export const ADMIN_HOME_PATH = "/admin/trial-dashboard";
/** Absolute session lifetime: 8 hours after sign-in, however active the admin is. */
export const ADMIN_SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** Paths only a signed-in admin may open (the proxy's matcher lists the same). */
export function isProtectedPath(pathname: string): boolean {
  return (
    pathname === "/admin" ||
    pathname.startsWith("/admin/") ||
    pathname === "/api/admin" ||
    pathname.startsWith("/api/admin/") ||
    pathname === "/checkout-test" ||
    pathname === "/checkout-debug"
  );
}

/**
 * Where to go after sign-in: a protected path of this site, else the admin home. Refuses
 * absolute URLs, protocol-relative `//host` (also after dot segments are resolved) and backslash tricks (no open redirect).
 */
export function safeCallbackPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return ADMIN_HOME_PATH;
  let url: URL;
  try {
    url = new URL(value, "http://callback.invalid");
  } catch {
    return ADMIN_HOME_PATH;
  }
  if (url.origin !== "http://callback.invalid" || url.pathname.startsWith("//") || url.pathname === SIGN_IN_PATH || !isProtectedPath(url.pathname)) {
    return ADMIN_HOME_PATH;
  }
  return `${url.pathname}${url.search}`;
}

