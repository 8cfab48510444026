import { NextRequest } from "next/server";
import { GET as accountCall } from "@/app/api/account/route";
import { POST as signOutCall } from "@/app/api/auth/sign-out/route";
import { GET as listWatchlist, POST as addToWatchlist } from "@/app/api/watchlist/route";
import { DELETE as deleteWatch } from "@/app/api/watchlist/[id]/route";
import { requireSubscriberPage } from "@/lib/accounts/page-guard";
import { sessionTokenInCookieHeader } from "@/lib/accounts/paths";
import { createSession, sessionTokenFrom, subscriberCookieName } from "@/lib/accounts/session";
import { proxy } from "@/proxy";
import { readsAroundWrite } from "../helpers/reads-around-a-write";
import { newClientIp } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * Who a request speaks for, and that its answer is the database's state now
 * (docs/security.md, "One session cookie per request" and "No answer outlives a write"):
 * - a request carrying two subscriber session cookies is signed out everywhere (the proxy,
 *   the pages' guard, the handlers), so it is never answered as one subscriber while the
 *   app authenticates another; /api/account and /api/watchlist answer each session with its
 *   own subscriber's data, also when the sessions' requests interleave;
 * - after signing out, and after deleting a watch, every GET that begins once the write has
 *   returned shows the state after it, also while other GETs of the same address are in flight.
 * The same, through the built server: tests/integration/one-subscriber-per-request-server.test.ts.
 */
let mockRequestHeaders: Record<string, string> = {};
jest.mock("next/headers", () => ({
  headers: async () => new Headers(mockRequestHeaders),
}));

const db = setupTestDatabase({ template: "tariff-tables" });

type Subscriber = { id: string; email: string; token: string; cookie: string; watchId: string; watchName: string };

async function subscriber(name: string, watchName: string): Promise<Subscriber> {
  const email = `${name}-${Math.random().toString(36).slice(2)}@example.com`;
  const now = new Date();
  const { id } = await db.prisma.subscriber.create({ data: { email }, select: { id: true } });
  await db.prisma.subscription.create({
    data: {
      provider: "stripe",
      providerSubscriptionId: `sub_${Math.random().toString(36).slice(2)}`,
      email,
      planId: "consumer",
      status: "active",
      subscriberId: id,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    },
  });
  const { token } = await createSession(db.prisma, id, now);
  const cookie = `${subscriberCookieName()}=${token}`;
  const added = await addToWatchlist(request("POST", "/api/watchlist", cookie, { name: watchName, categoryId: "footwear", price: 80 }));
  expect(added.status).toBe(201);
  const { watch } = (await added.json()) as { watch: { id: string } };
  return { id, email, token, cookie, watchId: watch.id, watchName };
}

function request(method: string, path: string, cookie?: string, body?: unknown): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: {
      "x-forwarded-for": newClientIp(),
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Who /api/account says the request is: the email, or the status when it is refused. */
async function accountOf(cookie: string): Promise<string> {
  const response = await accountCall(request("GET", "/api/account", cookie));
  return response.status === 200 ? ((await response.json()) as { email: string }).email : `HTTP ${response.status}`;
}

/** The names of the watches /api/watchlist lists, or the status when it is refused. */
async function watchNamesOf(cookie: string): Promise<string> {
  const response = await listWatchlist(request("GET", "/api/watchlist", cookie));
  if (response.status !== 200) return `HTTP ${response.status}`;
  const { watches } = (await response.json()) as { watches: { name: string }[] };
  return watches.map((w) => w.name).join(", ");
}

/** What the pages' guard makes of a request: the subscriber's email, or where it redirects. */
async function pageGuardOf(cookie: string): Promise<string> {
  mockRequestHeaders = { cookie };
  try {
    return (await requireSubscriberPage("/account")).subscriber.email;
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === "string") return digest;
    throw error;
  }
}

const TO_SIGN_IN = `NEXT_REDIRECT;replace;/sign-in?callbackUrl=${encodeURIComponent("/account")};307;`;

let a: Subscriber;
let b: Subscriber;
beforeEach(async () => {
  a = await subscriber("alice", "Alice's work boots");
  b = await subscriber("bob", "Bob's sandals");
});

describe("two session cookies in one request", () => {
  it("the one parser reads exactly one session cookie; two, in either order or equal, are no session", () => {
    const name = subscriberCookieName();
    expect(sessionTokenFrom(a.cookie)).toBe(a.token);
    expect(sessionTokenFrom(`theme=dark; ${a.cookie}; tariffwatch.admin-session=x`)).toBe(a.token);
    for (const header of [
      `${a.cookie}; ${b.cookie}`,
      `${b.cookie}; ${a.cookie}`,
      `${a.cookie}; ${a.cookie}`,
      `${a.cookie};${name}=`,
      `${name}=; ${a.cookie}`,
    ]) {
      expect([header, sessionTokenFrom(header)]).toEqual([header, null]);
    }
    // The secure name and the plain one are different cookies: each deployment reads its own.
    expect(sessionTokenInCookieHeader(`__Secure-${a.cookie}; ${b.cookie}`, true)).toBe(a.token);
    expect(sessionTokenInCookieHeader(`__Secure-${a.cookie}; ${b.cookie}`, false)).toBe(b.token);
  });

  it("the proxy sends it to sign-in (pages) or answers 401 (calls), and shows /alerts as the public dashboard", async () => {
    for (const cookie of [`${a.cookie}; ${b.cookie}`, `${b.cookie}; ${a.cookie}`]) {
      for (const path of ["/account", "/watchlist", `/watchlist/${b.watchId}`, "/alerts/mine"]) {
        const response = await proxy(new NextRequest(`http://localhost${path}`, { headers: { cookie } }));
        expect([path, response.status, new URL(response.headers.get("location") ?? "http://x/").pathname]).toEqual([path, 307, "/sign-in"]);
      }
      for (const path of ["/api/account", "/api/watchlist", `/api/watchlist/${b.watchId}`]) {
        expect([path, (await proxy(new NextRequest(`http://localhost${path}`, { headers: { cookie } }))).status]).toEqual([path, 401]);
      }
      const alerts = await proxy(new NextRequest("http://localhost/alerts", { headers: { cookie } }));
      expect(alerts.headers.get("x-middleware-rewrite")).toBeNull();
    }
    // One cookie passes, to be checked by the page or handler.
    expect((await proxy(new NextRequest("http://localhost/api/account", { headers: { cookie: b.cookie } }))).headers.get("x-middleware-next")).toBe("1");
  });

  it("the pages' guard and the handlers treat it as signed out: never one subscriber's answer to the other's request", async () => {
    for (const cookie of [`${a.cookie}; ${b.cookie}`, `${b.cookie}; ${a.cookie}`]) {
      expect(await pageGuardOf(cookie)).toBe(TO_SIGN_IN);
      expect(await accountOf(cookie)).toBe("HTTP 401");
      expect(await watchNamesOf(cookie)).toBe("HTTP 401");
      // Nor may it write as either.
      expect((await addToWatchlist(request("POST", "/api/watchlist", cookie, { categoryId: "apparel" }))).status).toBe(401);
      expect((await deleteWatch(request("DELETE", `/api/watchlist/${b.watchId}`, cookie), { params: Promise.resolve({ id: b.watchId }) })).status).toBe(401);
    }
    // After the two-cookie requests, each subscriber alone still gets their own answers.
    expect(await pageGuardOf(b.cookie)).toBe(b.email);
    expect(await accountOf(b.cookie)).toBe(b.email);
    expect(await watchNamesOf(b.cookie)).toBe(b.watchName);
    expect(await pageGuardOf(a.cookie)).toBe(a.email);
    expect(await accountOf(a.cookie)).toBe(a.email);
    expect(await watchNamesOf(a.cookie)).toBe(a.watchName);
  });

  it("interleaved requests of two subscribers and of both cookies at once each get their own answer", async () => {
    const both = `${a.cookie}; ${b.cookie}`;
    const expected = new Map([
      [a.cookie, { account: a.email, watches: a.watchName }],
      [b.cookie, { account: b.email, watches: b.watchName }],
      [both, { account: "HTTP 401", watches: "HTTP 401" }],
    ]);
    const cookies = Array.from({ length: 30 }, (_, i) => [both, a.cookie, b.cookie][i % 3]!);
    const answers = await Promise.all(cookies.map(async (cookie) => ({ cookie, account: await accountOf(cookie), watches: await watchNamesOf(cookie) })));
    for (const { cookie, account, watches } of answers) expect({ account, watches }).toEqual(expected.get(cookie));
  });
});

describe("the next read after a write", () => {
  it("after signing out, every read that begins once the sign-out has returned is refused, with reads in flight around it", async () => {
    expect(await accountOf(a.cookie)).toBe(a.email);
    const reads = await readsAroundWrite(
      async () => `${await accountOf(a.cookie)} | ${await watchNamesOf(a.cookie)} | ${await pageGuardOf(a.cookie)}`,
      async () => {
        const out = await signOutCall(request("POST", "/api/auth/sign-out", a.cookie));
        expect(out.status).toBe(200);
      },
      { maxReads: 40 },
    );
    const after = reads.filter((r) => r.began === "after");
    expect(after.length).toBeGreaterThanOrEqual(12);
    for (const r of after) expect(r.value).toBe(`HTTP 401 | HTTP 401 | ${TO_SIGN_IN}`);
    // The first read, answered before the sign-out began, was signed in.
    expect(reads[0]).toEqual({ began: "before", value: `${a.email} | ${a.watchName} | ${a.email}` });
    // The other subscriber's session is untouched.
    expect(await accountOf(b.cookie)).toBe(b.email);
  });

  it("after deleting a watch, every read that begins once the delete has returned lists the watches without it", async () => {
    const second = await addToWatchlist(request("POST", "/api/watchlist", b.cookie, { name: "Bob's kettle", categoryId: "footwear", price: 40 }));
    expect(second.status).toBe(201);
    expect(await watchNamesOf(b.cookie)).toMatch(/^(Bob's sandals, Bob's kettle|Bob's kettle, Bob's sandals)$/);
    const reads = await readsAroundWrite(
      () => watchNamesOf(b.cookie),
      async () => {
        const response = await deleteWatch(request("DELETE", `/api/watchlist/${b.watchId}`, b.cookie), { params: Promise.resolve({ id: b.watchId }) });
        expect(response.status).toBe(200);
      },
      { maxReads: 50 },
    );
    const after = reads.filter((r) => r.began === "after");
    expect(after.length).toBeGreaterThanOrEqual(12);
    for (const r of after) expect(r.value).toBe("Bob's kettle");
    expect(reads[0]!.value).toMatch(/Bob's sandals/);
    // Alice's list is hers throughout.
    expect(await watchNamesOf(a.cookie)).toBe(a.watchName);
  });
});
