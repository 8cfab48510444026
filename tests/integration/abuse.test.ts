import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { startFakePayPal, type FakePayPal } from "../helpers/fake-paypal";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { setupTestDatabase } from "../helpers/test-database";
import { createAdmin, sessionCookie, setTestAuthSecret } from "./admin-helpers";

/**
 * The standing abuse suite (docs/security.md): every route under app/api
 * that takes a body (POST, PUT, PATCH), found by walking the folder so new routes are
 * covered without editing this file, gets a junk corpus, signed out and signed in (a
 * subscriber and an admin): wrong types, 1 MB strings, control characters, NUL, lone
 * surrogates, prototype keys, 10,000 levels of nesting, wrong content types, oversized and
 * chunked bodies, empty and invalid bodies. No answer may be a 5xx, and memory stays bounded.
 *
 * Handlers run in this process. next-auth's catch-all needs Next's request scope
 * (next/headers), so it is sent the corpus only through a running server (not here).
 */
setTestAuthSecret();
const db = setupTestDatabase();
process.env.RATE_LIMIT_ENABLED = "false"; // reach every handler's own checks, not the 429
process.env.CRON_SECRET = "abuse-suite-cron-secret";

const API = path.join(__dirname, "../../app/api");
const METHODS = ["POST", "PUT", "PATCH"] as const;
const NEEDS_REQUEST_SCOPE = ["auth/[...nextauth]"];

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Route = { dir: string; url: string; params: Record<string, string | string[]>; handlers: Partial<Record<(typeof METHODS)[number], Handler>> };

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : [],
  );
}

const UUID = "00000000-0000-4000-8000-000000000000";

/** The URL and params of a route folder: [id] -> a UUID, [orderId] -> an order id, [...x] -> two segments. */
function locate(rel: string): { url: string; params: Record<string, string | string[]> } {
  const params: Record<string, string | string[]> = {};
  const parts = rel.split("/").map((part) => {
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(part);
    if (catchAll) {
      params[catchAll[1]!] = ["callback", "credentials"];
      return "callback/credentials";
    }
    const dynamic = /^\[(\w+)\]$/.exec(part);
    if (dynamic) {
      const value = dynamic[1] === "orderId" ? "ORDER123" : UUID;
      params[dynamic[1]!] = value;
      return value;
    }
    return part;
  });
  return { url: `http://localhost/api/${parts.join("/")}`, params };
}

function bodyRoutes(): { routes: string[]; skipped: string[] } {
  const routes: string[] = [];
  const skipped: string[] = [];
  for (const file of walk(API)) {
    const source = readFileSync(file, "utf8");
    if (!METHODS.some((m) => new RegExp(`export (const|async function|function) ${m}\\b|as ${m}\\b`).test(source))) continue;
    const rel = path.relative(API, path.dirname(file)).split(path.sep).join("/");
    (NEEDS_REQUEST_SCOPE.includes(rel) ? skipped : routes).push(rel);
  }
  return { routes: routes.sort(), skipped };
}

const MB = 1024 * 1024;
const huge = "x".repeat(MB);
const FIELDS = ["email", "firstName", "lastName", "name", "paymentId", "amount", "plan", "planId", "currency", "method", "token", "categoryId", "confirm", "batchKey", "status", "note", "threshold", "emailType", "daysLeft", "intent", "cancelAtPeriodEnd", "alertFrequency", "htsCode", "price", "callbackPath", "id"];
const fill = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

type Case = { name: string; body?: BodyInit | (() => BodyInit); type?: string | null; headers?: Record<string, string>; query?: string };

const JSON_TYPE = "application/json";
const CORPUS: Case[] = [
  { name: "empty body", body: "" },
  { name: "no body, no content type", type: null },
  { name: "invalid JSON", body: "{" },
  { name: "invalid JSON: NUL", body: "\u0000" },
  { name: "JSON null", body: "null" },
  { name: "JSON array", body: "[]" },
  { name: "JSON string", body: '"text"' },
  { name: "JSON number", body: "12" },
  { name: "empty object", body: "{}" },
  { name: "wrong types: numbers", body: JSON.stringify(fill(12345)) },
  { name: "wrong types: arrays", body: JSON.stringify(fill([1, 2])) },
  { name: "wrong types: objects", body: JSON.stringify(fill({ a: 1 })) },
  { name: "wrong types: null", body: JSON.stringify(fill(null)) },
  { name: "wrong types: booleans", body: JSON.stringify(fill(true)) },
  { name: "negative and huge numbers", body: JSON.stringify(fill(-1e308)) },
  { name: "1 MB strings", body: JSON.stringify(fill(huge)) },
  { name: "20 kB string (under the cap)", body: JSON.stringify({ ...fill("y".repeat(20_000)) }) },
  { name: "control characters", body: JSON.stringify(fill("a\u0001b\u001bc\u007f")) },
  { name: "CR/LF header injection", body: JSON.stringify(fill("x@example.com\r\nBcc: all@example.com")) },
  { name: "NUL in strings", body: JSON.stringify(fill("abc\u0000def")) },
  { name: "NUL in a valid-looking email", body: JSON.stringify({ ...fill("Sam"), email: "sam\u0000@example.com" }) },
  { name: "lone surrogates", body: JSON.stringify(fill("\ud800x\udfff")) },
  { name: "prototype keys", body: '{"__proto__":{"admin":true,"polluted":1},"constructor":{"prototype":{"polluted":1}},"email":"p@example.com"}' },
  { name: "control character in a key", body: '{"em\\u0000ail":"x@example.com"}' },
  { name: "deep nesting (10,000 levels)", body: nested(10_000) },
  { name: "deep array nesting (10,000 levels)", body: `${"[".repeat(10_000)}${"]".repeat(10_000)}` },
  { name: "text/plain", type: "text/plain", body: JSON.stringify(fill("a")) },
  { name: "form-urlencoded", type: "application/x-www-form-urlencoded", body: "email=a%40b.c&token=%00&List-Unsubscribe=One-Click" },
  { name: "multipart", type: "multipart/form-data; boundary=xyz", body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--xyz--\r\n' },
  { name: "broken multipart", type: "multipart/form-data; boundary=xyz", body: "--xyz\r\ngarbage" },
  { name: "application/xml", type: "application/xml", body: "<a/>" },
  { name: "json with utf-16 charset", type: "application/json; charset=utf-16", body: "{}" },
  { name: "invalid UTF-8 bytes", body: () => new Uint8Array([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { name: "2 MB body", body: () => JSON.stringify({ email: "x".repeat(2 * MB) }) },
  {
    name: "5 MB chunked body",
    body: () => {
      let left = 5;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (left-- <= 0) return controller.close();
          controller.enqueue(new TextEncoder().encode(left === 4 ? `{"email":"${"z".repeat(MB - 10)}` : "z".repeat(MB)));
        },
      });
    },
  },
  { name: "junk query", body: "{}", query: "?token=%00%ff&job=%0d%0a&id=../../etc" },
  { name: "1 MB query", body: "{}", query: `?token=${"t".repeat(MB)}` },
  { name: "junk headers", body: "{}", headers: { "idempotency-key": "a\u0001b", authorization: "Bearer \u00ff", "stripe-signature": "t=1,v1=zz", "paypal-auth-algo": "x", "paypal-cert-url": "x", "paypal-transmission-id": "x", "paypal-transmission-sig": "x", "paypal-transmission-time": "x" } },
];

function buildRequest(route: Route, method: string, c: Case, cookie: string | null, n: number): Request {
  const headers = new Headers({ "x-forwarded-for": `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` });
  const type = c.type === undefined ? JSON_TYPE : c.type;
  if (type) headers.set("content-type", type);
  if (cookie) headers.set("cookie", cookie);
  for (const [k, v] of Object.entries(c.headers ?? {})) {
    try {
      headers.set(k, v);
    } catch {
      // a header value fetch itself refuses to send
    }
  }
  const body = typeof c.body === "function" ? c.body() : c.body;
  return new Request(`${route.url}${c.query ?? ""}`, { method, headers, body, duplex: "half" } as RequestInit & { duplex: "half" });
}

let stripe: FakeStripe;
let paypal: FakePayPal;

beforeAll(async () => {
  stripe = await startFakeStripe();
  paypal = await startFakePayPal();
  process.env.STRIPE_SECRET_KEY = "sk_test_abuse";
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = "pk_test_abuse";
  process.env.STRIPE_API_URL = stripe.url;
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_abuse";
  process.env.PAYPAL_CLIENT_ID = "test-client-id";
  process.env.PAYPAL_CLIENT_SECRET = "test-client-secret";
  process.env.PAYPAL_API_URL = paypal.url;
  process.env.PAYPAL_WEBHOOK_ID = "WH-ABUSE";
});
afterAll(async () => {
  await stripe.close();
  await paypal.close();
});

describe("abuse suite: junk to every body-taking route under app/api", () => {
  it("answers every request without a 5xx, with memory bounded", async () => {
    const { routes: dirs, skipped } = bodyRoutes();
    expect(dirs.length).toBeGreaterThan(15);
    const routes: Route[] = [];
    for (const dir of dirs) {
      const mod = (await import(`@/app/api/${dir}/route`)) as Record<string, Handler>;
      const handlers: Route["handlers"] = {};
      for (const m of METHODS) if (typeof mod[m] === "function") handlers[m] = mod[m];
      routes.push({ dir, ...locate(dir), handlers });
    }

    const subscriber = await findOrCreateSubscriber(db.prisma, "abuse@example.com", new Date());
    const { token } = await createSession(db.prisma, subscriber.id, new Date());
    const admin = await createAdmin(db.prisma);
    const signedIn = `${subscriberCookieName()}=${token}; ${await sessionCookie(admin)}`;

    global.gc?.();
    const start = process.memoryUsage().rss;
    let peak = start;
    let sent = 0;
    const failures: string[] = [];
    const statusCounts = new Map<number, number>();
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      for (const route of routes) {
        for (const [method, handler] of Object.entries(route.handlers)) {
          for (const c of CORPUS) {
            for (const cookie of [null, signedIn]) {
              sent += 1;
              let status: number;
              try {
                const response = await handler(buildRequest(route, method, c, cookie, sent), { params: Promise.resolve(route.params) });
                status = response.status;
                await response.arrayBuffer().catch(() => undefined);
              } catch (error) {
                status = 599;
                failures.push(`${method} /api/${route.dir} [${c.name}${cookie ? ", signed in" : ""}]: threw ${String(error).slice(0, 200)}`);
              }
              statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
              if (status >= 500 && status !== 599) failures.push(`${method} /api/${route.dir} [${c.name}${cookie ? ", signed in" : ""}]: ${status}`);
              peak = Math.max(peak, process.memoryUsage().rss);
            }
          }
        }
      }
    } finally {
      errors.mockRestore();
    }
    const fiveXx = [...statusCounts].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      [
        `[abuse] ${routes.length} routes (${routes.map((r) => `${Object.keys(r.handlers).join("/")} /api/${r.dir}`).join(", ")})`,
        `[abuse] not sent in-process (need Next's request scope): ${skipped.map((s) => `/api/${s}`).join(", ") || "none"}`,
        `[abuse] requests sent: ${sent}; 5xx seen: ${fiveXx}; statuses: ${[...statusCounts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`).join(" ")}`,
        `[abuse] RSS at start ${(start / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (growth ${((peak - start) / MB).toFixed(0)} MB)`,
      ].join("\n"),
    );
    expect(failures).toEqual([]);
    expect(peak - start).toBeLessThan(300 * MB);
  }, 600_000);
});
