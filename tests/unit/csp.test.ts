/**
 * The Content-Security-Policy (docs/security.md "Content Security Policy"):
 * lib/http/csp.mjs builds it, next.config.mjs sends the static one on every response, and
 * proxy.ts replaces it with a per-request nonce policy on the pages rendered per request.
 */
import { createHash } from "node:crypto";
import { NextRequest } from "next/server";
import { API_POLICY, contentSecurityPolicy, isNoncePage, MARK_JS, MARK_JS_HASH, newNonce, NONCE_PAGES } from "@/lib/http/csp.mjs";
import { subscriberCookieNameFor } from "@/lib/accounts/paths";
import { VISITOR_PAGES } from "@/lib/public-pages.mjs";
import { config as proxyConfig, proxy } from "@/proxy";

// Untyped modules: Next's own matcher syntax (the proxy's config.matcher is compiled with
// it) and next.config.mjs.
const { pathToRegexp } = jest.requireActual<{ pathToRegexp: (source: string) => RegExp }>("next/dist/compiled/path-to-regexp");
type HeaderRule = { source: string; headers: { key: string; value: string }[] };
const nextConfig = jest.requireActual<{ default: { headers: () => Promise<HeaderRule[]> } }>("../../next.config.mjs").default;

const directives = (policy: string) => new Map(policy.split("; ").map((d) => [d.split(" ")[0], d] as const));
const scriptSrc = (policy: string) => directives(policy).get("script-src") ?? "";
const SUBSCRIBER = { cookie: `tariffwatch.session=${"a".repeat(43)}` };
const visit = (path: string, headers: Record<string, string> = {}) => proxy(new NextRequest(`http://localhost${path}`, { headers }));
/** The policy the proxy hands Next on the request (NextResponse.next({ request: { headers } })). */
const requestPolicy = (response: Response) => response.headers.get("x-middleware-request-content-security-policy");

/** The header rules of next.config.mjs that apply to a path, with Next's own matcher. */
async function rulesFor(path: string): Promise<HeaderRule[]> {
  const rules = await nextConfig.headers();
  return rules.filter((rule) => pathToRegexp(rule.source).test(path));
}
const policyOf = (rule: HeaderRule | undefined) => rule?.headers.find((h) => h.key === "Content-Security-Policy")?.value;

describe("the static policy (prerendered pages, files)", () => {
  it("is what next.config.mjs sends on every path outside /api, unchanged from before nonces", async () => {
    for (const path of ["/", "/pricing", "/alerts", "/alerts/", "/examples/x", "/pricingx", "/no-such-page", "/_next/static/chunks/app.js", "/apiary", "/account/nope", "/watchlist/a/b", ...VISITOR_PAGES]) {
      const rules = await rulesFor(path);
      expect(rules.filter((rule) => policyOf(rule) !== undefined)).toHaveLength(1);
      expect(policyOf(rules[0])).toBe(contentSecurityPolicy());
    }
    const header = policyOf((await rulesFor("/"))[0]);
    expect(header).toBe(contentSecurityPolicy());
    expect(header).toBe(
      "default-src 'self'; script-src 'self' 'unsafe-inline' https://js.stripe.com https://www.paypal.com https://www.sandbox.paypal.com; " +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://*.stripe.com https://www.paypalobjects.com; font-src 'self' data:; " +
        "connect-src 'self' https://api.stripe.com https://www.paypal.com https://www.sandbox.paypal.com https://api-m.paypal.com https://api-m.sandbox.paypal.com; " +
        "frame-src https://js.stripe.com https://hooks.stripe.com https://www.paypal.com https://www.sandbox.paypal.com; media-src 'self' blob:; " +
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it("is the static header of the pages the proxy gives a nonce policy too (the proxy replaces it on each of their responses)", async () => {
    for (const page of NONCE_PAGES) {
      const path = page.replace(/:id/g, "x1");
      const rules = (await rulesFor(path)).filter((rule) => policyOf(rule) !== undefined);
      expect([path, rules.length, policyOf(rules[0])]).toEqual([path, 1, contentSecurityPolicy()]);
    }
  });

  it("API routes get a policy that forbids everything, with the same other security headers", async () => {
    const pages = (await rulesFor("/"))[0]!;
    for (const path of ["/api", "/api/newsletter/stats", "/api/economic/dashboard", "/api/account", "/api/no-such-route"]) {
      const rules = await rulesFor(path);
      expect(rules).toHaveLength(1);
      expect(policyOf(rules[0])).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(rules[0]!.headers.filter((h) => h.key !== "Content-Security-Policy")).toEqual(pages.headers.filter((h) => h.key !== "Content-Security-Policy"));
    }
    expect(API_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("adds 'unsafe-eval' only in development", () => {
    expect(scriptSrc(contentSecurityPolicy())).not.toContain("'unsafe-eval'");
    expect(scriptSrc(contentSecurityPolicy({ dev: true }))).toContain("'unsafe-eval'");
    expect(scriptSrc(contentSecurityPolicy({ nonce: "abc", dev: true }))).toContain("'unsafe-eval'");
    expect(scriptSrc(contentSecurityPolicy({ nonce: "abc" }))).not.toContain("'unsafe-eval'");
  });
});

describe("the nonce policy (pages rendered per request)", () => {
  it("runs only scripts with the nonce, the layout's script by its hash, and what they load; no 'unsafe-inline'", () => {
    const policy = contentSecurityPolicy({ nonce: "bm9uY2U=" });
    expect(scriptSrc(policy)).toBe(`script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic' ${MARK_JS_HASH} https://js.stripe.com`);
    expect(scriptSrc(policy)).not.toContain("unsafe-inline");
  });

  it("keeps every other directive of the static policy exactly", () => {
    const strict = directives(contentSecurityPolicy({ nonce: "abc" }));
    const loose = directives(contentSecurityPolicy());
    strict.delete("script-src");
    loose.delete("script-src");
    expect([...strict]).toEqual([...loose]);
  });

  it("hashes the layout's script correctly", () => {
    expect(MARK_JS_HASH).toBe(`'sha256-${createHash("sha256").update(MARK_JS).digest("base64")}'`);
  });

  it("gets a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 1000 }, () => newNonce()));
    expect(nonces.size).toBe(1000);
    for (const nonce of [...nonces].slice(0, 20)) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});

describe("which pages get a nonce", () => {
  it("the pages rendered per request, not the prerendered ones nor the PayPal wallet checkouts", () => {
    for (const path of ["/account", "/watchlist", "/watchlist/abc123", "/alerts/mine", "/alerts/mine/7", "/admin", "/admin/sign-in", "/admin/trial-dashboard", "/sign-in", "/sign-in/verify", "/dev/mail", "/dev/mail/12", "/checkout", "/checkout-consumer", "/checkout-test", "/unsubscribe"]) {
      expect([path, isNoncePage(path)]).toEqual([path, true]);
    }
    for (const path of ["/", "/pricing", "/calculator", "/free-trial", "/tariffs-ebook", "/alerts", "/checkout-enhanced", "/checkout-paypal-primary", "/checkout-professional-paypal", "/account/nope", "/watchlist/a/b", "/api/account", "/sign-in/verify/confirm", "/_next/static/chunks/a.js", "/checkoutx"]) {
      expect([path, isNoncePage(path)]).toEqual([path, false]);
    }
  });

  it("the proxy's matcher covers every page that gets a nonce", () => {
    const matchers = proxyConfig.matcher.map((m) => pathToRegexp(typeof m === "string" ? m : m.source));
    for (const page of NONCE_PAGES) {
      const path = page.replace(/:id/g, "x1");
      expect([path, matchers.some((m) => m.test(path))]).toEqual([path, true]);
    }
    // And stays off static files and the prerendered marketing pages.
    for (const path of ["/", "/pricing", "/free-trial", "/_next/static/chunks/a.js", "/icon.svg", "/checkout-enhanced"]) {
      expect([path, matchers.some((m) => m.test(path))]).toEqual([path, false]);
    }
  });
});

describe("the proxy's matcher on the gated areas", () => {
  const matchers = proxyConfig.matcher.filter((m): m is string => typeof m === "string").map((m) => pathToRegexp(m));
  const runs = (path: string) => matchers.some((m) => m.test(path));

  it("runs the proxy on every staff and subscriber path, pages and calls, with everything under them", () => {
    for (const path of ["/admin", "/admin/sign-in", "/admin/tariffs/x", "/api/admin", "/api/admin/emails/retry", "/account", "/account/billing", "/watchlist", "/watchlist/w1", "/api/account", "/api/account/api-keys/k1", "/api/watchlist", "/api/watchlist/w1/x", "/alerts/mine", "/alerts/mine/a1", "/checkout-test", "/checkout-debug"]) {
      expect([path, runs(path)]).toEqual([path, true]);
    }
  });

  it("stays off paths that only begin like them, the wallet checkouts and the public pages", () => {
    for (const path of ["/administrator", "/accounts", "/watchlists", "/api/accounting", "/api/watchlistx", "/sign-in/other", "/dev/mail/a/b", "/checkout-enhanced", "/checkout-paypal-primary", "/checkout-professional-paypal", "/api/newsletter", "/api/economic/details", "/api/newsletter/stats", "/api/economic/dashboard", "/tariffs-ebook", "/calculator"]) {
      expect([path, runs(path)]).toEqual([path, false]);
    }
  });
});

describe("the proxy's matcher on /alerts", () => {
  it("runs the proxy on /alerts only for a browser with a subscriber session cookie (either name), so visitors get the prerendered page", () => {
    const alerts = proxyConfig.matcher.filter((m) => (typeof m === "string" ? m : m.source) === "/alerts");
    expect(alerts.length).toBeGreaterThan(0);
    for (const m of alerts) expect(typeof m).toBe("object");
    const cookies = alerts.flatMap((m) => (typeof m === "string" ? [] : m.has.map((h) => `${h.type}:${h.key}`)));
    expect(cookies.sort()).toEqual([`cookie:${subscriberCookieNameFor(true)}`, `cookie:${subscriberCookieNameFor(false)}`].sort());
    // No entry without that condition reaches /alerts (":path*" would: it matches zero segments).
    const unconditional = proxyConfig.matcher.filter((m): m is string => typeof m === "string").map((m) => pathToRegexp(m));
    expect(unconditional.filter((m) => m.test("/alerts")).length).toBe(0);
    expect(unconditional.some((m) => m.test("/alerts/mine"))).toBe(true);
  });
});

describe("the proxy", () => {
  it("sets a fresh nonce policy on the request and the response of a page rendered per request", async () => {
    const first = await visit("/account", SUBSCRIBER);
    const second = await visit("/account", SUBSCRIBER);
    expect(first.headers.get("x-middleware-next")).toBe("1");
    const policy = first.headers.get("Content-Security-Policy") ?? "";
    expect(scriptSrc(policy)).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic' /);
    expect(requestPolicy(first)).toBe(policy);
    expect(second.headers.get("Content-Security-Policy")).not.toBe(policy);
    const signIn = await visit("/sign-in?callbackUrl=%2Fwatchlist");
    expect(scriptSrc(signIn.headers.get("Content-Security-Policy") ?? "")).toContain("'strict-dynamic'");
  });

  it("puts the nonce policy on /alerts when it shows a subscriber's own alerts, not on the prerendered market dashboard", async () => {
    const guest = await visit("/alerts");
    expect(guest.headers.get("Content-Security-Policy")).toBeNull();
    const mine = await visit("/alerts", SUBSCRIBER);
    expect(new URL(mine.headers.get("x-middleware-rewrite") ?? "").pathname).toBe("/alerts/mine");
    expect(mine.headers.get("Content-Security-Policy")).toContain("'strict-dynamic'");
    expect(requestPolicy(mine)).toBe(mine.headers.get("Content-Security-Policy"));
  });

  it("leaves redirects, refusals and pages outside the list to the static header", async () => {
    const redirect = await visit("/watchlist");
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get("Content-Security-Policy")).toBeNull();
    const refused = await visit("/api/account");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Content-Security-Policy")).toBeNull();
    const call = await visit("/api/account", SUBSCRIBER);
    expect(call.headers.get("x-middleware-next")).toBe("1");
    expect(call.headers.get("Content-Security-Policy")).toBeNull();
    expect(requestPolicy(call)).toBeNull();
    // An unknown path under /account is answered by the prerendered 404 page, whose scripts carry no nonce.
    expect((await visit("/account/nope", SUBSCRIBER)).headers.get("Content-Security-Policy")).toBeNull();
  });
});
