import { POST as signInLinkCall } from "@/app/api/auth/sign-in-link/route";
import { POST as trialCall } from "@/app/api/free-trial/route";
import { POST as confirmCall } from "@/app/sign-in/verify/confirm/route";
import { KNOWN_CLIENT_COOKIE, SIGN_IN_PER_EMAIL_LIMIT } from "@/lib/accounts/sign-in";
import { newClientIp, postRequest } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";
import { setTestAuthSecret } from "./admin-helpers";

// docs/security.md "Lockouts cannot be used against us": an attacker who asks for sign-in links for someone's email from many
// addresses cannot stop the owner from getting a link on a browser that signed in before.
setTestAuthSecret();
const db = setupTestDatabase();

beforeAll(() => {
  process.env.SECRETS_FILE = `/tmp/tariffwatch-test-secrets-${process.pid}.json`;
});

function askForLink(email: string, opts: { ip?: string; cookie?: string } = {}) {
  return signInLinkCall(postRequest("/api/auth/sign-in-link", { email }, { ip: opts.ip, headers: opts.cookie ? { cookie: opts.cookie } : {} }));
}

async function latestToken(email: string): Promise<string> {
  const message = await db.prisma.sentEmail.findFirstOrThrow({ where: { recipient: email, template: "sign-in-link" }, orderBy: { createdAt: "desc" } });
  return decodeURIComponent(/\/sign-in\/verify\?token=([A-Za-z0-9_-]+)/.exec(message.text)![1]!);
}

function confirm(token: string, ip: string): Promise<Response> {
  return confirmCall(
    new Request("http://localhost/sign-in/verify/confirm", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", "sec-fetch-site": "same-origin", "x-forwarded-for": ip },
      body: new URLSearchParams({ token }).toString(),
    }),
  );
}

describe("sign-in links under attack", () => {
  it("the owner's browser that signed in before keeps its own allowance while the email's is spent by others", async () => {
    const email = "owner@example.com";
    const ownIp = newClientIp();
    expect((await trialCall(postRequest("/api/free-trial", { firstName: "Owen", lastName: "Ray", email }))).status).toBe(201);

    // The owner signs in once; the browser is remembered for this email.
    expect((await askForLink(email, { ip: ownIp })).status).toBe(202);
    const signedIn = await confirm(await latestToken(email), ownIp);
    expect(signedIn.status).toBe(303);
    const known = signedIn.headers.getSetCookie().find((c) => c.startsWith(`${KNOWN_CLIENT_COOKIE}=`));
    expect(known).toBeDefined();
    expect(known).toMatch(/HttpOnly/);
    expect(known).not.toContain(email); // an HMAC, not the address
    const cookie = known!.split(";")[0]!;

    // An attacker spends the email's allowance from many addresses.
    for (let i = 0; i < SIGN_IN_PER_EMAIL_LIMIT.capacity + 3; i += 1) await askForLink(email);
    expect((await askForLink(email)).status).toBe(429);
    const before = await db.prisma.signInToken.count({ where: { email } });

    // The owner's browser still gets links (its own budget), from its own or a new address.
    expect((await askForLink(email, { ip: ownIp, cookie })).status).toBe(202);
    expect((await askForLink(email, { cookie })).status).toBe(202);
    expect(await db.prisma.signInToken.count({ where: { email } })).toBe(before + 2);

    // The cookie of one email is no pass for another, and a forged one is ignored.
    const other = "other@example.com";
    for (let i = 0; i < SIGN_IN_PER_EMAIL_LIMIT.capacity; i += 1) await askForLink(other);
    expect((await askForLink(other, { cookie })).status).toBe(429);
    expect((await askForLink(email, { cookie: `${KNOWN_CLIENT_COOKIE}=forged` })).status).toBe(429);

    // The owner's own budget is limited too (no mail bomb through a stolen cookie).
    let refused = false;
    for (let i = 0; i < SIGN_IN_PER_EMAIL_LIMIT.capacity + 1 && !refused; i += 1) refused = (await askForLink(email, { cookie })).status === 429;
    expect(refused).toBe(true);
  });
});
