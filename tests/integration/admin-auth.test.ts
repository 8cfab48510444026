import { NextRequest } from "next/server";
import { GET as listNewsletters } from "@/app/api/admin/newsletters/route";
import { POST as resendWelcome } from "@/app/api/admin/resend-welcome-emails/route";
import { POST as sendFollowUp } from "@/app/api/admin/send-trial-followup/route";
import { upsertAdmin } from "@/lib/admin-auth/admin-users";
import { ADMIN_SESSION_MAX_AGE_SECONDS } from "@/lib/admin-auth/config";
import { authorizeAdmin, SignInRefusedError } from "@/lib/admin-auth/options";
import { SignInThrottle } from "@/lib/admin-auth/throttle";
import { proxy } from "@/proxy";
import { setupTestDatabase } from "../helpers/test-database";
import { readJson } from "../helpers/requests";
import { ADMIN_PASSWORD, adminRequest, createAdmin, FORGED_SUBREQUEST_HEADERS, sessionCookie, setTestAuthSecret } from "./admin-helpers";

setTestAuthSecret();
const db = setupTestDatabase();

const followUp = { email: "sam@example.com", firstName: "Sam", lastName: "Lee", emailType: "day2", daysLeft: 5 };

/** Every admin call, as a request factory. */
const CALLS = [
  ["GET /api/admin/newsletters", (o: Parameters<typeof adminRequest>[1]) => listNewsletters(adminRequest("/api/admin/newsletters", o))],
  ["POST /api/admin/resend-welcome-emails", (o: Parameters<typeof adminRequest>[1]) => resendWelcome(adminRequest("/api/admin/resend-welcome-emails", { method: "POST", ...o }))],
  ["POST /api/admin/send-trial-followup", (o: Parameters<typeof adminRequest>[1]) => sendFollowUp(adminRequest("/api/admin/send-trial-followup", { body: followUp, ...o }))],
] as const;

describe("admin sign-in (authorize against the users table)", () => {
  const headers = { "x-forwarded-for": "198.51.100.20" };

  it("signs in with the right password, case-insensitive username, and refuses a wrong one or an unknown user", async () => {
    const user = await createAdmin(db.prisma);
    const throttle = new SignInThrottle();
    expect(await authorizeAdmin({ username: " Alice ", password: ADMIN_PASSWORD }, headers, { db: db.prisma, throttle })).toMatchObject({
      id: user.id,
      name: "alice",
    });
    expect(await authorizeAdmin({ username: "alice", password: "wrong password!!" }, headers, { db: db.prisma, throttle })).toBeNull();
    expect(await authorizeAdmin({ username: "mallory", password: ADMIN_PASSWORD }, headers, { db: db.prisma, throttle })).toBeNull();
    expect(await authorizeAdmin({ username: "alice", password: "" }, headers, { db: db.prisma, throttle })).toBeNull();
    expect(await authorizeAdmin(undefined, headers, { db: db.prisma, throttle })).toBeNull();
  });

  it("slows down after 5 failures for one username from one client, even for the right password", async () => {
    await createAdmin(db.prisma);
    let now = 0;
    const throttle = new SignInThrottle(() => now);
    const deps = { db: db.prisma, throttle };
    for (let i = 0; i < 5; i++) expect(await authorizeAdmin({ username: "alice", password: `wrong guess ${i}` }, headers, deps)).toBeNull();
    await expect(authorizeAdmin({ username: "alice", password: ADMIN_PASSWORD }, headers, deps)).rejects.toThrow(
      new SignInRefusedError("Too many failed sign-in attempts. Please wait 30 seconds before trying again."),
    );
    // Another client is not slowed down by this one's failures.
    expect(await authorizeAdmin({ username: "alice", password: ADMIN_PASSWORD }, { "x-forwarded-for": "198.51.100.99" }, deps)).not.toBeNull();
    now += 30_000;
    expect(await authorizeAdmin({ username: "alice", password: "wrong again!!" }, headers, deps)).toBeNull();
    await expect(authorizeAdmin({ username: "alice", password: ADMIN_PASSWORD }, headers, deps)).rejects.toThrow("wait 60 seconds");
    now += 60_000;
    expect(await authorizeAdmin({ username: "alice", password: ADMIN_PASSWORD }, headers, deps)).not.toBeNull();
  });

  it("throttles unknown usernames the same way (no hint which usernames exist)", async () => {
    const throttle = new SignInThrottle(() => 0);
    for (let i = 0; i < 5; i++) await authorizeAdmin({ username: "ghost", password: "guess number x" }, headers, { db: db.prisma, throttle });
    await expect(authorizeAdmin({ username: "ghost", password: "guess number y" }, headers, { db: db.prisma, throttle })).rejects.toThrow(
      "Too many failed sign-in attempts",
    );
  });
});

describe("admin calls refuse visitors who are not signed in", () => {
  it.each(CALLS)("%s answers 401 {message} without a session", async (_name, call) => {
    const response = await call({});
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ message: "Admin sign-in required." });
  });

  it.each(CALLS)("%s answers 401 with a forged x-middleware-subrequest header", async (_name, call) => {
    for (const headers of FORGED_SUBREQUEST_HEADERS) expect((await call({ headers })).status).toBe(401);
  });

  it.each(CALLS)("%s answers 401 with a garbage, foreign-key, expired or stale session", async (_name, call) => {
    const user = await createAdmin(db.prisma);
    const cookies = [
      "tariffwatch.admin-session=garbage",
      await sessionCookie(user, { secret: "some-other-secret-0123456789abcdefghijklmnopq" }),
      await sessionCookie(user, { authTime: Math.floor(Date.now() / 1000) - ADMIN_SESSION_MAX_AGE_SECONDS - 60 }),
    ];
    for (const cookie of cookies) expect((await call({ cookie })).status).toBe(401);
    // A password reset ends the sessions made before it.
    const before = await sessionCookie(user);
    await upsertAdmin(db.prisma, { username: "alice", password: "a brand new passphrase" });
    expect((await call({ cookie: before })).status).toBe(401);
    // So does deleting the admin.
    const other = await createAdmin(db.prisma, "bob");
    const bobCookie = await sessionCookie(other);
    await db.prisma.user.delete({ where: { id: other.id } });
    expect((await call({ cookie: bobCookie })).status).toBe(401);
  });

  it("lets a signed-in admin through", async () => {
    const cookie = await sessionCookie(await createAdmin(db.prisma));
    const response = await listNewsletters(adminRequest("/api/admin/newsletters", { cookie }));
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ count: 0, subscribers: [] });
  });
});

describe("proxy", () => {
  const visit = (path: string, headers: Record<string, string> = {}) => proxy(new NextRequest(`http://localhost${path}`, { headers }));

  it("sends visitors of admin pages and the diagnostic checkouts to sign-in, coming back afterwards", async () => {
    for (const path of ["/admin/email-resend", "/admin/trial-dashboard", "/admin", "/checkout-test", "/checkout-debug"]) {
      const response = await visit(path);
      expect(response.status).toBe(307);
      const location = new URL(response.headers.get("location") ?? "");
      expect(location.pathname).toBe("/admin/sign-in");
      expect(location.searchParams.get("callbackUrl")).toBe(path);
    }
  });

  it("answers admin calls with 401, forged subrequest header or not, and lets the sign-in page through", async () => {
    for (const headers of [{}, ...FORGED_SUBREQUEST_HEADERS]) {
      const response = await visit("/api/admin/newsletters", headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Admin sign-in required." });
    }
    expect((await visit("/admin/sign-in")).headers.get("x-middleware-next")).toBe("1");
  });

  it("lets a valid session through", async () => {
    const cookie = await sessionCookie(await createAdmin(db.prisma));
    expect((await visit("/admin/email-resend", { cookie })).headers.get("x-middleware-next")).toBe("1");
  });
});
