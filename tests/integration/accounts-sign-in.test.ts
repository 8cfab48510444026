import { NextRequest } from "next/server";
import { GET as accountCall } from "@/app/api/account/route";
import { GET as listNewsletters } from "@/app/api/admin/newsletters/route";
import { POST as signInLinkCall } from "@/app/api/auth/sign-in-link/route";
import { POST as signOutCall } from "@/app/api/auth/sign-out/route";
import { POST as ebookSignupCall } from "@/app/api/ebook-email-signup/route";
import { POST as trialCall } from "@/app/api/free-trial/route";
import { POST as newsletterCall } from "@/app/api/newsletter/route";
import DemoMailboxPage from "@/app/dev/mail/page";
import { POST as confirmCall } from "@/app/sign-in/verify/confirm/route";
import { safeSubscriberCallback, SUBSCRIBER_PATH_HEADER, subscriberCookieNameFor } from "@/lib/accounts/paths";
import { subscriberCookieName } from "@/lib/accounts/session";
import {
  inspectSignInToken,
  maskEmail,
  requestSignInLink,
  SIGN_IN_LINK_MESSAGE,
  SIGN_IN_PER_CLIENT_LIMIT,
  SIGN_IN_PER_EMAIL_LIMIT,
} from "@/lib/accounts/sign-in";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { hashToken } from "@/lib/accounts/tokens";
import { getAdmin } from "@/lib/admin-auth/session";
import { isDemoMailbox } from "@/lib/email/demo-mailbox";
import { RateLimiter } from "@/lib/http/rate-limit";
import { proxy } from "@/proxy";
import { newClientIp, postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";
import { adminRequest, createAdmin, sessionCookie as adminSessionCookie, setTestAuthSecret } from "./admin-helpers";

setTestAuthSecret();
const db = setupTestDatabase();
const SITE = "http://localhost:3000";
const quiet = { info: () => undefined };

beforeAll(() => {
  process.env.SECRETS_FILE = `/tmp/tariffwatch-test-secrets-${process.pid}.json`;
});

let counter = 0;
/** A fresh address per test: the per-email limit lives for the whole file. */
function uniqueEmail(prefix = "reader"): string {
  counter += 1;
  return `${prefix}-${counter}-${Date.now()}@example.com`;
}

async function startTrial(email: string) {
  const response = await trialCall(postRequest("/api/free-trial", { firstName: "Robin", lastName: "Park", email }));
  expect(response.status).toBe(201);
}

function askForLink(email: string, opts: { ip?: string; callbackPath?: string } = {}) {
  return signInLinkCall(postRequest("/api/auth/sign-in-link", { email, callbackPath: opts.callbackPath }, { ip: opts.ip }));
}

/** The token of the newest sign-in email to an address, read from the message's text part as a reader would. */
async function tokenFromMailbox(email: string): Promise<string> {
  const message = await db.prisma.sentEmail.findFirstOrThrow({
    where: { recipient: email.toLowerCase(), template: "sign-in-link" },
    orderBy: { createdAt: "desc" },
  });
  const link = /https?:\/\/\S+\/sign-in\/verify\?token=([A-Za-z0-9_-]+)/.exec(message.text);
  expect(link).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

function confirmRequest(token: string, opts: { cookie?: string; origin?: string; ip?: string } = {}): Request {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    origin: opts.origin ?? "http://localhost",
    "sec-fetch-site": opts.origin && opts.origin !== "http://localhost" ? "cross-site" : "same-origin",
    "x-forwarded-for": opts.ip ?? newClientIp(),
  };
  if (opts.cookie) headers.cookie = opts.cookie;
  return new Request("http://localhost/sign-in/verify/confirm", { method: "POST", headers, body: new URLSearchParams({ token }).toString() });
}

/** "tariffwatch.session=<token>" from a Set-Cookie header. */
function cookieFrom(response: Response): string | null {
  const set = response.headers.get("set-cookie");
  if (!set) return null;
  const pair = set.split(";")[0]!;
  return pair.endsWith("=") ? null : pair;
}

function get(path: string, cookie?: string): Request {
  return new Request(`http://localhost${path}`, { headers: { "x-forwarded-for": newClientIp(), ...(cookie ? { cookie } : {}) } });
}

/** Signs an email in end to end (link, token from the mailbox, confirm) and returns the session cookie. */
async function signIn(email: string): Promise<string> {
  expect((await askForLink(email)).status).toBe(202);
  const response = await confirmCall(confirmRequest(await tokenFromMailbox(email)));
  expect(response.status).toBe(303);
  const cookie = cookieFrom(response);
  expect(cookie).not.toBeNull();
  return cookie!;
}

describe("POST /api/auth/sign-in-link", () => {
  it("gives the same 202 answer for a known and an unknown email, and sends only to the known one", async () => {
    const known = uniqueEmail("known");
    await startTrial(known);
    const unknown = uniqueEmail("unknown");
    const subscribersBefore = await db.prisma.subscriber.count();

    const a = await askForLink(known.toUpperCase());
    const b = await askForLink(unknown);
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    const bodyA = await readJson(a);
    expect(bodyA).toEqual({ message: SIGN_IN_LINK_MESSAGE });
    expect(await readJson(b)).toEqual(bodyA);
    expect([...a.headers.keys()].sort()).toEqual([...b.headers.keys()].sort());

    expect(await db.prisma.subscriber.count()).toBe(subscribersBefore);
    expect(await db.prisma.subscriber.findUnique({ where: { email: unknown } })).toBeNull();
    expect(await db.prisma.signInToken.count({ where: { email: unknown } })).toBe(0);
    expect(await db.prisma.sentEmail.count({ where: { recipient: unknown } })).toBe(0);

    expect(await db.prisma.signInToken.count({ where: { email: known } })).toBe(1);
    const mail = await db.prisma.sentEmail.findFirstOrThrow({ where: { recipient: known, template: "sign-in-link" } });
    expect(mail).toMatchObject({ subject: "Your TariffWatch sign-in link", status: "logged", headers: null });
    expect(mail.text).toContain(`${SITE}/sign-in/verify?token=`);
    expect(mail.text).toContain("15 minutes");
    expect(mail.text.toLowerCase()).not.toContain("unsubscribe");
  });

  it("stores only the SHA-256 of the token, with a 15-minute expiry", async () => {
    const email = uniqueEmail();
    await startTrial(email);
    const before = Date.now();
    await askForLink(email);
    const token = await tokenFromMailbox(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await db.prisma.signInToken.findFirstOrThrow({ where: { email } });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const [raw] = await db.prisma.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM sign_in_tokens WHERE id = $1::uuid`, row.id);
    expect(JSON.stringify(raw)).not.toContain(token);
    expect(row.usedAt).toBeNull();
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetime).toBe(15 * 60 * 1000);
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("refuses bad input per field and creates nothing", async () => {
    const response = await signInLinkCall(postRequest("/api/auth/sign-in-link", { email: "not-an-email" }));
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors).toEqual({ email: "Please enter a valid email address" });
    expect(await db.prisma.signInToken.count()).toBe(0);
  });

  it("limits links per email (5 per 15 minutes, from any address) and the window reopens", async () => {
    const email = uniqueEmail("limited");
    await startTrial(email);
    for (let i = 0; i < SIGN_IN_PER_EMAIL_LIMIT.capacity; i += 1) expect((await askForLink(email)).status).toBe(202);
    const refused = await askForLink(email.toUpperCase());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(180);
    expect(await db.prisma.signInToken.count({ where: { email } })).toBe(SIGN_IN_PER_EMAIL_LIMIT.capacity);
    // An unknown email is limited the same way (no difference to probe).
    const stranger = uniqueEmail("stranger");
    for (let i = 0; i < SIGN_IN_PER_EMAIL_LIMIT.capacity; i += 1) expect((await askForLink(stranger)).status).toBe(202);
    expect((await askForLink(stranger)).status).toBe(429);
    // Another email is not affected.
    expect((await askForLink(uniqueEmail())).status).toBe(202);

    // A window, not a lockout: the bucket gives one link back every 3 minutes.
    let t = 0;
    const limiter = new RateLimiter(SIGN_IN_PER_EMAIL_LIMIT, { now: () => t });
    for (let i = 0; i < 5; i += 1) expect((await limiter.take("x")).allowed).toBe(true);
    expect((await limiter.take("x")).allowed).toBe(false);
    t += 3 * 60 * 1000;
    expect((await limiter.take("x")).allowed).toBe(true);
    t += 15 * 60 * 1000;
    for (let i = 0; i < 5; i += 1) expect((await limiter.take("x")).allowed).toBe(true);
  });

  it("limits link requests per client address", async () => {
    const ip = newClientIp();
    for (let i = 0; i < SIGN_IN_PER_CLIENT_LIMIT.capacity; i += 1) expect((await askForLink(uniqueEmail("client"), { ip })).status).toBe(202);
    const refused = await askForLink(uniqueEmail("client"), { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await askForLink(uniqueEmail("client"))).status).toBe(202);
  });
});

describe("the verify page's Sign in button (POST /sign-in/verify/confirm)", () => {
  it("signs in once: two simultaneous presses make one session", async () => {
    const email = uniqueEmail("twice");
    await startTrial(email);
    const started = performance.now();
    expect((await askForLink(email)).status).toBe(202);
    const token = await tokenFromMailbox(email);
    expect((await inspectSignInToken(db.prisma, token, new Date())).state).toBe("valid");

    const [a, b] = await Promise.all([confirmCall(confirmRequest(token)), confirmCall(confirmRequest(token))]);
    const elapsed = performance.now() - started;
    console.log(`[timing] sign-in link request -> session (handlers, embedded database): ${elapsed.toFixed(1)} ms`);
    const statuses = [a, b].map((r) => r.status);
    expect(statuses).toEqual([303, 303]);
    const winners = [a, b].filter((r) => cookieFrom(r));
    expect(winners).toHaveLength(1);
    // No callback path given: the sign-in lands on the watchlist.
    expect(winners[0]!.headers.get("location")).toBe("/watchlist");
    const [cookie, hint] = winners[0]!.headers.getSetCookie();
    expect(cookie).toMatch(/^tariffwatch\.session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Expires=/);
    // The readable signed-in hint (no identity, not HttpOnly) expires with the session.
    expect(hint).toMatch(/^tariffwatch\.signed-in=1; Path=\/; SameSite=Lax; Expires=/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint!.split("Expires=")[1]).toBe(cookie!.split("Expires=")[1]);
    const loser = [a, b].find((r) => !cookieFrom(r))!;
    expect(loser.headers.get("location")).toBe(`/sign-in/verify?token=${token}`);

    const subscriber = await db.prisma.subscriber.findUniqueOrThrow({ where: { email } });
    expect(await db.prisma.subscriberSession.count({ where: { subscriberId: subscriber.id } })).toBe(1);
    expect((await db.prisma.signInToken.findFirstOrThrow({ where: { email } })).usedAt).not.toBeNull();

    // A third press (a later click on the used link) without a session: no session, the "already used" page.
    const again = await confirmCall(confirmRequest(token));
    expect(again.status).toBe(303);
    expect(cookieFrom(again)).toBeNull();
    expect(again.headers.get("location")).toBe(`/sign-in/verify?token=${token}`);
    expect((await inspectSignInToken(db.prisma, token, new Date())).state).toBe("used");
    // ...and with the session that link made: straight to the watchlist.
    const withSession = await confirmCall(confirmRequest(token, { cookie: cookieFrom(winners[0]!)! }));
    expect(withSession.headers.get("location")).toBe("/watchlist");
    expect(cookieFrom(withSession)).toBeNull();
    expect(await db.prisma.subscriberSession.count({ where: { subscriberId: subscriber.id } })).toBe(1);
  });

  it("refuses an expired link", async () => {
    const email = uniqueEmail("expired");
    const subscriber = await findOrCreateSubscriber(db.prisma, email, new Date());
    const asked = new Date(Date.now() - 16 * 60 * 1000);
    const result = await requestSignInLink(db.prisma, { email }, { now: asked, siteUrl: SITE, logger: quiet });
    expect(result.sent).toBe(true);
    const token = await tokenFromMailbox(email);
    expect(await inspectSignInToken(db.prisma, token, new Date())).toEqual({ state: "expired", email });

    const response = await confirmCall(confirmRequest(token));
    expect(response.status).toBe(303);
    expect(cookieFrom(response)).toBeNull();
    expect(response.headers.get("location")).toBe(`/sign-in/verify?token=${token}`);
    expect(await db.prisma.subscriberSession.count({ where: { subscriberId: subscriber.id } })).toBe(0);
    expect((await db.prisma.signInToken.findFirstOrThrow({ where: { email } })).usedAt).toBeNull();
  });

  it("refuses a tampered or made-up link", async () => {
    const email = uniqueEmail("tamper");
    await startTrial(email);
    await askForLink(email);
    const token = await tokenFromMailbox(email);
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, "short", "", `${token}x`, "../../etc/passwd"]) {
      expect((await inspectSignInToken(db.prisma, bad, new Date())).state).toBe("invalid");
      const response = await confirmCall(confirmRequest(bad));
      expect(response.status).toBe(303);
      expect(cookieFrom(response)).toBeNull();
    }
    expect(await db.prisma.subscriberSession.count()).toBe(0);
    // The real token still works afterwards.
    expect(cookieFrom(await confirmCall(confirmRequest(token)))).not.toBeNull();
  });

  it("refuses a press from another site (no signing a visitor in to someone else's account)", async () => {
    const email = uniqueEmail("csrf");
    await startTrial(email);
    await askForLink(email);
    const token = await tokenFromMailbox(email);
    const response = await confirmCall(confirmRequest(token, { origin: "https://evil.example" }));
    expect(response.status).toBe(403);
    expect(await db.prisma.subscriberSession.count()).toBe(0);
    expect((await inspectSignInToken(db.prisma, token, new Date())).state).toBe("valid");
  });

  it("goes to the callback path given with the request, same-site paths only", async () => {
    const email = uniqueEmail("callback");
    await startTrial(email);
    await askForLink(email, { callbackPath: "/watchlist?tab=alerts" });
    let response = await confirmCall(confirmRequest(await tokenFromMailbox(email)));
    expect(response.headers.get("location")).toBe("/watchlist?tab=alerts");

    await askForLink(email, { callbackPath: "https://evil.example/phish" });
    response = await confirmCall(confirmRequest(await tokenFromMailbox(email)));
    expect(response.headers.get("location")).toBe("/watchlist");

    for (const bad of ["//evil.example", "/.//evil.example/", "/./\\/evil.example", "/x/..//evil.example", "/\\evil.example", "https://evil.example", "/admin/trial-dashboard", "/api/account", "/sign-in/verify", "javascript:alert(1)"]) {
      expect(safeSubscriberCallback(bad)).toBe("/watchlist");
    }
    expect(safeSubscriberCallback("/account/billing?x=1")).toBe("/account/billing?x=1");
  });
});

describe("sessions", () => {
  it("GET /api/account answers the signed-in subscriber's plan, 401 when signed out", async () => {
    expect((await accountCall(get("/api/account"))).status).toBe(401);
    const email = uniqueEmail("account");
    await startTrial(email);
    const cookie = await signIn(email);
    const response = await accountCall(get("/api/account", cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await readJson(response);
    expect(body).toMatchObject({ email, plan: "free-trial", planName: expect.any(String), status: "trialing", trialDaysLeft: 7, alertsPaused: false });
    const trial = await db.prisma.freeTrial.findUniqueOrThrow({ where: { email } });
    expect(body.trialEndsAt).toBe(trial.endDate.toISOString());
    expect(body.entitlements).toMatchObject({ emailAlerts: true, maxCategories: 3 });
  });

  it("sign-out revokes the session on the server: the old cookie is refused afterwards", async () => {
    const email = uniqueEmail("signout");
    await startTrial(email);
    const cookie = await signIn(email);
    expect((await accountCall(get("/api/account", cookie))).status).toBe(200);

    const out = await signOutCall(new Request("http://localhost/api/auth/sign-out", { method: "POST", headers: { cookie, "x-forwarded-for": newClientIp() } }));
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()).toEqual([
      "tariffwatch.session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
      "tariffwatch.signed-in=; Path=/; SameSite=Lax; Max-Age=0",
    ]);
    const session = await db.prisma.subscriberSession.findFirstOrThrow({ where: { subscriber: { email } } });
    expect(session.revokedAt).not.toBeNull();

    // The copied cookie no longer works anywhere.
    expect((await accountCall(get("/api/account", cookie))).status).toBe(401);
    const again = await signOutCall(new Request("http://localhost/api/auth/sign-out", { method: "POST", headers: { cookie } }));
    expect(again.status).toBe(401);
  });

  it("keeps subscriber and admin sessions apart", async () => {
    const admin = await createAdmin(db.prisma);
    const adminCookie = await adminSessionCookie(admin);
    const email = uniqueEmail("apart");
    await startTrial(email);
    const subscriberCookie = await signIn(email);
    expect(subscriberCookieName(false)).not.toBe(adminCookie.split("=")[0]);

    // A subscriber session is no admin: the admin check, an admin call and the proxy all refuse it.
    expect(await getAdmin(get("/api/admin/newsletters", subscriberCookie))).toBeNull();
    expect((await listNewsletters(adminRequest("/api/admin/newsletters", { cookie: subscriberCookie }))).status).toBe(401);
    const adminPage = await proxy(new NextRequest("http://localhost/admin/trial-dashboard", { headers: { cookie: subscriberCookie } }));
    expect(new URL(adminPage.headers.get("location") ?? "").pathname).toBe("/admin/sign-in");

    // An admin session is no subscriber: /api/account and the proxy refuse it.
    expect((await accountCall(get("/api/account", adminCookie))).status).toBe(401);
    const accountPage = await proxy(new NextRequest("http://localhost/account", { headers: { cookie: adminCookie } }));
    expect(accountPage.status).toBe(307);
    const location = new URL(accountPage.headers.get("location") ?? "");
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("callbackUrl")).toBe("/account");

    // Both at once: each side sees only its own.
    const both = `${adminCookie}; ${subscriberCookie}`;
    expect((await getAdmin(get("/", both)))?.id).toBe(admin.id);
    expect((await readJson(await accountCall(get("/api/account", both)))).email).toBe(email);
  });

  it("proxy: subscriber pages redirect to /sign-in and calls get 401 without the cookie; with it they pass", async () => {
    for (const path of ["/account", "/account/billing", "/watchlist", "/watchlist/new?x=1", "/alerts/mine", "/alerts/mine/7?x=1"]) {
      const response = await proxy(new NextRequest(`http://localhost${path}`));
      expect(response.status).toBe(307);
      const location = new URL(response.headers.get("location") ?? "");
      expect(location.pathname).toBe("/sign-in");
      expect(location.searchParams.get("callbackUrl")).toBe(path);
    }
    for (const path of ["/api/account", "/api/account/preferences", "/api/watchlist", "/api/watchlist/1"]) {
      const response = await proxy(new NextRequest(`http://localhost${path}`));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Sign in to continue." });
    }
    const withCookie = await proxy(new NextRequest("http://localhost/account?tab=1", { headers: { cookie: `tariffwatch.session=${"a".repeat(43)}` } }));
    expect(withCookie.headers.get("x-middleware-next")).toBe("1");
    // The page's own path reaches its layout, for the layout's sign-in redirect (lib/accounts/page-guard.ts).
    expect(withCookie.headers.get(`x-middleware-request-${SUBSCRIBER_PATH_HEADER}`)).toBe("/account?tab=1");
    // Public pages under /alerts stay public.
    const settings = await proxy(new NextRequest("http://localhost/alerts/email-settings?token=x"));
    expect(settings.status).not.toBe(307);
    // The proxy and the session module name the same cookie.
    expect(subscriberCookieNameFor(false)).toBe(subscriberCookieName(false));
    expect(subscriberCookieNameFor(true)).toBe(subscriberCookieName(true));
  });

  it("masks the email on the verify page", () => {
    expect(maskEmail("alex@example.com")).toBe("a***@example.com");
    expect(maskEmail("x@y.co")).toBe("x***@y.co");
  });
});

describe("one subscriber per email", () => {
  it("links the trial, newsletter and e-book signup of one email (any case) to one subscriber", async () => {
    const base = uniqueEmail("mixed");
    const [local, domain] = base.split("@") as [string, string];
    expect((await trialCall(postRequest("/api/free-trial", { firstName: "Mia", lastName: "Cruz", email: `${local.toUpperCase()}@${domain}` }))).status).toBe(201);
    expect((await newsletterCall(postRequest("/api/newsletter", { email: `  ${local}@${domain.toUpperCase()} ` }))).status).toBe(201);
    expect((await ebookSignupCall(postRequest("/api/ebook-email-signup", { name: "Mia", email: `${local[0]!.toUpperCase()}${local.slice(1)}@${domain}` }))).status).toBeLessThan(300);

    const subscribers = await db.prisma.subscriber.findMany({ where: { email: { equals: base, mode: "insensitive" } } });
    expect(subscribers).toHaveLength(1);
    const id = subscribers[0]!.id;
    expect(subscribers[0]!.email).toBe(base);
    expect((await db.prisma.freeTrial.findUniqueOrThrow({ where: { email: base } })).subscriberId).toBe(id);
    expect((await db.prisma.newsletter.findUniqueOrThrow({ where: { email: base } })).subscriberId).toBe(id);
    expect((await db.prisma.ebookSignup.findUniqueOrThrow({ where: { email: base } })).subscriberId).toBe(id);
  });

  it("leaves one row when twenty calls race", async () => {
    const email = uniqueEmail("race");
    const now = new Date();
    const rows = await Promise.all(Array.from({ length: 20 }, (_, i) => findOrCreateSubscriber(db.prisma, i % 2 ? email.toUpperCase() : ` ${email} `, now)));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect(await db.prisma.subscriber.count({ where: { email } })).toBe(1);
  });
});

describe("the demo mailbox /dev/mail", () => {
  it("is on only without an email provider and with demo mode", () => {
    expect(isDemoMailbox({})).toBe(true);
    expect(isDemoMailbox({ RESEND_API_KEY: "re_123" })).toBe(false);
    expect(isDemoMailbox({ EBOOK_DEMO_MODE: "false" })).toBe(false);
    expect(isDemoMailbox({ DATABASE_URL: "postgres://u:p@db.example/tw" })).toBe(false);
    expect(isDemoMailbox({ DATABASE_URL: "postgres://u:p@db.example/tw", EBOOK_DEMO_MODE: "true" })).toBe(true);
  });

  it("answers 404 when RESEND_API_KEY is set", async () => {
    const saved = process.env.RESEND_API_KEY;
    process.env.RESEND_API_KEY = "re_test_0123456789";
    try {
      await expect(DemoMailboxPage()).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_HTTP_ERROR_FALLBACK;404/) });
    } finally {
      if (saved === undefined) delete process.env.RESEND_API_KEY;
      else process.env.RESEND_API_KEY = saved;
    }
  });
});
