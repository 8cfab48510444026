import { isValidElement } from "react";
import { setupTestDatabase } from "../helpers/test-database";
import { createAdmin, FORGED_SUBREQUEST_HEADERS, sessionCookie, setTestAuthSecret } from "./admin-helpers";

/**
 * The admin pages and the two diagnostic checkouts check the session themselves, with
 * no proxy in front: rendered here directly (as after a proxy bypass), they redirect to
 * sign-in (or answer 404) unless the request carries a valid admin session.
 */
let mockRequestHeaders: Record<string, string> = {};
jest.mock("next/headers", () => ({
  headers: async () => new Headers(mockRequestHeaders),
  cookies: async () => ({ getAll: () => [] }),
}));

setTestAuthSecret();
const db = setupTestDatabase();

/** The Next.js control-flow error a page threw (redirect or notFound), as its digest. */
async function outcome(render: () => Promise<unknown>): Promise<string> {
  try {
    const element = await render();
    return isValidElement(element) ? "rendered" : "rendered (not an element)";
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === "string") return digest;
    throw error;
  }
}

const ADMIN_PAGES = [
  ["/admin/email-resend", () => import("@/app/admin/email-resend/page")],
  ["/admin/trial-dashboard", () => import("@/app/admin/trial-dashboard/page")],
  ["/admin/emails", () => import("@/app/admin/emails/page")],
  ["/admin", () => import("@/app/admin/page")],
] as const;

const DIAGNOSTIC_PAGES = [
  ["/checkout-test", () => import("@/app/checkout-test/page")],
  ["/checkout-debug", () => import("@/app/checkout-debug/page")],
] as const;

beforeEach(() => {
  mockRequestHeaders = {};
});

describe("admin pages check the session themselves", () => {
  it.each(ADMIN_PAGES)("%s redirects a visitor to sign-in, forged subrequest header or not", async (path, load) => {
    const { default: Page } = await load();
    const visitors: Record<string, string>[] = [{}, ...FORGED_SUBREQUEST_HEADERS, { cookie: "tariffwatch.admin-session=forged" }];
    for (const headers of visitors) {
      mockRequestHeaders = headers;
      expect(await outcome(() => Page())).toBe(`NEXT_REDIRECT;replace;/admin/sign-in?callbackUrl=${encodeURIComponent(path)};307;`);
    }
  });

  it.each(DIAGNOSTIC_PAGES)("%s answers 404 to a visitor, forged subrequest header or not", async (_path, load) => {
    const { default: Page } = await load();
    for (const headers of [{}, ...FORGED_SUBREQUEST_HEADERS]) {
      mockRequestHeaders = headers;
      expect(await outcome(() => Page())).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    }
  });

  it("renders for a signed-in admin", async () => {
    mockRequestHeaders = { cookie: await sessionCookie(await createAdmin(db.prisma)) };
    for (const [, load] of [...ADMIN_PAGES.slice(0, 3), ...DIAGNOSTIC_PAGES]) {
      const { default: Page } = await load();
      expect(await outcome(() => Page())).toBe("rendered");
    }
  });

  it("the sign-in page sends a signed-in admin on, and shows the form to a visitor", async () => {
    const { default: SignInPage } = await import("@/app/admin/sign-in/page");
    const searchParams = Promise.resolve({ callbackUrl: "/admin/email-resend" });
    expect(await outcome(() => SignInPage({ searchParams }))).toBe("rendered");
    mockRequestHeaders = { cookie: await sessionCookie(await createAdmin(db.prisma)) };
    expect(await outcome(() => SignInPage({ searchParams }))).toBe("NEXT_REDIRECT;replace;/admin/email-resend;307;");
    // An address that leads off the admin side is replaced by the admin home.
    expect(await outcome(() => SignInPage({ searchParams: Promise.resolve({ callbackUrl: "https://evil.example/" }) }))).toBe(
      "NEXT_REDIRECT;replace;/admin/trial-dashboard;307;",
    );
  });
});
