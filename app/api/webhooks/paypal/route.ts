import { sendEbookReceiptAfterWebhook } from "@/lib/ebook/purchase";
import { ApiError } from "@/lib/http/route";
import { defineWebhook } from "@/lib/http/webhook";
import { PAYPAL_EVENT_HANDLERS, type FollowUp, type PayPalWebhookEvent } from "@/lib/payments/events/paypal";
import { PaymentError } from "@/lib/payments/errors";
import { getPayPal } from "@/lib/payments/paypal";
import { takeVerification } from "@/lib/payments/paypal-webhook";

function isEvent(value: unknown): value is PayPalWebhookEvent {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === "string" && typeof v.event_type === "string" && typeof v.create_time === "string" && typeof v.resource === "object" && v.resource !== null;
}

/**
 * POST /api/webhooks/paypal, on the webhook frame (lib/http/webhook.ts): verified through
 * PayPal's verification call on the exact bytes received (the raw body goes into
 * `webhook_event` verbatim), processed once per event id. Missing headers or a failed
 * verification -> 400; too many verification calls -> 429 (PayPal redelivers); PayPal
 * unreachable -> 503; unknown type -> 200; handler failure -> 500 so PayPal retries.
 */
export const POST = defineWebhook<NonNullable<ReturnType<typeof getPayPal>>, PayPalWebhookEvent, FollowUp>({
  provider: "paypal",
  label: "PayPal",
  client: getPayPal,
  signatureHeaders: ["paypal-auth-algo", "paypal-cert-url", "paypal-transmission-id", "paypal-transmission-sig", "paypal-transmission-time"],
  verify: async ({ client: paypal, raw, signature }) => {
    const text = raw.toString("utf8");
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch {
      throw new ApiError(400, "Request body must be valid JSON.");
    }
    if (!isEvent(event)) throw new ApiError(400, "Not a PayPal webhook event.");
    const allowed = await takeVerification();
    if (!allowed.allowed) {
      throw new ApiError(429, "Too many webhook deliveries to verify; please retry.", undefined, { "Retry-After": String(allowed.retryAfterSeconds) });
    }
    let genuine: boolean;
    try {
      genuine = await paypal.verifyWebhookSignature(signature, text);
    } catch (error) {
      // PayPal could not be asked: answer 5xx so the delivery is retried later.
      console.error("[webhooks/paypal] verification call failed", error instanceof PaymentError ? error.message : error);
      throw new ApiError(503, "Could not verify the event; please retry.");
    }
    if (!genuine) throw new ApiError(400, "Invalid signature.");
    return event;
  },
  record: (event) => ({ eventId: event.id, type: event.event_type, createdAt: new Date(event.create_time), payload: event as object }),
  handlers: PAYPAL_EVENT_HANDLERS,
  afterCommit: async (event, followUp) => {
    // A capture that granted an e-book: its receipt (idempotent; also after a duplicate
    // delivery, so a send that failed before is retried with PayPal's redelivery).
    const orderId = followUp?.orderId ?? (event.event_type === "PAYMENT.CAPTURE.COMPLETED" ? event.resource.supplementary_data?.related_ids?.order_id : undefined);
    if (orderId) await sendEbookReceiptAfterWebhook(orderId);
  },
});
