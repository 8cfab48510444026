import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import {
  ADMIN_HOME_PATH,
  ADMIN_SESSION_MAX_AGE_SECONDS,
  readSessionToken,
  safeCallbackPath,
  secureCookiesEnabled,
  sessionCookieName,
  toAdminToken,
} from "@/lib/admin-auth/config";

const SECRET = "unit-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";
process.env.NEXTAUTH_SECRET = SECRET;

describe("admin auth configuration", () => {
  it("only returns to protected paths of this site after sign-in", () => {
    expect(safeCallbackPath("/admin/email-resend")).toBe("/admin/email-resend");
    expect(safeCallbackPath("/checkout-test?x=1")).toBe("/checkout-test?x=1");
    for (const bad of [undefined, "", "https://evil.example/admin", "//evil.example/admin", "/.//evil.example/admin/", "/\\evil.example", "/", "/free-trial", "/admin/sign-in", "javascript:alert(1)"]) {
      expect(safeCallbackPath(bad)).toBe(ADMIN_HOME_PATH);
    }
  });

  it("makes the cookie Secure only in production behind https", () => {
    expect(secureCookiesEnabled({ NODE_ENV: "production", SITE_URL: "https://tariffwatch.example" })).toBe(true);
    expect(secureCookiesEnabled({ NODE_ENV: "production", NEXTAUTH_URL: "https://tariffwatch.example", SITE_URL: "http://x" })).toBe(true);
    expect(secureCookiesEnabled({ NODE_ENV: "production" })).toBe(false);
    expect(secureCookiesEnabled({ NODE_ENV: "production", SITE_URL: "http://127.0.0.1:3100" })).toBe(false);
    expect(secureCookiesEnabled({ NODE_ENV: "development", SITE_URL: "https://tariffwatch.example" })).toBe(false);
    expect(sessionCookieName(true)).toBe("__Secure-tariffwatch.admin-session");
    expect(sessionCookieName(false)).toBe("tariffwatch.admin-session");
  });

  it("accepts a token only with every field and within the 8-hour lifetime", () => {
    const now = Date.now();
    const authTime = Math.floor(now / 1000);
    const token = { sub: "id", name: "alice", authTime, pwv: "abc", sid: "s-1" };
    expect(toAdminToken(token, now)).toEqual({ userId: "id", username: "alice", authTime, passwordVersion: "abc", sessionId: "s-1" });
    expect(toAdminToken({ sub: "id", name: "alice", authTime, pwv: "abc" }, now)).toBeNull();
    expect(toAdminToken({ ...token, authTime: authTime - ADMIN_SESSION_MAX_AGE_SECONDS - 1 }, now)).toBeNull();
    expect(toAdminToken({ sub: "id", name: "alice", authTime }, now)).toBeNull();
    expect(toAdminToken(null, now)).toBeNull();
  });

  it("reads the session cookie, and nothing from a forged or foreign cookie", async () => {
    const authTime = Math.floor(Date.now() / 1000);
    const good = await encode({ token: { sub: "id", name: "alice", authTime, pwv: "abc", sid: "s-1" }, secret: SECRET });
    const foreign = await encode({ token: { sub: "id", name: "alice", authTime, pwv: "abc", sid: "s-1" }, secret: "another-secret-0123456789abcdefghijklmnop" });
    const request = (cookie: string) => new NextRequest("http://localhost/api/admin/newsletters", { headers: { cookie } });
    expect(await readSessionToken(request(`${sessionCookieName(false)}=${good}`))).toMatchObject({ username: "alice" });
    expect(await readSessionToken(request(`${sessionCookieName(false)}=${foreign}`))).toBeNull();
    expect(await readSessionToken(request(`${sessionCookieName(false)}=garbage`))).toBeNull();
    expect(await readSessionToken(request(`next-auth.session-token=${good}`))).toBeNull();
  });
});
