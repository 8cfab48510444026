import { NextResponse, type NextRequest } from "next/server";
import { readSessionToken, SIGN_IN_PATH } from "@/lib/auth/config";

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
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  if (pathname === SIGN_IN_PATH) return NextResponse.next();
  if (await readSessionToken(request)) return NextResponse.next();
  if (pathname.startsWith("/api/admin")) {
    return NextResponse.json({ message: "Admin sign-in required." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  const signIn = new URL(SIGN_IN_PATH, request.url);
  signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: ["/admin/:path*", "/api/admin/:path*", "/checkout-test", "/checkout-debug"],
};
