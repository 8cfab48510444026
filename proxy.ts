import { NextResponse, type NextRequest } from "next/server";

/**
 * The request guard (Next 16's name for middleware). It keeps visitors out of the
 * staff-only side: /admin/*, /api/admin/* and the two diagnostic checkouts that can
 * charge or dump internals (decisions section 4).
 *
 * Admin sign-in arrives with the admin issue; until then nobody is an admin, so these
 * paths are refused outright. This check is optimistic only: every admin page and
 * handler checks again on its own (a proxy bypass such as CVE-2025-29927 must not
 * reach them).
 */
export function proxy(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith("/api/admin")) {
    return NextResponse.json({ message: "Admin sign-in required." }, { status: 401 });
  }
  return new NextResponse("Admin sign-in required. This page is for TariffWatch staff only.", {
    status: 401,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

export const config = {
  matcher: ["/admin/:path*", "/api/admin/:path*", "/checkout-test", "/checkout-debug"],
};
