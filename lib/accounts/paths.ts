/**
 * Subscriber paths, the session cookie's name and its one parser, shared by the proxy, the
 * pages and the handlers (no `server-only`, no database: the proxy imports this).
 * lib/accounts/session.ts names the same cookie; tests/integration/accounts-sign-in.test.ts
 * checks they agree.
 */
import { cookieValues } from "@/lib/http/cookies";

export const SUBSCRIBER_SIGN_IN_PATH = "/sign-in";
export const SUBSCRIBER_VERIFY_PATH = "/sign-in/verify";
/**
 * Where a sign-in leads when no (acceptable) callback path was given: the watchlist, where a
 * subscriber's work is (docs/accounts.md, "Signing in"); its empty state leads to the first add.
 */
export const SUBSCRIBER_HOME_PATH = "/watchlist";

/**
 * The public market dashboard for everyone, subscribers included: a browser with a subscriber
 * session is shown its own alerts at /alerts (proxy.ts), so links meant for the dashboard say so.
 */
export const MARKET_DASHBOARD_PATH = "/alerts?view=market";

/** The subscriber session cookie (`__Secure-` prefixed behind https, like the admin's). */
export function subscriberCookieNameFor(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}tariffwatch.session`;
}

/**
 * The subscriber session token a Cookie header carries: the one parser of it, so the proxy, the
 * pages and the handlers always agree on who a request speaks for (docs/security.md, "One
 * session cookie per request"). Null when the cookie is absent, is not shaped like a token, or
 * comes more than once. The app only ever sets it host-only on Path=/, so a browser holds one;
 * two are planted (a sibling subdomain's cookie, a crafted request), and rather than pick one
 * the request is signed out: a sign-in redirect for pages, 401 for calls.
 */
export function sessionTokenInCookieHeader(cookieHeader: string | null, secure: boolean): string | null {
  const values = cookieValues(cookieHeader, subscriberCookieNameFor(secure));
  return values.length === 1 && /^[A-Za-z0-9_-]{20,100}$/.test(values[0]!) ? values[0]! : null;
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
 * Where to go after signing in: a path on this site, else the watchlist. Refuses absolute
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
