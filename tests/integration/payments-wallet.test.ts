import { POST as capture } from "@/app/api/paypal/order/[orderId]/capture/route";
import { POST as createOrder } from "@/app/api/paypal/order/route";
import { GET as setup } from "@/app/api/paypal/setup/route";
import { POST as sendConfirmation } from "@/app/api/send-payment-confirmation/route";
import { startFakePayPal, type FakePayPal } from "../helpers/fake-paypal";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
let paypal: FakePayPal;

beforeAll(async () => {
  paypal = await startFakePayPal();
  process.env.PAYPAL_CLIENT_ID = paypal.clientId;
  process.env.PAYPAL_CLIENT_SECRET = paypal.clientSecret;
  process.env.PAYPAL_ENV = "sandbox";
  process.env.PAYPAL_API_URL = paypal.url;
});
afterAll(() => paypal.close());

const order = (body: unknown) => createOrder(postRequest("/api/paypal/order", body));
const captureOrder = (orderId: string, cookie?: string) =>
  capture(new Request(`http://localhost/api/paypal/order/${orderId}/capture`, { method: "POST", headers: cookie ? { cookie } : {} }), { params: Promise.resolve({ orderId }) });
/** The buyer cookie an order answer set, as the browser sends it back. */
const cookieOf = (response: Response) => (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

describe("PayPal wallet", () => {
  it("GET /api/paypal/setup returns a client token", async () => {
    const response = await setup();
    expect(response.status).toBe(200);
    expect((await readJson(response)).clientToken).toMatch(/^ct_/);
  });

  it.each([
    [10, "consumer", "10.00"],
    ["35.00", "professional", "35.00"],
    ["4.99", "ebook", "4.99"],
  ])("creates an order for %p priced from the catalog (%s)", async (amount, itemId, value) => {
    const response = await order({ amount, currency: "USD", intent: "CAPTURE" });
    expect(response.status).toBe(201);
    const { id } = await readJson(response);
    const stored = paypal.orders.get(String(id));
    expect(stored).toMatchObject({ amount: { currency_code: "USD", value }, customId: itemId });
  });

  it.each([
    ["an amount that is not a catalog price", { amount: 11, currency: "USD", intent: "CAPTURE" }],
    ["a sub-cent amount", { amount: "10.001", currency: "USD", intent: "CAPTURE" }],
    ["a negative amount", { amount: -10, currency: "USD", intent: "CAPTURE" }],
    ["another currency", { amount: 10, currency: "EUR", intent: "CAPTURE" }],
    ["another intent", { amount: 10, currency: "USD", intent: "AUTHORIZE" }],
  ])("refuses %s with 400 and creates no order", async (_name, body) => {
    const before = paypal.orders.size;
    const response = await order(body);
    expect(response.status).toBe(400);
    expect(typeof (await readJson(response)).error).toBe("string");
    expect(paypal.orders.size).toBe(before);
  });

  it("caches the OAuth token across calls and sends a PayPal-Request-Id on create and capture", async () => {
    const tokensBefore = paypal.tokenRequests();
    const { id } = await readJson(await order({ amount: 10, currency: "USD", intent: "CAPTURE" }));
    await order({ amount: 35, currency: "USD", intent: "CAPTURE" });
    paypal.approve(String(id));
    await captureOrder(String(id));
    expect(paypal.tokenRequests() - tokensBefore).toBeLessThanOrEqual(1);
    const writes = paypal.requests.filter((r) => r.method === "POST" && r.path.startsWith("/v2/checkout/orders"));
    for (const r of writes) expect(typeof r.headers["paypal-request-id"]).toBe("string");
  });

  it("captures once: a repeated capture returns the same result and records one payment", async () => {
    const { id } = await readJson(await order({ amount: 10, currency: "USD", intent: "CAPTURE" }));
    paypal.setCaptureOutcome(String(id), "complete", "Wallet.Buyer@example.com");
    const first = await captureOrder(String(id));
    expect(first.status).toBe(200);
    const body = await readJson(first);
    expect(body).toMatchObject({ status: "COMPLETED", id });
    const second = await readJson(await captureOrder(String(id)));
    expect(second).toEqual(body);
    const payments = await db.prisma.payment.findMany();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: "paypal", providerOrderId: id, itemId: "consumer", amountCents: 1000, status: "succeeded", email: "wallet.buyer@example.com" });
  });

  it("a declined capture is a failure the page can show, and records nothing as paid", async () => {
    const { id } = await readJson(await order({ amount: 10, currency: "USD", intent: "CAPTURE" }));
    paypal.setCaptureOutcome(String(id), "decline");
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await captureOrder(String(id));
    spy.mockRestore();
    expect(response.status).toBe(400);
    expect(String((await readJson(response)).error)).toMatch(/declined/);
    expect(await db.prisma.payment.count({ where: { status: "succeeded" } })).toBe(0);
  });

  it("a pending capture is reported as PENDING, not as completed", async () => {
    const { id } = await readJson(await order({ amount: 35, currency: "USD", intent: "CAPTURE" }));
    paypal.setCaptureOutcome(String(id), "pending");
    const body = await readJson(await captureOrder(String(id)));
    expect(body.status).toBe("PENDING");
    expect(await db.prisma.payment.findFirstOrThrow()).toMatchObject({ status: "pending", itemId: "professional" });
  });

  it("refuses a malformed order id with 400", async () => {
    expect((await captureOrder("../../etc")).status).toBe(400);
  });

  it("the confirmation after a capture goes out once, by order id, with the captured amount", async () => {
    const { id } = await readJson(await order({ amount: 10, currency: "USD", intent: "CAPTURE" }));
    paypal.approve(String(id));
    await captureOrder(String(id));
    const call = () => sendConfirmation(postRequest("/api/send-payment-confirmation", { paymentId: id, amount: "19", currency: "USD", method: "PayPal" }));
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const emails = await db.prisma.sentEmail.findMany();
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe("Payment received: Consumer Plan ($10.00)");
  });

  it("records every order it creates: item, amount, currency, buyer email", async () => {
    const { id } = await readJson(await order({ amount: "35.00", currency: "USD", intent: "CAPTURE", email: "Pro.Buyer@example.com" }));
    expect(await db.prisma.payPalOrder.findUniqueOrThrow({ where: { id: String(id) } })).toMatchObject({ itemId: "professional", amountCents: 3500, currency: "USD", email: "pro.buyer@example.com", status: "created" });
  });

  it("an order the buyer did not approve is not captured (the fake answers ORDER_NOT_APPROVED, like PayPal)", async () => {
    const { id } = await readJson(await order({ amount: 10, currency: "USD", intent: "CAPTURE" }));
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await captureOrder(String(id));
    spy.mockRestore();
    expect(response.status).toBe(400);
    expect(await db.prisma.payment.count()).toBe(0);
  });

  it("a 1-cent order labelled 'ebook' made straight at PayPal is never captured through our route and unlocks nothing", async () => {
    const cheap = paypal.createOrderDirectly({ currency_code: "USD", value: "0.01" }, "ebook");
    paypal.approve(cheap);
    const response = await captureOrder(cheap);
    expect(response.status).toBe(404);
    expect(paypal.orders.get(cheap)?.status).toBe("APPROVED"); // never captured
    expect(await db.prisma.payment.count()).toBe(0);
    expect(await db.prisma.ebookPurchase.count()).toBe(0);
  });

  it("a capture whose amount differs from the recorded order grants nothing and is recorded as a mismatch", async () => {
    const { id } = await readJson(await order({ amount: 10, currency: "USD", intent: "CAPTURE" }));
    // PayPal captured something else than we asked for (e.g. the order was changed at PayPal).
    const stored = paypal.orders.get(String(id));
    if (stored) stored.amount = { currency_code: "USD", value: "0.01" };
    paypal.approve(String(id));
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const body = await readJson(await captureOrder(String(id)));
    spy.mockRestore();
    expect(body).toMatchObject({ status: "AMOUNT_MISMATCH", granted: false });
    expect(await db.prisma.payment.findFirstOrThrow()).toMatchObject({ status: "failed", amountCents: 1 });
    expect(await db.prisma.payPalOrder.findUniqueOrThrow({ where: { id: String(id) } })).toMatchObject({ status: "mismatch" });
  });

  it("shows the payer's email only to the browser that created the order", async () => {
    const created = await order({ amount: 10, currency: "USD", intent: "CAPTURE" });
    const setCookie = created.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^tw_paypal_buyer=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=3600/);
    const { id } = await readJson(created);
    paypal.setCaptureOutcome(String(id), "complete", "payer@example.com");
    const stranger = await readJson(await captureOrder(String(id)));
    expect(stranger.email).toBeUndefined();
    const buyer = await readJson(await captureOrder(String(id), cookieOf(created)));
    expect(buyer).toMatchObject({ status: "COMPLETED", granted: true, email: "payer@example.com" });
    // A forged cookie is no cookie.
    const forged = await readJson(await captureOrder(String(id), `tw_paypal_buyer=${String(id)}.9999999999.AAAA`));
    expect(forged.email).toBeUndefined();
  });

  it("validates before configuration: a bad amount or email is 400 even with PayPal off", async () => {
    const saved = { id: process.env.PAYPAL_CLIENT_ID, secret: process.env.PAYPAL_CLIENT_SECRET };
    delete process.env.PAYPAL_CLIENT_ID;
    delete process.env.PAYPAL_CLIENT_SECRET;
    try {
      await jest.isolateModulesAsync(async () => {
        const { POST: createOff } = await import("@/app/api/paypal/order/route");
        const { POST: ebookOff } = await import("@/app/paypal/order/route");
        expect((await createOff(postRequest("/api/paypal/order", { amount: 11, currency: "USD", intent: "CAPTURE" }))).status).toBe(400);
        expect((await createOff(postRequest("/api/paypal/order", { amount: 10, currency: "USD", intent: "CAPTURE", email: "not-an-email" }))).status).toBe(400);
        expect((await ebookOff(postRequest("/paypal/order", { amount: "0.01", currency: "USD", intent: "CAPTURE" }))).status).toBe(400);
        // A catalog amount with a plan that names nothing we sell, or is not text, or names another price.
        for (const plan of ["enterprise", 7, null, ["consumer"], "professional"]) {
          const refused = await createOff(postRequest("/api/paypal/order", { amount: 10, currency: "USD", intent: "CAPTURE", plan }));
          expect([plan, refused.status]).toEqual([plan, 400]);
        }
        expect((await createOff(postRequest("/api/paypal/order", { amount: 10, currency: "USD", intent: "CAPTURE", plan: "consumer" }))).status).toBe(503);
        expect((await createOff(postRequest("/api/paypal/order", { amount: 10, currency: "USD", intent: "CAPTURE" }))).status).toBe(503);
      });
    } finally {
      process.env.PAYPAL_CLIENT_ID = saved.id;
      process.env.PAYPAL_CLIENT_SECRET = saved.secret;
    }
  });

  it("limits attempts per email: a few an hour, then 429 with Retry-After (whatever the client)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await order({ amount: 10, currency: "USD", intent: "CAPTURE", email: "card.tester@example.com" })).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    const refused = await order({ amount: 10, currency: "USD", intent: "CAPTURE", email: "Card.Tester@example.com" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await order({ amount: 10, currency: "USD", intent: "CAPTURE", email: "someone.else@example.com" })).status).toBe(201);
  });
});
