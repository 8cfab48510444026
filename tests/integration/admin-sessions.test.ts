import { encode, type JWT } from "next-auth/jwt";
import { GET as listNewsletters } from "@/app/api/admin/newsletters/route";
import { upsertAdmin } from "@/lib/admin-auth/admin-users";
import { sessionCookieName } from "@/lib/admin-auth/config";
import { authOptions, authorizeAdmin } from "@/lib/admin-auth/options";
import { getAdmin } from "@/lib/admin-auth/session";
import { SignInThrottle } from "@/lib/admin-auth/throttle";
import { setupTestDatabase } from "../helpers/test-database";
import { adminRequest, ADMIN_PASSWORD, createAdmin, setTestAuthSecret, TEST_AUTH_SECRET } from "./admin-helpers";

// docs/security.md "Sessions end when they should": admin sign-out ends the session on the server, not only in the browser
// that signed out; a password change ends every session made before it.
setTestAuthSecret();
const db = setupTestDatabase();

/** Signs in as next-auth does: authorize, then the jwt callback, then the encrypted cookie. */
async function signIn(username = "alice", password = ADMIN_PASSWORD): Promise<{ token: JWT; cookie: string }> {
  const user = await authorizeAdmin({ username, password }, { "x-forwarded-for": "198.51.100.9" }, { db: db.prisma, throttle: new SignInThrottle() });
  if (!user) throw new Error("sign-in failed");
  const jwt = authOptions().callbacks!.jwt!;
  const token = (await jwt({ token: {}, user, account: null, trigger: "signIn" } as Parameters<typeof jwt>[0])) as JWT;
  const value = await encode({ token, secret: TEST_AUTH_SECRET });
  return { token, cookie: `${sessionCookieName(false)}=${value}` };
}

async function signOut(token: JWT): Promise<void> {
  await authOptions().events!.signOut!({ token, session: null as never });
}

const call = (cookie: string) => listNewsletters(adminRequest("/api/admin/newsletters", { cookie }));

describe("admin sessions end on the server", () => {
  it("each sign-in gets its own session id", async () => {
    await createAdmin(db.prisma);
    const a = await signIn();
    const b = await signIn();
    expect(typeof a.token.sid).toBe("string");
    expect(a.token.sid).not.toBe(b.token.sid);
  });

  it("a copy of a signed-out session's cookie is refused by the handlers; another session of the admin goes on", async () => {
    await createAdmin(db.prisma);
    const laptop = await signIn();
    const phone = await signIn();
    expect((await call(laptop.cookie)).status).toBe(200);

    await signOut(laptop.token);

    expect((await call(laptop.cookie)).status).toBe(401);
    expect(await getAdmin(new Request("http://localhost/admin", { headers: { cookie: laptop.cookie } }))).toBeNull();
    expect((await call(phone.cookie)).status).toBe(200);
    // Signing out twice is harmless.
    await signOut(laptop.token);
  });

  it("a session token without a session id (made before this change) is refused", async () => {
    const user = await createAdmin(db.prisma);
    const { token } = await signIn();
    const { sid: _sid, ...withoutSid } = token;
    void _sid;
    const cookie = `${sessionCookieName(false)}=${await encode({ token: withoutSid, secret: TEST_AUTH_SECRET })}`;
    expect(user.id).toBeTruthy();
    expect((await call(cookie)).status).toBe(401);
  });

  it("a password change (scripts/admin-create.ts) ends every session made before it", async () => {
    await createAdmin(db.prisma);
    const a = await signIn();
    const b = await signIn();
    await upsertAdmin(db.prisma, { username: "alice", password: "a completely new passphrase" });
    expect((await call(a.cookie)).status).toBe(401);
    expect((await call(b.cookie)).status).toBe(401);
    const fresh = await signIn("alice", "a completely new passphrase");
    expect((await call(fresh.cookie)).status).toBe(200);
  });

  it("revocations are kept only while the session could still be used", async () => {
    await createAdmin(db.prisma);
    const a = await signIn();
    await signOut(a.token);
    const row = await db.prisma.revokedAdminSession.findUniqueOrThrow({ where: { sessionId: String(a.token.sid) } });
    expect(row.expiresAt.getTime() - row.revokedAt.getTime()).toBeLessThanOrEqual(8 * 60 * 60 * 1000 + 61_000);
  });
});
