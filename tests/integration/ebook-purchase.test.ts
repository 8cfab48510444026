import { POST as createEbookOrder } from "@/app/paypal/order/route";
import { completeEbookPurchaseWith, revokeEbookPurchase } from "@/lib/ebook/purchase-flow";
import { resolveEbookAccess } from "@/lib/ebook/access";
import { PayPalClient } from "@/lib/payments/paypal-client";
import { startFakePayPal, type FakePayPal } from "../helpers/fake-paypal";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
let paypal: FakePayPal;
const secret = "e".repeat(40);

beforeAll(async () => {
  paypal = await startFakePayPal();
  process.env.PAYPAL_CLIENT_ID = paypal.clientId;
  process.env.PAYPAL_CLIENT_SECRET = paypal.clientSecret;
  process.env.PAYPAL_API_URL = paypal.url;
  process.env.SITE_URL = "https://tariffwatch.example";
});
afterAll(() => paypal.close());

const deps = () => ({
  db: db.prisma,
  paypal: new PayPalClient({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiUrl: paypal.url }),
  secret,
  siteUrl: "https://tariffwatch.example",
  supportEmail: "support@tariffwatch.app",
  logger: { info: () => undefined },
});

async function approvedOrder(email = "reader@example.com"): Promise<string> {
  const response = await createEbookOrder(postRequest("/paypal/order", { amount: "4.99", currency: "USD", intent: "CAPTURE", description: "Tariff Survival Guide" }));
  expect(response.status).toBe(201);
  const body = await readJson(response);
  const orderId = String(body.id);
  paypal.setCaptureOutcome(orderId, "complete", email);
  return orderId;
}

describe("POST /paypal/order", () => {
  it("creates the e-book order priced from the catalog, with an approve link and our return URL", async () => {
    const response = await createEbookOrder(postRequest("/paypal/order", { amount: "4.99", currency: "USD", intent: "CAPTURE", description: "E-book" }));
    const body = await readJson(response);
    expect(body.id).toBeTruthy();
    const links = body.links as { rel: string; href: string }[];
    expect(links.find((l) => l.rel === "approve")?.href).toContain(String(body.id));
    const sent = JSON.parse(paypal.requests.filter((r) => r.path === "/v2/checkout/orders").at(-1)?.body ?? "{}") as {
      purchase_units: { amount: { value: string } }[];
      application_context: { return_url: string };
    };
    expect(sent.purchase_units[0]?.amount.value).toBe("4.99");
    expect(sent.application_context.return_url).toBe("https://tariffwatch.example/checkout-ebook-paypal");
  });

  it.each([["0.99"], ["10.00"], [4.98], ["abc"]])("refuses amount %p with 400", async (amount) => {
    const response = await createEbookOrder(postRequest("/paypal/order", { amount, currency: "USD", intent: "CAPTURE" }));
    expect(response.status).toBe(400);
  });
});

describe("completing the e-book purchase", () => {
  it("captures, records the purchase, emails the receipt with an access link that opens all chapters", async () => {
    await db.prisma.ebookSignup.create({ data: { email: "reader@example.com", name: "Reader" } });
    const orderId = await approvedOrder();
    const outcome = await completeEbookPurchaseWith(deps(), orderId, { isBuyer: true });
    expect(outcome).toMatchObject({ status: "completed", email: "reader@example.com", amount: "$4.99" });

    const purchase = await db.prisma.ebookPurchase.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    expect(purchase).toMatchObject({ email: "reader@example.com", currency: "USD", accessGranted: true, downloadCount: 0 });
    expect(purchase.amount.toString()).toBe("4.99");
    expect((await db.prisma.ebookSignup.findFirstOrThrow()).purchaseCompleted).toBe(true);

    const receipt = await db.prisma.sentEmail.findFirstOrThrow({ where: { template: "ebook-receipt" } });
    expect(receipt.html).toContain("$4.99");
    const token = decodeURIComponent(new URL(outcome.accessUrl ?? "").searchParams.get("access") ?? "");
    expect(await resolveEbookAccess(db.prisma, token, { demoMode: false, secret })).toMatchObject({ level: "full" });
  });

  it("a reload or a second return records and emails nothing more", async () => {
    const orderId = await approvedOrder();
    const outcomes = await Promise.all([completeEbookPurchaseWith(deps(), orderId), completeEbookPurchaseWith(deps(), orderId)]);
    const third = await completeEbookPurchaseWith(deps(), orderId);
    for (const o of [...outcomes, third]) expect(o.status).toBe("completed");
    expect(await db.prisma.ebookPurchase.count()).toBe(1);
    expect(await db.prisma.sentEmail.count({ where: { template: "ebook-receipt" } })).toBe(1);
    expect(await db.prisma.payment.count()).toBe(1);
  });

  it("a declined payment records nothing and says the payment failed", async () => {
    const orderId = await approvedOrder();
    paypal.setCaptureOutcome(orderId, "decline");
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const outcome = await completeEbookPurchaseWith(deps(), orderId);
    spy.mockRestore();
    expect(outcome).toEqual({ status: "failed", message: "Payment failed. Please try again or contact support." });
    expect(await db.prisma.ebookPurchase.count()).toBe(0);
  });

  it("a pending capture is reported honestly and grants nothing yet", async () => {
    const orderId = await approvedOrder();
    paypal.setCaptureOutcome(orderId, "pending");
    expect((await completeEbookPurchaseWith(deps(), orderId)).status).toBe("pending");
    expect(await db.prisma.ebookPurchase.count()).toBe(0);
  });

  it("an order for something else does not unlock the e-book", async () => {
    const { POST: createPlanOrder } = await import("@/app/api/paypal/order/route");
    const body = await readJson(await createPlanOrder(postRequest("/api/paypal/order", { amount: 10, currency: "USD", intent: "CAPTURE" })));
    const outcome = await completeEbookPurchaseWith(deps(), String(body.id));
    expect(outcome.status).toBe("failed");
    expect(await db.prisma.ebookPurchase.count()).toBe(0);
    expect(paypal.orders.get(String(body.id))?.status).toBe("CREATED"); // not captured
  });

  it("knowing the order id is not enough: another browser is told the link was emailed, without email or link", async () => {
    const orderId = await approvedOrder();
    const stranger = await completeEbookPurchaseWith(deps(), orderId, { isBuyer: false });
    expect(stranger).toEqual({ status: "completed", message: "Thank you! Your access link was emailed to you with your receipt.", amount: "$4.99" });
    const buyer = await completeEbookPurchaseWith(deps(), orderId, { isBuyer: true });
    expect(buyer.accessUrl).toMatch(/access=full\./);
    expect(buyer.email).toBe("reader@example.com");
  });

  it("a 1-cent order labelled 'ebook' made straight at PayPal unlocks nothing and is not captured", async () => {
    const cheap = paypal.createOrderDirectly({ currency_code: "USD", value: "0.01" }, "ebook");
    paypal.setCaptureOutcome(cheap, "complete", "cheap@example.com");
    expect((await completeEbookPurchaseWith(deps(), cheap, { isBuyer: true })).status).toBe("failed");
    expect(paypal.orders.get(cheap)?.status).toBe("APPROVED");
    expect(await db.prisma.ebookPurchase.count()).toBe(0);
  });

  it("an e-book capture for another amount than recorded unlocks nothing", async () => {
    const orderId = await approvedOrder();
    const stored = paypal.orders.get(orderId);
    if (stored) stored.amount = { currency_code: "USD", value: "0.01" };
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await completeEbookPurchaseWith(deps(), orderId, { isBuyer: true })).status).toBe("failed");
    spy.mockRestore();
    expect(await db.prisma.ebookPurchase.count()).toBe(0);
  });

  it("a refund ends access from every entry point: the access link, the result page, the download check", async () => {
    const orderId = await approvedOrder();
    const outcome = await completeEbookPurchaseWith(deps(), orderId, { isBuyer: true });
    const token = decodeURIComponent(new URL(outcome.accessUrl ?? "").searchParams.get("access") ?? "");
    await revokeEbookPurchase(db.prisma, orderId);
    expect(await resolveEbookAccess(db.prisma, token, { demoMode: false, secret })).toMatchObject({ level: "none", reason: "revoked" });
    expect((await completeEbookPurchaseWith(deps(), orderId, { isBuyer: true })).status).toBe("revoked");
  });
});
