import { NextResponse, type NextRequest } from "next/server";
import { isProtectedPath, readSessionToken, secureCookiesEnabled, SIGN_IN_PATH } from "@/lib/admin-auth/config";
import { isSubscriberApiPath, isSubscriberPagePath, sessionTokenInCookieHeader, SUBSCRIBER_PATH_HEADER, SUBSCRIBER_SIGN_IN_PATH } from "@/lib/accounts/paths";
import { rawEnv } from "@/lib/env/runtime";
import { MALFORMED_PATH_MESSAGE } from "@/lib/http/params";
import { contentSecurityPolicy, isNoncePage, newNonce } from "@/lib/http/csp.mjs";

/**
 * The request guard (Next 16's name for middleware; it runs on Node). It keeps visitors
 * out of the staff-only side: /admin/*, /api/admin/* and the two diagnostic checkouts
 * that can charge or dump internals (docs/product-rules.md §D4).
 *
 * Without a valid admin session cookie, pages redirect to the sign-in page (which comes
 * back afterwards) and admin calls get 401 {message}. The sign-in page itself passes.
 * This check is optimistic only (the cookie, no database): every admin page and
 * handler checks the session again on its own (lib/admin-auth/session.ts), so a proxy bypass
 * such as CVE-2025-29927 (a forged x-middleware-subrequest header) reaches nothing.
 *
 * Subscriber pages (/account, /watchlist, /alerts/mine) and calls (/api/account,
 * /api/watchlist) get the same optimistic check on the subscriber session cookie
 * (docs/accounts.md), read by the one parser the pages and handlers use: without exactly
 * one, pages redirect to /sign-in and calls get 401. Pages (lib/accounts/page-guard.ts, in
 * their layouts and again in the page) and handlers (lib/http/route.ts) check the session
 * in the database themselves.
 *
 * Every page rendered per request that it lets through gets a Content-Security-Policy with
 * a fresh nonce and no 'unsafe-inline' (lib/http/csp.mjs, docs/security.md "Content
 * Security Policy"); other matched pages pass untouched.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  // A path Next could not decode into its page's params (`/watchlist/%ff`) is a 400, not a 500.
  if (!decodes(pathname)) return NextResponse.json({ message: MALFORMED_PATH_MESSAGE }, { status: 400, headers: { "Cache-Control": "no-store" } });
  if (pathname === "/alerts") return alertsView(request);
  if (isSubscriberPagePath(pathname) || isSubscriberApiPath(pathname)) return subscriberGate(request);
  if (isProtectedPath(pathname)) return adminGate(request);
  return pass(request);
}

/** Whether every percent-encoding of a path decodes (UTF-8). */
function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lets the request through. A page rendered per request gets the nonce policy on the request
 * (Next reads the nonce from it and puts it on its scripts: node_modules/next/dist/docs,
 * "Content Security Policy") and on the response (replacing next.config.mjs's static header).
 * `rewriteTo`: serve that page instead (the policy follows the page that renders).
 */
function pass(request: NextRequest, rewriteTo?: URL, extra: Record<string, string> = {}): NextResponse {
  const nonce = isNoncePage(rewriteTo?.pathname ?? request.nextUrl.pathname);
  if (!nonce && Object.keys(extra).length === 0) {
    return rewriteTo ? NextResponse.rewrite(rewriteTo) : NextResponse.next();
  }
  const policy = nonce ? contentSecurityPolicy({ nonce: newNonce(), dev: rawEnv().NODE_ENV === "development" }) : null;
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  if (policy) headers.set("Content-Security-Policy", policy);
  const response = rewriteTo ? NextResponse.rewrite(rewriteTo, { request: { headers } }) : NextResponse.next({ request: { headers } });
  if (policy) response.headers.set("Content-Security-Policy", policy);
  return response;
}

/**
 * A subscriber page's path and query, for its layout's sign-in redirect (lib/accounts/page-guard.ts).
 * Next runs the proxy again on the target of its own rewrite (/alerts -> /alerts/mine): the
 * first run's value stands. A value a client sends itself only names where its own browser
 * goes after signing in, and the page checks it like every other callback (safeSubscriberCallback).
 */
function ownPath(request: NextRequest): Record<string, string> {
  return { [SUBSCRIBER_PATH_HEADER]: request.headers.get(SUBSCRIBER_PATH_HEADER) ?? `${request.nextUrl.pathname}${request.nextUrl.search}` };
}

/** The staff side: a valid admin session token, else sign-in (pages) or 401 (calls). */
async function adminGate(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  if (pathname === SIGN_IN_PATH) return pass(request);
  if (await readSessionToken(request)) return pass(request);
  if (pathname.startsWith("/api/admin")) {
    return NextResponse.json({ message: "Admin sign-in required." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  const signIn = new URL(SIGN_IN_PATH, request.url);
  signIn.searchParams.set("callbackUrl", `${pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
}

/** The subscriber session token, when the request carries exactly one (checked in the database downstream). */
function sessionToken(request: NextRequest): string | null {
  return sessionTokenInCookieHeader(request.headers.get("cookie"), secureCookiesEnabled());
}

/**
 * /alerts is the public market dashboard. A browser with a subscriber
 * session sees its personal alerts there instead (rewritten to /alerts/mine, which checks
 * the session itself and sends an invalid one to /sign-in); `?view=market` keeps the
 * dashboard for subscribers too (docs/alerts.md).
 */
function alertsView(request: NextRequest): NextResponse {
  if (!sessionToken(request) || request.nextUrl.searchParams.get("view") === "market") return pass(request);
  const mine = request.nextUrl.clone();
  mine.pathname = "/alerts/mine";
  return pass(request, mine, ownPath(request));
}

/** The subscriber side: the session cookie must be there, once (its value is checked downstream). */
function subscriberGate(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (sessionToken(request)) return isSubscriberApiPath(pathname) ? pass(request) : pass(request, undefined, ownPath(request));
  if (isSubscriberApiPath(pathname)) {
    return NextResponse.json({ message: "Sign in to continue." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  const signIn = new URL(SUBSCRIBER_SIGN_IN_PATH, request.url);
  signIn.searchParams.set("callbackUrl", `${pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
}

/**
 * The gated paths, plus every page of lib/http/csp.mjs's NONCE_PAGES (tests/unit/csp.test.ts
 * checks they are covered). Not static files, other API routes, nor the prerendered pages:
 * they keep next.config.mjs's static headers and never run the proxy.
 *
 * Few entries, each an alternation: Next builds a RegExp from every entry on every request
 * (getMiddlewareRouteMatcher), also for the requests the proxy does not run on; 30 entries cost
 * 3% of the server's busy time under load (docs/performance.md). Next reads this object at build time, so it must stay a literal.
 */
export const config = {
  matcher: [
    // /alerts only with a subscriber session cookie (either name: secure or not), so the public
    // dashboard, prerendered, is served to visitors without running the proxy at all
    // (docs/performance.md: the proxy cost /alerts a quarter of its throughput).
    { source: "/alerts", has: [{ type: "cookie", key: "tariffwatch.session" }] },
    { source: "/alerts", has: [{ type: "cookie", key: "__Secure-tariffwatch.session" }] },
    // The gated areas with everything under them (a subscriber's alerts below /alerts).
    "/:area(alerts/.+|admin|admin/.+|api/admin|api/admin/.+|account|account/.+|watchlist|watchlist/.+|api/account|api/account/.+|api/watchlist|api/watchlist/.+)",
    // The other pages rendered per request (their nonce policy) and the two diagnostic checkouts.
    "/:page(sign-in|sign-in/verify|dev/mail|dev/mail/[^/#?]+|unsubscribe|payment-success|paypal/subscription|checkout-ebook-paypal|checkout|checkout-consumer|checkout-working|checkout-simple-card|checkout-professional|checkout-card-ultimate|checkout-test|checkout-debug)",
  ],
};
