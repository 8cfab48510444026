import { POST as paypalWebhook } from "@/app/api/webhooks/paypal/route";
import { PAYPAL_EVENT_HANDLERS } from "@/lib/payments/events/paypal";
import { resetVerificationLimit } from "@/lib/payments/paypal-webhook";
import { startFakePayPal, type FakePayPal } from "../helpers/fake-paypal";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
let paypal: FakePayPal;

beforeAll(async () => {
  paypal = await startFakePayPal(0, undefined, { webhookId: "WH-TEST-1" });
  process.env.PAYPAL_CLIENT_ID = paypal.clientId;
  process.env.PAYPAL_CLIENT_SECRET = paypal.clientSecret;
  process.env.PAYPAL_API_URL = paypal.url;
  process.env.PAYPAL_WEBHOOK_ID = "WH-TEST-1";
});
afterAll(() => paypal.close());
beforeEach(async () => {
  resetVerificationLimit();
  // The order our server created for CAPTURE1 (docs/billing.md "One-time items": captures count only against a recorded order).
  await db.prisma.payPalOrder.create({ data: { id: "ORDER1", itemId: "consumer", amountCents: 1000, currency: "USD", email: "wallet@example.com" } });
});

let seq = 0;
function event(type: string, resource: Record<string, unknown>, createTime: string) {
  seq += 1;
  return { id: `WH-EVT-${seq}`, event_version: "1.0", create_time: createTime, resource_type: "capture", event_type: type, summary: type, resource };
}

const capture = (status: string) => ({
  id: "CAPTURE1",
  status,
  amount: { currency_code: "USD", value: "10.00" },
  custom_id: "consumer",
  supplementary_data: { related_ids: { order_id: "ORDER1" } },
});

/**
 * Delivers an event as PayPal does: these exact bytes, signed by the fake PayPal (unless
 * `signature` is null: no headers, or "forged": headers PayPal never issued).
 */
function deliver(payload: unknown, signature: "genuine" | "forged" | null = "genuine", raw = JSON.stringify(payload)): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature === "genuine") Object.assign(headers, paypal.signWebhook(raw));
  if (signature === "forged") Object.assign(headers, paypal.signWebhook(raw), { "paypal-transmission-sig": "forged" });
  return paypalWebhook(new Request("http://localhost/api/webhooks/paypal", { method: "POST", headers, body: raw }));
}

describe("POST /api/webhooks/paypal", () => {
  it("refuses a delivery without PayPal's signature headers (400)", async () => {
    expect((await deliver(event("PAYMENT.CAPTURE.COMPLETED", capture("COMPLETED"), "2026-11-21T10:00:00Z"), null)).status).toBe(400);
    expect(await db.prisma.providerEvent.count()).toBe(0);
  });

  it("refuses an event PayPal's verification call does not confirm (400)", async () => {
    expect((await deliver(event("PAYMENT.CAPTURE.COMPLETED", capture("COMPLETED"), "2026-11-21T10:00:00Z"), "forged")).status).toBe(400);
    expect(paypal.requests.some((r) => r.path === "/v1/notifications/verify-webhook-signature")).toBe(true);
    expect(await db.prisma.payment.count()).toBe(0);
  });

  it("refuses a body that is not an event (400)", async () => {
    expect((await deliver({ hello: "world" })).status).toBe(400);
  });

  it("accepts an unknown event type with 2xx and changes nothing", async () => {
    const response = await deliver(event("CHECKOUT.ORDER.SAVED", { id: "ORDER1" }, "2026-11-21T10:00:00Z"));
    expect(response.status).toBe(200);
    expect(await db.prisma.payment.count()).toBe(0);
  });

  it("records a completed capture once, even when the event is delivered twice", async () => {
    const completed = event("PAYMENT.CAPTURE.COMPLETED", capture("COMPLETED"), "2026-11-21T10:00:00Z");
    const [a, b] = await Promise.all([deliver(completed), deliver(completed)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await db.prisma.payment.findMany()).toEqual([
      expect.objectContaining({ provider: "paypal", providerPaymentId: "CAPTURE1", providerOrderId: "ORDER1", status: "succeeded", amountCents: 1000, itemId: "consumer" }),
    ]);
    expect(await db.prisma.providerEvent.count()).toBe(1);
  });

  it("handles denial, and a refund stays final whatever arrives after it", async () => {
    const refund = event(
      "PAYMENT.CAPTURE.REFUNDED",
      { id: "REFUND1", status: "COMPLETED", links: [{ href: `${paypal.url}/v2/payments/captures/CAPTURE1`, rel: "up" }] },
      "2026-11-21T12:00:00Z",
    );
    const completed = event("PAYMENT.CAPTURE.COMPLETED", capture("COMPLETED"), "2026-11-21T10:00:00Z");
    await deliver(event("PAYMENT.CAPTURE.DENIED", { ...capture("DECLINED"), id: "CAPTURE2" }, "2026-11-21T09:00:00Z"));
    expect(await db.prisma.payment.findFirstOrThrow({ where: { providerPaymentId: "CAPTURE2" } })).toMatchObject({ status: "failed" });
    // Out of order: the refund arrives, then the older completion.
    await deliver(completed);
    await deliver(refund);
    await deliver(event("PAYMENT.CAPTURE.COMPLETED", capture("COMPLETED"), "2026-11-21T10:00:00Z"));
    expect(await db.prisma.payment.findFirstOrThrow({ where: { providerPaymentId: "CAPTURE1" } })).toMatchObject({ status: "refunded" });
  });

  it("answers 500 when a handler fails and processes the retry", async () => {
    const completed = event("PAYMENT.CAPTURE.COMPLETED", capture("COMPLETED"), "2026-11-21T10:00:00Z");
    const handlers = PAYPAL_EVENT_HANDLERS as Record<string, (typeof PAYPAL_EVENT_HANDLERS)[string]>;
    const original = handlers["PAYMENT.CAPTURE.COMPLETED"];
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    handlers["PAYMENT.CAPTURE.COMPLETED"] = async () => {
      throw new Error("boom");
    };
    try {
      expect((await deliver(completed)).status).toBe(500);
    } finally {
      if (original) handlers["PAYMENT.CAPTURE.COMPLETED"] = original;
      spy.mockRestore();
    }
    expect(await db.prisma.providerEvent.count()).toBe(0);
    expect((await deliver(completed)).status).toBe(200);
    expect(await db.prisma.payment.count()).toBe(1);
  });

  it("verifies the exact bytes received: a pretty-printed body with escapes is genuine as sent", async () => {
    const payload = event("PAYMENT.CAPTURE.COMPLETED", capture("COMPLETED"), "2026-11-21T10:00:00Z");
    // PayPal's bytes need not be what JSON.stringify would make of them (spacing, line breaks):
    // re-serialising the parsed event would send other bytes, which PayPal does not verify.
    const raw = JSON.stringify(payload, null, 2).replace('"event_version": "1.0"', '"event_version":   "1.0"');
    const response = await deliver(null, "genuine", raw);
    expect(response.status).toBe(200);
    const sent = paypal.requests.filter((r) => r.path === "/v1/notifications/verify-webhook-signature").at(-1)?.body ?? "";
    expect(sent).toContain('"event_version":   "1.0"');
    expect(await db.prisma.payment.findFirstOrThrow()).toMatchObject({ status: "succeeded" });
  });

  it("a body changed after signing, or signed for another webhook id, fails verification (400)", async () => {
    const payload = event("PAYMENT.CAPTURE.COMPLETED", capture("COMPLETED"), "2026-11-21T10:00:00Z");
    const raw = JSON.stringify(payload);
    const tampered = raw.replace('"10.00"', '"1000.00"');
    const headers = { "content-type": "application/json", ...paypal.signWebhook(raw) };
    const changed = await paypalWebhook(new Request("http://localhost/api/webhooks/paypal", { method: "POST", headers, body: tampered }));
    expect(changed.status).toBe(400);
    const other = { "content-type": "application/json", ...paypal.signWebhook(raw, "WH-SOMEONE-ELSE") };
    expect((await paypalWebhook(new Request("http://localhost/api/webhooks/paypal", { method: "POST", headers: other, body: raw }))).status).toBe(400);
    expect(await db.prisma.payment.count()).toBe(0);
  });

  it("rate-limits calls to PayPal's verification endpoint: over the limit 429 with Retry-After, and PayPal is not asked", async () => {
    resetVerificationLimit({ capacity: 2, refillMs: 60_000 });
    const calls = () => paypal.requests.filter((r) => r.path === "/v1/notifications/verify-webhook-signature").length;
    const before = calls();
    expect((await deliver(event("CHECKOUT.ORDER.SAVED", { id: "ORDER1" }, "2026-11-21T10:00:00Z"))).status).toBe(200);
    expect((await deliver(event("CHECKOUT.ORDER.SAVED", { id: "ORDER1" }, "2026-11-21T10:00:00Z"))).status).toBe(200);
    const third = await deliver(event("CHECKOUT.ORDER.SAVED", { id: "ORDER1" }, "2026-11-21T10:00:00Z"));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(calls() - before).toBe(2);
  });

  it("a completed capture of an order we never created, or for another amount, grants nothing", async () => {
    await deliver(event("PAYMENT.CAPTURE.COMPLETED", { ...capture("COMPLETED"), id: "CAPTURE-X", supplementary_data: { related_ids: { order_id: "ORDER-NOT-OURS" } }, custom_id: "ebook", amount: { currency_code: "USD", value: "0.01" } }, "2026-11-21T10:00:00Z"));
    await deliver(event("PAYMENT.CAPTURE.COMPLETED", { ...capture("COMPLETED"), id: "CAPTURE-Y", amount: { currency_code: "USD", value: "0.01" } }, "2026-11-21T10:00:00Z"));
    await deliver(event("PAYMENT.CAPTURE.COMPLETED", { ...capture("COMPLETED"), id: "CAPTURE-Z", amount: { currency_code: "EUR", value: "10.00" } }, "2026-11-21T10:00:00Z"));
    expect(await db.prisma.payment.count({ where: { status: "succeeded" } })).toBe(0);
    expect(await db.prisma.payment.count({ where: { status: "failed" } })).toBe(3);
    expect(await db.prisma.ebookPurchase.count()).toBe(0);
  });

  it("an e-book capture that was PENDING is granted by PAYMENT.CAPTURE.COMPLETED (receipt once), and a refund or reversal revokes it", async () => {
    await db.prisma.payPalOrder.create({ data: { id: "ORDER-EBOOK", itemId: "ebook", amountCents: 499, currency: "USD", email: "reader@example.com", status: "pending", captureId: "CAPTURE-E" } });
    const ebookCapture = (status: string) => ({ ...capture(status), id: "CAPTURE-E", custom_id: "ebook", amount: { currency_code: "USD", value: "4.99" }, supplementary_data: { related_ids: { order_id: "ORDER-EBOOK" } } });
    expect((await deliver(event("PAYMENT.CAPTURE.PENDING", ebookCapture("PENDING"), "2026-11-21T10:00:00Z"))).status).toBe(200);
    expect(await db.prisma.ebookPurchase.count()).toBe(0);
    const completed = event("PAYMENT.CAPTURE.COMPLETED", ebookCapture("COMPLETED"), "2026-11-21T11:00:00Z");
    await deliver(completed);
    await deliver(completed);
    const purchase = await db.prisma.ebookPurchase.findUniqueOrThrow({ where: { paypalOrderId: "ORDER-EBOOK" } });
    expect(purchase).toMatchObject({ email: "reader@example.com", accessGranted: true });
    expect(await db.prisma.sentEmail.count({ where: { template: "ebook-receipt" } })).toBe(1);

    await deliver(event("PAYMENT.CAPTURE.REVERSED", { id: "REV-1", status: "COMPLETED", links: [{ href: `${paypal.url}/v2/payments/captures/CAPTURE-E`, rel: "up" }] }, "2026-11-22T10:00:00Z"));
    expect(await db.prisma.ebookPurchase.findUniqueOrThrow({ where: { paypalOrderId: "ORDER-EBOOK" } })).toMatchObject({ accessGranted: false });
    expect(await db.prisma.payment.findFirstOrThrow({ where: { providerPaymentId: "CAPTURE-E" } })).toMatchObject({ status: "reversed" });
    expect(await db.prisma.payPalOrder.findUniqueOrThrow({ where: { id: "ORDER-EBOOK" } })).toMatchObject({ status: "reversed" });
    // A late completion does not give it back.
    await deliver(event("PAYMENT.CAPTURE.COMPLETED", ebookCapture("COMPLETED"), "2026-11-21T12:00:00Z"));
    expect(await db.prisma.ebookPurchase.findUniqueOrThrow({ where: { paypalOrderId: "ORDER-EBOOK" } })).toMatchObject({ accessGranted: false });
  });

  it("a denied capture revokes the e-book it granted", async () => {
    await db.prisma.payPalOrder.create({ data: { id: "ORDER-EB2", itemId: "ebook", amountCents: 499, currency: "USD", email: "r2@example.com", status: "completed", captureId: "CAPTURE-D" } });
    await db.prisma.ebookPurchase.create({ data: { email: "r2@example.com", name: "R2", paypalOrderId: "ORDER-EB2", amount: "4.99" } });
    await deliver(event("PAYMENT.CAPTURE.DENIED", { ...capture("DECLINED"), id: "CAPTURE-D", custom_id: "ebook", amount: { currency_code: "USD", value: "4.99" }, supplementary_data: { related_ids: { order_id: "ORDER-EB2" } } }, "2026-11-21T10:00:00Z"));
    expect(await db.prisma.ebookPurchase.findUniqueOrThrow({ where: { paypalOrderId: "ORDER-EB2" } })).toMatchObject({ accessGranted: false });
  });
});
