import { renderToStaticMarkup } from "react-dom/server";
import { POST as unsubscribeRoute } from "@/app/api/unsubscribe/route";
import UnsubscribePage from "@/app/unsubscribe/page";
import { createResendTransport, type EmailTransport } from "@/lib/email/transport";
import { createUnsubscribeToken } from "@/lib/email/unsubscribe";
import { subscribe } from "@/lib/newsletter/subscribers";
import { getSecret } from "@/lib/secrets";
import { startTrial } from "@/lib/trials/trials";
import { startFakeResend, type FakeResend } from "../helpers/fake-resend";
import { queueAndDeliver } from "../helpers/outbox";
import { giveMarketingConsent } from "../helpers/consent";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();

const SITE = "https://tariffwatch.example";
const quiet = { info: () => undefined, warn: () => undefined };

let resend: FakeResend;
let transport: EmailTransport;
let secret: string;

beforeAll(async () => {
  resend = await startFakeResend();
  transport = createResendTransport({ apiKey: resend.apiKey, baseUrl: resend.url, requestsPerSecond: 0 });
  // The same secret the route and the page use (UNSUBSCRIBE_SECRET or the generated local one).
  secret = getSecret("unsubscribe");
});
afterAll(async () => {
  await resend.close();
});
beforeEach(async () => {
  resend.delivered.length = 0;
  resend.requests.length = 0;
  // The newsletter readers here signed up for it: marketing email is on for them (docs/email.md, "Consent").
  await giveMarketingConsent(db.prisma, ["reader@example.com", "page@example.com", "back@example.com"]);
});

const deps = () => ({ transport, unsubscribeSecret: secret, logger: quiet });

async function sendWelcome(to: string, key: string) {
  return queueAndDeliver(db.prisma, { to, template: "newsletter-welcome", props: { siteUrl: SITE }, idempotencyKey: key }, deps());
}

function oneClick(url: string, init: { body?: BodyInit; contentType?: string; headers?: Record<string, string> } = {}): Request {
  return new Request(url.replace(SITE, "http://localhost"), {
    method: "POST",
    headers: { "content-type": init.contentType ?? "application/x-www-form-urlencoded", ...init.headers },
    body: init.body ?? "List-Unsubscribe=One-Click",
  });
}

async function renderPage(token: string | undefined): Promise<string> {
  const element = await UnsubscribePage({ searchParams: Promise.resolve(token === undefined ? {} : { token }) });
  return renderToStaticMarkup(element);
}

describe("one-click unsubscribe (RFC 8058) from a real email", () => {
  it("works from the List-Unsubscribe header: suppresses marketing mail and removes the newsletter subscription", async () => {
    await db.prisma.newsletter.create({ data: { email: "reader@example.com" } });
    const sent = await sendWelcome("reader@example.com", "welcome:1");
    expect(sent.email).toMatchObject({ status: "sent", error: null });
    const header = resend.delivered[0]?.headers["List-Unsubscribe"] ?? "";
    const oneClickUrl = /^<(.+)>$/.exec(header)?.[1];
    expect(oneClickUrl).toMatch(/^https:\/\/tariffwatch\.example\/api\/unsubscribe\?token=/);

    const response = await unsubscribeRoute(oneClick(oneClickUrl!));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "You have been unsubscribed from TariffWatch marketing email." });
    expect(await db.prisma.emailSuppression.findUnique({ where: { email: "reader@example.com" } })).toMatchObject({ reason: "one-click" });
    expect(await db.prisma.newsletter.count()).toBe(0);

    // Doing it again is harmless.
    expect((await unsubscribeRoute(oneClick(oneClickUrl!))).status).toBe(200);
    expect(await db.prisma.emailSuppression.count()).toBe(1);

    // Marketing mail stops; receipts still go out.
    const after = await sendWelcome("reader@example.com", "welcome:2");
    expect(after.email.status).toBe("suppressed");
    const receipt = await queueAndDeliver(
      db.prisma,
      {
        to: "reader@example.com",
        template: "ebook-receipt",
        props: { name: "R", amount: "$4.99", accessUrl: `${SITE}/tariffs-ebook?access=x`, orderId: "O-1", supportEmail: "support@tariffwatch.app", siteUrl: SITE },
        idempotencyKey: "receipt:1",
      },
      deps(),
    );
    expect(receipt.email.status).toBe("sent");
    expect(resend.delivered).toHaveLength(2);
  });

  it("accepts a multipart body, as some mailbox providers send it", async () => {
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const token = createUnsubscribeToken("multi@example.com", secret);
    const response = await unsubscribeRoute(new Request(`http://localhost/api/unsubscribe?token=${token}`, { method: "POST", body: form }));
    expect(response.status).toBe(200);
    expect(await db.prisma.emailSuppression.count({ where: { email: "multi@example.com" } })).toBe(1);
  });

  it.each([
    ["no token", "", "List-Unsubscribe=One-Click", "token"],
    ["a forged token", `?token=${Buffer.from("victim@example.com").toString("base64url")}.AAAA`, "List-Unsubscribe=One-Click", "token"],
    ["a token signed with another secret", `?token=${createUnsubscribeToken("victim@example.com", "x".repeat(40))}`, "List-Unsubscribe=One-Click", "token"],
  ])("refuses %s with 400 and a message for the field", async (_name, query, body, field) => {
    const response = await unsubscribeRoute(new Request(`http://localhost/api/unsubscribe${query}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }));
    expect(response.status).toBe(400);
    const json = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(json.errors[field]).toEqual(expect.any(String));
    expect(await db.prisma.emailSuppression.count()).toBe(0);
  });

  it.each([
    ["an empty body", ""],
    ["another value", "List-Unsubscribe=Yes"],
    ["a JSON body", JSON.stringify({ "List-Unsubscribe": "One-Click" })],
  ])("refuses %s with 400: the one-click body is required", async (_name, body) => {
    const token = createUnsubscribeToken("reader@example.com", secret);
    const response = await unsubscribeRoute(oneClick(`http://localhost/api/unsubscribe?token=${token}`, { body }));
    expect(response.status).toBe(400);
    const json = (await response.json()) as { errors: Record<string, string> };
    expect(json.errors["List-Unsubscribe"]).toContain("List-Unsubscribe=One-Click");
    expect(await db.prisma.emailSuppression.count()).toBe(0);
  });
});

describe("the /unsubscribe page", () => {
  it("shows a confirm button for the email's link, and one click on it unsubscribes", async () => {
    await db.prisma.newsletter.create({ data: { email: "page@example.com" } });
    await sendWelcome("page@example.com", "welcome:page");
    const pageUrl = /href="(https:\/\/tariffwatch\.example\/unsubscribe\?token=[^"]+)"/.exec(resend.delivered[0]?.html ?? "")?.[1];
    expect(pageUrl).toBeDefined();
    const token = new URL(pageUrl!.replace(/&amp;/g, "&")).searchParams.get("token")!;

    // Opening the page changes nothing (link scanners open links too).
    const before = await renderPage(token);
    expect(before).toContain("Unsubscribe from TariffWatch email");
    expect(before).toContain("page@example.com");
    expect(before).toContain(`action="/api/unsubscribe?token=${encodeURIComponent(token)}"`);
    expect(before).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(await db.prisma.emailSuppression.count()).toBe(0);

    // The button posts the form as a browser does; the answer sends the browser back to the page.
    const response = await unsubscribeRoute(
      oneClick(`http://localhost/api/unsubscribe?token=${encodeURIComponent(token)}`, {
        headers: { accept: "text/html,application/xhtml+xml", "sec-fetch-mode": "navigate" },
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await db.prisma.emailSuppression.findUnique({ where: { email: "page@example.com" } })).toMatchObject({ reason: "unsubscribe-page" });
    expect(await db.prisma.newsletter.count()).toBe(0);

    const after = await renderPage(token);
    expect(after).toContain("You are unsubscribed");
    expect(after).not.toContain("<form");
  });

  it("says so when the link is missing or broken", async () => {
    for (const token of [undefined, "garbage", createUnsubscribeToken("a@example.com", "y".repeat(40))]) {
      const html = await renderPage(token);
      expect(html).toContain("This unsubscribe link is not valid");
      expect(html).not.toContain("<form");
    }
  });
});

describe("a new signup after an unsubscribe", () => {
  it("lifts the suppression: subscribing again gets the welcome email", async () => {
    const token = createUnsubscribeToken("back@example.com", secret);
    await db.prisma.newsletter.create({ data: { email: "back@example.com" } });
    expect((await unsubscribeRoute(oneClick(`http://localhost/api/unsubscribe?token=${token}`))).status).toBe(200);

    const result = await subscribe(db.prisma, { email: "back@example.com" }, { siteUrl: SITE, logger: quiet });
    expect(result.status).toBe("subscribed");
    expect(await db.prisma.emailSuppression.count()).toBe(0);
    const welcome = await db.prisma.sentEmail.findFirstOrThrow({ where: { recipient: "back@example.com", template: "newsletter-welcome" } });
    expect(welcome.status).toBe("logged"); // no RESEND_API_KEY in this process: recorded, not suppressed
  });

  it("lifts it when a free trial is started with the news-and-offers box ticked, not without", async () => {
    await db.prisma.emailSuppression.create({ data: { email: "trial@example.com", reason: "one-click" } });
    await startTrial(db.prisma, { email: "trial@example.com", firstName: "Tia", lastName: "Lee" }, { now: new Date(), siteUrl: SITE, logger: quiet });
    // Asking for a trial is not asking for marketing (docs/email.md, "Consent"): the unsubscribe stands.
    expect(await db.prisma.emailSuppression.count()).toBe(1);
    // The trial's welcome is service mail: it is recorded (logged: no RESEND_API_KEY here), not suppressed.
    expect(await db.prisma.sentEmail.findFirstOrThrow({ where: { template: "trial-welcome" } })).toMatchObject({ status: "logged" });

    await db.prisma.emailSuppression.create({ data: { email: "trial2@example.com", reason: "one-click" } });
    await startTrial(db.prisma, { email: "trial2@example.com", firstName: "Tia", lastName: "Lee", marketingOptIn: true }, { now: new Date(), siteUrl: SITE, logger: quiet });
    expect(await db.prisma.emailSuppression.count({ where: { email: "trial2@example.com" } })).toBe(0);
  });
});
