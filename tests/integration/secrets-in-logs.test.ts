import { POST as startTrialCall } from "@/app/api/free-trial/route";
import { POST as newsletterCall } from "@/app/api/newsletter/route";
import { POST as createEbookOrder } from "@/app/paypal/order/route";
import { createApiKey } from "@/lib/accounts/api-keys";
import { requestSignInLink } from "@/lib/accounts/sign-in";
import { completeEbookPurchaseWith } from "@/lib/ebook/purchase-flow";
import { redactLinks } from "@/lib/email/redact";
import { PayPalClient } from "@/lib/payments/paypal-client";
import { startFakePayPal, type FakePayPal } from "../helpers/fake-paypal";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

// docs/security.md "Secrets stay out of logs": access links, unsubscribe tokens, sign-in links and API keys never
// appear in full in the logs, also when no email provider is configured (status "logged").
const db = setupTestDatabase();
let paypal: FakePayPal;
const SITE = "https://tariffwatch.example";

beforeAll(async () => {
  paypal = await startFakePayPal();
  process.env.PAYPAL_CLIENT_ID = paypal.clientId;
  process.env.PAYPAL_CLIENT_SECRET = paypal.clientSecret;
  process.env.PAYPAL_API_URL = paypal.url;
  process.env.SITE_URL = SITE;
  delete process.env.RESEND_API_KEY;
});
afterAll(() => paypal.close());

type Spy = jest.SpyInstance;
let spies: Spy[] = [];
beforeEach(() => {
  spies = (["log", "info", "warn", "error", "debug"] as const).map((level) => jest.spyOn(console, level).mockImplementation(() => undefined));
});
afterEach(() => spies.forEach((spy) => spy.mockRestore()));

function logged(): string {
  return spies.flatMap((spy) => spy.mock.calls.map((args: unknown[]) => args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "))).join("\n");
}

/** Every query value of every link in the messages kept (the demo mailbox's copy). */
async function tokensInMail(): Promise<string[]> {
  const emails = await db.prisma.sentEmail.findMany();
  const values = new Set<string>();
  for (const email of emails) {
    for (const match of `${email.text}\n${email.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)) {
      const url = new URL(match[0].replace(/&amp;/g, "&"));
      for (const value of url.searchParams.values()) if (value.length >= 16) values.add(value);
    }
  }
  return [...values];
}

describe("secrets in logs", () => {
  it("a trial signup, a sign-in link, an e-book purchase and an API key creation log no full token", async () => {
    expect((await startTrialCall(postRequest("/api/free-trial", { firstName: "Ana", lastName: "Lopez", email: "ana@example.com" }))).status).toBe(201);
    // The newsletter welcome is marketing: it carries the signed unsubscribe link (the trial's welcome is service mail, without one).
    expect((await newsletterCall(postRequest("/api/newsletter", { email: "ana@example.com" }))).status).toBe(201);

    const link = await requestSignInLink(db.prisma, { email: "ana@example.com" }, { now: new Date(), siteUrl: SITE });
    expect(link.sent).toBe(true);

    const order = await readJson(await createEbookOrder(postRequest("/paypal/order", { amount: "4.99", currency: "USD", intent: "CAPTURE", description: "Tariff Survival Guide" })));
    paypal.setCaptureOutcome(String(order.id), "complete", "reader@example.com");
    const deps = {
      db: db.prisma,
      paypal: new PayPalClient({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiUrl: paypal.url }),
      secret: "e".repeat(40),
      siteUrl: SITE,
      supportEmail: "support@tariffwatch.app",
    };
    const outcome = await completeEbookPurchaseWith(deps, String(order.id), { isBuyer: true });
    expect(outcome.status).toBe("completed");

    const subscriber = await db.prisma.subscriber.findFirstOrThrow();
    const created = await createApiKey(db.prisma, subscriber.id, "ci", new Date());

    const tokens = await tokensInMail();
    // The newsletter welcome (unsubscribe link), the sign-in link and the receipt (access link) were logged.
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    const access = new URL(outcome.accessUrl ?? "").searchParams.get("access") ?? "";
    expect(tokens).toContain(access);

    const output = logged();
    expect(output).toMatch(/NOT DELIVERED/); // the messages were logged, redacted
    expect(output).toMatch(/Subject: /);
    for (const token of [...tokens, created.key]) expect(output).not.toContain(token);
    expect(output).not.toContain(encodeURIComponent(access));
  });
});

describe("redactLinks", () => {
  it("keeps a link recognisable and drops its secret parts", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-";
    const text = `Sign in: ${SITE}/account/verify?token=${token}&tab=2\nOr ${SITE}/e/${token}/x.`;
    const out = redactLinks(text);
    expect(out).not.toContain(token);
    expect(out).toContain(`${SITE}/account/verify?token=AbCd…`);
    expect(out).toContain("&tab=2");
    expect(out).toContain(`${SITE}/e/AbCd…/x.`);
    expect(redactLinks("no links here")).toBe("no links here");
  });
});
