import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * Every API route, found by walking app/api, answers a caller without credentials the way
 * its kind demands (docs/security.md "The route frame"): subscriber, admin, API-key and cron routes refuse
 * (401), provider webhooks refuse an unsigned body (4xx), signed-link routes refuse a
 * request without their token (4xx), and a route that is meant to be
 * public is listed here by name. A new route that is in none of these lists fails the
 * suite until someone decides what it is.
 */
setupTestDatabase();

const ROOT = path.join(__dirname, "..", "..", "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Routes anyone may call (forms, public data, checkouts priced by the server, sign-in). */
const PUBLIC = new Set([
  "/api/auth/[...nextauth]",
  "/api/auth/sign-in-link",
  "/api/auth/verify",
  "/api/categories",
  "/api/checkout-attempt",
  "/api/create-payment-intent",
  "/api/demo-payments/stripe.js",
  "/api/demo-payments/stripe/confirm",
  "/api/ebook-email-signup",
  "/api/ebook/library",
  "/api/economic/dashboard",
  "/api/economic/details",
  "/api/free-trial",
  "/api/hts/search",
  "/api/hts/suggestions",
  "/api/newsletter",
  "/api/newsletter/stats",
  "/api/paypal/order",
  "/api/paypal/order/[orderId]/capture",
  "/api/paypal/setup",
  "/api/paypal/subscription",
  "/api/send-payment-confirmation",
  "/api/stats",
  "/api/v1/duty",
  "/api/v1/openapi.json",
]);

/** Routes whose credential is a signed token in the request (unsubscribe links, e-book access): without one they refuse (4xx). */
const TOKEN = new Set(["/api/alerts/unsubscribe", "/api/ebook/download", "/api/unsubscribe"]);

type Kind = "subscriber" | "admin" | "apiKey" | "cron" | "webhook" | "token" | "public";

function kindOf(route: string): Kind | null {
  if (PUBLIC.has(route)) return "public";
  if (TOKEN.has(route)) return "token";
  if (route.startsWith("/api/admin/")) return "admin";
  if (route.startsWith("/api/cron/")) return "cron";
  if (route.startsWith("/api/webhooks/")) return "webhook";
  if (route.startsWith("/api/v1/")) return "apiKey";
  if (route === "/api/account" || route.startsWith("/api/account/")) return "subscriber";
  if (route === "/api/watchlist" || route.startsWith("/api/watchlist/")) return "subscriber";
  if (route === "/api/alerts" || route.startsWith("/api/alerts/")) return "subscriber";
  if (route === "/api/auth/sign-out") return "subscriber";
  return null;
}

function walk(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...walk(full));
    else if (name === "route.ts") found.push(full);
  }
  return found;
}

const routes = walk(ROOT)
  .map((file) => ({ file, route: `/api${path.dirname(file).slice(ROOT.length).split(path.sep).join("/")}` }))
  .sort((a, b) => a.route.localeCompare(b.route));

function paramsOf(route: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const m of route.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)) params[m[1]!] = "00000000-0000-4000-8000-000000000000";
  return params;
}

beforeAll(() => {
  process.env.CRON_SECRET = "route-auth-test-cron-secret-0123456789";
});

describe("every API route declares who may call it", () => {
  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes.map((r) => [r.route, r.file] as const))("%s is public by name or refuses an anonymous caller", async (route, file) => {
    const kind = kindOf(route);
    if (kind === null) {
      throw new Error(`${route} is in no list: add it to PUBLIC or give it a protected prefix (tests/integration/route-auth.test.ts).`);
    }
    if (kind === "public") return;
    const mod = (await import(file)) as Partial<Record<(typeof METHODS)[number], (req: Request, ctx: unknown) => Promise<Response>>>;
    const handlers = METHODS.filter((m) => typeof mod[m] === "function");
    expect(handlers.length).toBeGreaterThan(0);
    for (const method of handlers) {
      const url = `http://localhost${route.replace(/\[(?:\.\.\.)?\w+\]/g, "00000000-0000-4000-8000-000000000000")}`;
      const init: RequestInit = { method, headers: { "content-type": "application/json", "user-agent": "route-auth-test" } };
      if (method !== "GET" && method !== "DELETE") init.body = "{}";
      const response = await mod[method]!(new Request(url, init), { params: Promise.resolve(paramsOf(route)) });
      if (kind === "token") {
        expect({ route, method, status: response.status, refused: response.status >= 400 && response.status < 500 }).toEqual({
          route,
          method,
          status: response.status,
          refused: true,
        });
      } else if (kind === "webhook") {
        // 4xx for an unsigned body; 503 when the provider is not configured on this server (nothing processed either way).
        const refused = (response.status >= 400 && response.status < 500) || response.status === 503;
        expect({ route, method, status: response.status, refused }).toEqual({ route, method, status: response.status, refused: true });
      } else {
        expect({ route, method, status: response.status }).toEqual({ route, method, status: 401 });
      }
    }
  });
});
