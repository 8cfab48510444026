import { POST as createPaymentIntent } from "@/app/api/create-payment-intent/route";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";
import { createAdmin, sessionCookie, setTestAuthSecret } from "./admin-helpers";

/**
 * POST /api/create-payment-intent on a server WITHOUT card keys (docs/billing.md "Card payments"): the
 * request is judged before the provider configuration, so a bad one is 400 (not 503), and
 * the test payment's admin check comes before it too.
 */
setTestAuthSecret();
const db = setupTestDatabase();

beforeAll(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
});

const create = (body: unknown, headers: Record<string, string> = {}) => createPaymentIntent(postRequest("/api/create-payment-intent", body, { headers }));

describe("POST /api/create-payment-intent with card payments off", () => {
  it.each([
    ["a tampered amount", { amount: 1, plan: "consumer", email: "t@example.com" }, "amount"],
    ["an unknown plan", { amount: 10, plan: "platinum", email: "t@example.com" }, "plan"],
    ["a bad email", { amount: 10, plan: "consumer", email: "not-an-email" }, "email"],
    ["the test payment at the Consumer price", { amount: 10, plan: "test", email: "t@example.com" }, "amount"],
  ])("refuses %s with 400, not 503", async (_name, body, field) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(Object.keys((await readJson(response)).errors as object)).toContain(field);
  });

  it("a good request reaches the configuration check (503)", async () => {
    expect((await create({ amount: 10, plan: "consumer", email: "t@example.com" })).status).toBe(503);
  });

  it("the test payment: 401 signed out, 403 for a subscriber, an admin reaches the configuration check", async () => {
    expect((await create({ amount: 1, plan: "test", email: "qa@example.com" })).status).toBe(401);
    const subscriber = await findOrCreateSubscriber(db.prisma, "member@example.com", new Date());
    const { token } = await createSession(db.prisma, subscriber.id, new Date());
    expect((await create({ amount: 1, plan: "test", email: "qa@example.com" }, { cookie: `${subscriberCookieName()}=${token}` })).status).toBe(403);
    const cookie = await sessionCookie(await createAdmin(db.prisma));
    expect((await create({ amount: 1, plan: "test", email: "qa@example.com" }, { cookie })).status).toBe(503);
  });
});
