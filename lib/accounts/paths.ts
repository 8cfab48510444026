/**
 * Subscriber paths and the session cookie's name, shared by the proxy, the pages and the
 * handlers (no `server-only`, no database: the proxy imports this). lib/accounts/session.ts
 * names the same cookie; tests/integration/accounts-sign-in.test.ts checks they agree.
 */

export const SUBSCRIBER_SIGN_IN_PATH = "/sign-in";
export const SUBSCRIBER_VERIFY_PATH = "/sign-in/verify";
/** Where a sign-in leads when no (acceptable) callback path was given. */
export const SUBSCRIBER_HOME_PATH = "/account";

/** The subscriber session cookie (`__Secure-` prefixed behind https, like the admin's). */
export function subscriberCookieNameFor(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}tariffwatch.session`;
}

/** Pages only a signed-in subscriber may open (the proxy's matcher lists the same). */
export function isSubscriberPagePath(pathname: string): boolean {
  return ["/account", "/watchlist", "/alerts/mine"].some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

/**
 * The request header in which the proxy passes a subscriber page's own path and query to its
 * layout (layouts are not told the URL), so the layout's sign-in redirect comes back to it.
 */
export const SUBSCRIBER_PATH_HEADER = "x-tariffwatch-path";

/** Subscriber API calls: 401 JSON without the session cookie. */
export function isSubscriberApiPath(pathname: string): boolean {
  return (
    pathname === "/api/account" ||
    pathname.startsWith("/api/account/") ||
    pathname === "/api/watchlist" ||
    pathname.startsWith("/api/watchlist/")
  );
}

/**
 * Where to go after signing in: a path on this site, else /account. Refuses absolute
 * URLs, protocol-relative `//host` (also after dot segments are resolved), backslash
 * tricks and control characters (no open redirect), and the sign-in pages, admin pages and API routes (nothing useful there).
 */
export function safeSubscriberCallback(value: string | null | undefined): string {
  if (!value || value.length > 1000 || !value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) {
    return SUBSCRIBER_HOME_PATH;
  }
  let url: URL;
  try {
    url = new URL(value, "http://callback.invalid");
  } catch {
    return SUBSCRIBER_HOME_PATH;
  }
  const p = url.pathname;
  if (
    url.origin !== "http://callback.invalid" ||
    // Dot segments can normalise to `//host` (`/.//evil.example/`): a protocol-relative URL.
    p.startsWith("//") ||
    p === SUBSCRIBER_SIGN_IN_PATH ||
    p.startsWith(`${SUBSCRIBER_SIGN_IN_PATH}/`) ||
    p === "/admin" ||
    p.startsWith("/admin/") ||
    p === "/api" ||
    p.startsWith("/api/")
  ) {
    return SUBSCRIBER_HOME_PATH;
  }
  return `${p}${url.search}`;
}
