import { POST as signInLinkCall } from "@/app/api/auth/sign-in-link/route";
import { POST as trialCall } from "@/app/api/free-trial/route";
import { POST as newsletterCall } from "@/app/api/newsletter/route";
import { SIGN_IN_LINK_MESSAGE } from "@/lib/accounts/sign-in";
import { newClientIp, postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * A way back for returning people (docs/accounts.md): a second trial for an email answers
 * 409 saying the email has an account, sends nothing by itself, and the sign-in link the
 * form then asks for reaches that email. The newsletter's success answer speaks to the
 * visitor whatever the email configuration.
 */
const db = setupTestDatabase();

beforeAll(() => {
  process.env.SECRETS_FILE = `/tmp/tariffwatch-test-secrets-${process.pid}.json`;
});

const person = { firstName: "Robin", lastName: "Park", email: "Robin.Park@Example.com" };

describe("a second free trial for an email", () => {
  it("answers 409 naming the account, keeps the field message, and sends no mail by itself", async () => {
    expect((await trialCall(postRequest("/api/free-trial", person))).status).toBe(201);
    const again = await trialCall(postRequest("/api/free-trial", { ...person, firstName: "Rob" }));
    expect(again.status).toBe(409);
    const body = await readJson(again);
    expect(body.message).toMatch(/^You already have a TariffWatch account with this email/);
    expect(body.errors).toEqual({ email: "A free trial already exists for this email." });
    // Nothing beyond what the 409 always told: no trial data, no account data.
    expect(Object.keys(body).sort()).toEqual(["errors", "message"]);
    expect(await db.prisma.sentEmail.count({ where: { template: "sign-in-link" } })).toBe(0);
    expect(await db.prisma.signInToken.count()).toBe(0);
  });

  it("the sign-in link the notice asks for goes to that email, through the usual 202", async () => {
    const ip = newClientIp();
    expect((await trialCall(postRequest("/api/free-trial", person, { ip }))).status).toBe(201);
    expect((await trialCall(postRequest("/api/free-trial", person, { ip }))).status).toBe(409);

    const link = await signInLinkCall(postRequest("/api/auth/sign-in-link", { email: person.email }, { ip }));
    expect(link.status).toBe(202);
    expect(await readJson(link)).toEqual({ message: SIGN_IN_LINK_MESSAGE });
    const mail = await db.prisma.sentEmail.findFirstOrThrow({ where: { template: "sign-in-link" } });
    expect(mail.recipient).toBe("robin.park@example.com");
    expect(mail.text).toMatch(/\/sign-in\/verify\?token=[A-Za-z0-9_-]{43}/);
  });
});

describe("POST /api/newsletter success answer", () => {
  it("tells the visitor to check their inbox, while the outbox keeps the undelivered message as logged", async () => {
    const response = await newsletterCall(postRequest("/api/newsletter", { email: "reader@example.com" }));
    expect(response.status).toBe(201);
    const { message } = await readJson(response);
    expect(message).toBe("You're subscribed! Check your inbox for the welcome email.");
    expect(String(message)).not.toMatch(/server|set up|configured|RESEND/i);
    const email = await db.prisma.sentEmail.findFirstOrThrow({ where: { template: "newsletter-welcome" } });
    expect(email.status).toBe("logged");
  });
});
