import { getDb } from "@/lib/db";
import { sendEbookReceiptAfterWebhook } from "@/lib/ebook/purchase";
import { BODY_LIMITS, readBodyLimited } from "@/lib/http/body";
import { isJsonContentType } from "@/lib/http/json";
import { processEventOnce } from "@/lib/payments/events/record";
import { PAYPAL_EVENT_HANDLERS, type FollowUp, type PayPalWebhookEvent } from "@/lib/payments/events/paypal";
import { PaymentError } from "@/lib/payments/errors";
import { getPayPal } from "@/lib/payments/paypal";
import { takeVerification } from "@/lib/payments/paypal-webhook";

const SIGNATURE_HEADERS = [
  "paypal-auth-algo",
  "paypal-cert-url",
  "paypal-transmission-id",
  "paypal-transmission-sig",
  "paypal-transmission-time",
] as const;

function isEvent(value: unknown): value is PayPalWebhookEvent {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === "string" && typeof v.event_type === "string" && typeof v.create_time === "string" && typeof v.resource === "object" && v.resource !== null;
}

/**
 * POST /api/webhooks/paypal: verified through PayPal's verification call on the exact
 * bytes received (the raw body goes into `webhook_event` verbatim), processed once per
 * event id. Missing headers or a failed verification -> 400; too many verification calls
 * -> 429 (PayPal redelivers); unknown type -> 200; handler failure -> 500 so PayPal retries.
 */
export async function POST(request: Request): Promise<Response> {
  const paypal = getPayPal();
  if (!paypal) return Response.json({ error: "PayPal webhooks are not configured." }, { status: 503 });
  const headers: Record<string, string> = {};
  for (const name of SIGNATURE_HEADERS) {
    const value = request.headers.get(name);
    if (!value) return Response.json({ error: `Missing ${name} header.` }, { status: 400 });
    headers[name] = value;
  }
  if (!isJsonContentType(request.headers.get("content-type"))) return Response.json({ error: "Send the event as JSON (Content-Type: application/json)." }, { status: 415 });
  const read = await readBodyLimited(request, BODY_LIMITS.webhook);
  if (!read.ok) return Response.json({ error: read.message }, { status: read.status });
  const raw = read.bytes.toString("utf8");
  let event: unknown;
  try {
    event = JSON.parse(raw);
  } catch {
    return Response.json({ error: "Request body must be valid JSON." }, { status: 400 });
  }
  if (!isEvent(event)) return Response.json({ error: "Not a PayPal webhook event." }, { status: 400 });

  const allowed = await takeVerification();
  if (!allowed.allowed) {
    return Response.json({ error: "Too many webhook deliveries to verify; please retry." }, { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } });
  }
  try {
    if (!(await paypal.verifyWebhookSignature(headers, raw))) {
      return Response.json({ error: "Invalid signature." }, { status: 400 });
    }
  } catch (error) {
    // PayPal could not be asked: answer 5xx so the delivery is retried later.
    console.error("[webhooks/paypal] verification call failed", error instanceof PaymentError ? error.message : error);
    return Response.json({ error: "Could not verify the event; please retry." }, { status: 503 });
  }

  const handler = PAYPAL_EVENT_HANDLERS[event.event_type];
  let followUp: FollowUp | void = undefined;
  try {
    const outcome = await processEventOnce(
      getDb(),
      { provider: "paypal", eventId: event.id, type: event.event_type, createdAt: new Date(event.create_time), payload: event as object },
      async (tx) => {
        if (handler) followUp = await handler(tx, event);
      },
    );
    // A capture that granted an e-book: its receipt (idempotent; also after a duplicate
    // delivery, so a send that failed before is retried with PayPal's redelivery).
    const orderId = (followUp as FollowUp | void)?.orderId ?? (event.event_type === "PAYMENT.CAPTURE.COMPLETED" ? event.resource.supplementary_data?.related_ids?.order_id : undefined);
    if (orderId) await sendEbookReceiptAfterWebhook(orderId);
    return Response.json({ received: true, duplicate: outcome === "duplicate", handled: Boolean(handler) });
  } catch (error) {
    console.error(`[webhooks/paypal] ${event.event_type} ${event.id} failed`, error);
    return Response.json({ error: "Processing failed; please retry." }, { status: 500 });
  }
}
