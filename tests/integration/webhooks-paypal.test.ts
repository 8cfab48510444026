import { POST as paypalWebhook } from "@/app/api/webhooks/paypal/route";
import { PAYPAL_EVENT_HANDLERS } from "@/lib/payments/events/paypal";
import { startFakePayPal, type FakePayPal } from "../helpers/fake-paypal";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
let paypal: FakePayPal;

beforeAll(async () => {
  paypal = await startFakePayPal();
  paypal.validSignatures.add("genuine-signature");
  process.env.PAYPAL_CLIENT_ID = paypal.clientId;
  process.env.PAYPAL_CLIENT_SECRET = paypal.clientSecret;
  process.env.PAYPAL_API_URL = paypal.url;
  process.env.PAYPAL_WEBHOOK_ID = "WH-TEST-1";
});
afterAll(() => paypal.close());

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

function deliver(payload: unknown, signature: string | null = "genuine-signature"): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) {
    Object.assign(headers, {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
      "paypal-transmission-id": "tx-1",
      "paypal-transmission-sig": signature,
      "paypal-transmission-time": "2026-11-21T10:00:00Z",
    });
  }
  return paypalWebhook(new Request("http://localhost/api/webhooks/paypal", { method: "POST", headers, body: JSON.stringify(payload) }));
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
});
