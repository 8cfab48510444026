import { NextResponse, type NextRequest } from "next/server";
import { readSessionToken, secureCookiesEnabled, SIGN_IN_PATH } from "@/lib/auth/config";
import { isSubscriberApiPath, isSubscriberPagePath, SUBSCRIBER_SIGN_IN_PATH, subscriberCookieNameFor } from "@/lib/accounts/paths";

/**
 * The request guard (Next 16's name for middleware; it runs on Node). It keeps visitors
 * out of the staff-only side: /admin/*, /api/admin/* and the two diagnostic checkouts
 * that can charge or dump internals (decisions section 4).
 *
 * Without a valid admin session cookie, pages redirect to the sign-in page (which comes
 * back afterwards) and admin calls get 401 {message}. The sign-in page itself passes.
 * This check is optimistic only (the cookie, no database): every admin page and
 * handler checks the session again on its own (lib/auth/session.ts), so a proxy bypass
 * such as CVE-2025-29927 (a forged x-middleware-subrequest header) reaches nothing.
 *
 * Subscriber pages (/account, /watchlist) and calls (/api/account, /api/watchlist) get
 * the same optimistic check on the subscriber session cookie (docs/accounts.md): without
 * it, pages redirect to /sign-in and calls get 401. Pages (lib/accounts/page-guard.ts)
 * and handlers (lib/http/route.ts) check the session in the database themselves.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  if (pathname === "/alerts") return alertsView(request);
  if (isSubscriberPagePath(pathname) || isSubscriberApiPath(pathname)) return subscriberGate(request);
  if (pathname === SIGN_IN_PATH) return NextResponse.next();
  if (await readSessionToken(request)) return NextResponse.next();
  if (pathname.startsWith("/api/admin")) {
    return NextResponse.json({ message: "Admin sign-in required." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  const signIn = new URL(SIGN_IN_PATH, request.url);
  signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
}

/**
 * /alerts is the public market dashboard (prerendered). A browser with a subscriber
 * session sees its personal alerts there instead (rewritten to /alerts/mine, which checks
 * the session itself and sends an invalid one to /sign-in); `?view=market` keeps the
 * dashboard for subscribers too (docs/alerts.md).
 */
function alertsView(request: NextRequest): NextResponse {
  const signedIn = Boolean(request.cookies.get(subscriberCookieNameFor(secureCookiesEnabled()))?.value);
  if (!signedIn || request.nextUrl.searchParams.get("view") === "market") return NextResponse.next();
  const mine = request.nextUrl.clone();
  mine.pathname = "/alerts/mine";
  return NextResponse.rewrite(mine);
}

/** The subscriber side: the session cookie must be there (its value is checked downstream). */
function subscriberGate(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  if (request.cookies.get(subscriberCookieNameFor(secureCookiesEnabled()))?.value) return NextResponse.next();
  if (isSubscriberApiPath(pathname)) {
    return NextResponse.json({ message: "Sign in to continue." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  const signIn = new URL(SUBSCRIBER_SIGN_IN_PATH, request.url);
  signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: [
    "/alerts",
    "/admin/:path*",
    "/api/admin/:path*",
    "/checkout-test",
    "/checkout-debug",
    "/account",
    "/account/:path*",
    "/watchlist",
    "/watchlist/:path*",
    "/api/account",
    "/api/account/:path*",
    "/api/watchlist",
    "/api/watchlist/:path*",
  ],
};
