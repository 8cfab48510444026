import { POST as deleteAccount } from "@/app/api/account/delete/route";
import { POST as sendFollowUp } from "@/app/api/admin/send-trial-followup/route";
import { POST as resendWelcome } from "@/app/api/admin/resend-welcome-emails/route";
import { POST as createEvent } from "@/app/api/admin/tariffs/events/route";
import { POST as signOut } from "@/app/api/auth/sign-out/route";
import { POST as addWatch } from "@/app/api/watchlist/route";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { getEnv } from "@/lib/env";
import { newClientIp } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";
import { createAdmin, sessionCookie, setTestAuthSecret } from "./admin-helpers";

/**
 * docs/security.md "State changes come from our own pages": state changes come from our own pages. A form posted from another site
 * (text/plain, the one body type a cross-site form can send as "JSON"), or any request
 * whose Origin is another site or that the browser marks Sec-Fetch-Site: cross-site, gets
 * 403 and changes nothing, even with the visitor's cookies.
 */
setTestAuthSecret();
const db = setupTestDatabase();

const EVIL = "https://evil.example";

function request(path: string, cookie: string, init: { body?: string; type?: string; origin?: string | null; fetchSite?: string; forwardedHost?: string } = {}): Request {
  const headers: Record<string, string> = { cookie, "x-forwarded-for": newClientIp() };
  if (init.type) headers["content-type"] = init.type;
  if (init.forwardedHost) headers["x-forwarded-host"] = init.forwardedHost;
  if (init.origin) headers.origin = init.origin;
  if (init.fetchSite) headers["sec-fetch-site"] = init.fetchSite;
  return new Request(`http://localhost${path}`, { method: "POST", headers, body: init.body });
}

async function subscriber() {
  const s = await findOrCreateSubscriber(db.prisma, `victim-${Math.random().toString(36).slice(2)}@example.com`, new Date());
  const { token } = await createSession(db.prisma, s.id, new Date());
  return { id: s.id, cookie: `${subscriberCookieName()}=${token}` };
}

describe("cross-site state changes are refused (403) and change nothing", () => {
  it("a text/plain form from another site cannot delete the account, add a watch or sign out", async () => {
    const victim = await subscriber();
    // What <form enctype="text/plain" action=".../api/account/delete"> with one field named
    // {"confirm":"DELETE","x":" sends from another site.
    const formBody = '{"confirm":"DELETE","x":"=1"}';
    const cases = [
      ["/api/account/delete", deleteAccount],
      ["/api/watchlist", addWatch],
      ["/api/auth/sign-out", signOut],
    ] as const;
    for (const [path, handler] of cases) {
      for (const headers of [{ origin: EVIL }, { origin: EVIL, fetchSite: "cross-site" }, { fetchSite: "cross-site" }, { origin: "null" }]) {
        const response = await handler(request(path, victim.cookie, { body: formBody, type: "text/plain", ...headers }));
        expect([path, response.status]).toEqual([path, 403]);
        expect(((await response.json()) as { message: string }).message).toMatch(/own pages/);
      }
    }
    expect(await db.prisma.subscriber.findUnique({ where: { id: victim.id } })).not.toBeNull();
    expect(await db.prisma.watch.count()).toBe(0);
    expect(await db.prisma.subscriberSession.count({ where: { subscriberId: victim.id, revokedAt: null } })).toBe(1);
  });

  it("the same calls from our own pages (Origin = the site, or no Origin outside a browser) go through", async () => {
    const me = await subscriber();
    const site = new URL(getEnv().SITE_URL).origin;
    const own = await deleteAccount(request("/api/account/delete", me.cookie, { body: '{"confirm":"DELETE"}', type: "application/json", origin: site, fetchSite: "same-origin" }));
    expect(own.status).toBe(200);
    const other = await subscriber();
    const sameHost = await signOut(request("/api/auth/sign-out", other.cookie, { origin: "http://localhost" }));
    expect(sameHost.status).toBe(200);
    // JSON routes still refuse a text/plain body from our own pages (415).
    const third = await subscriber();
    const plain = await addWatch(request("/api/watchlist", third.cookie, { body: '{"categoryId":"x"}', type: "text/plain" }));
    expect(plain.status).toBe(415);
  });

  it("admin mutations (route frame and legacy handlers) refuse another site's Origin", async () => {
    const admin = await createAdmin(db.prisma);
    const cookie = await sessionCookie(admin);
    // The last-day notice (service mail): Sam has not turned marketing email on, so a day 2 tip would be refused (409) for that reason.
    const followUp = JSON.stringify({ email: "sam@example.com", firstName: "Sam", lastName: "Lee", emailType: "day7", daysLeft: 5 });
    for (const [handler, path, body] of [
      [sendFollowUp, "/api/admin/send-trial-followup", followUp],
      [resendWelcome, "/api/admin/resend-welcome-emails", ""],
      [createEvent, "/api/admin/tariffs/events", "{}"],
    ] as const) {
      const response = await handler(request(path, cookie, { body: body || undefined, type: "text/plain", origin: EVIL }));
      expect([path, response.status]).toEqual([path, 403]);
    }
    expect(await db.prisma.sentEmail.count()).toBe(0);
    expect(await db.prisma.tariffAuditLog.count()).toBe(0);
    const own = await sendFollowUp(request("/api/admin/send-trial-followup", cookie, { body: followUp, type: "application/json", origin: "http://localhost" }));
    expect(own.status).toBe(200);
  });

  it("a client-sent X-Forwarded-Host does not make another site's Origin our own; a configured proxy's does", async () => {
    const victim = await subscriber();
    const forged = await signOut(request("/api/auth/sign-out", victim.cookie, { origin: EVIL, forwardedHost: "evil.example" }));
    expect(forged.status).toBe(403);
    expect(await db.prisma.subscriberSession.count({ where: { subscriberId: victim.id, revokedAt: null } })).toBe(1);

    // Behind a proxy of ours (TRUSTED_PROXY_HOPS), the host it forwards is the site as reached.
    process.env.TRUSTED_PROXY_HOPS = "1";
    try {
      const proxied = await signOut(request("/api/auth/sign-out", victim.cookie, { origin: "https://www.tariffwatch.example", forwardedHost: "www.tariffwatch.example" }));
      expect(proxied.status).toBe(200);
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS;
    }
  });
});
