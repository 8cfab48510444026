import { getDb } from "@/lib/db";
import { processEventOnce } from "@/lib/payments/events/record";
import { PAYPAL_EVENT_HANDLERS, type PayPalWebhookEvent } from "@/lib/payments/events/paypal";
import { PaymentError } from "@/lib/payments/errors";
import { getPayPal } from "@/lib/payments/paypal";

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
 * POST /api/webhooks/paypal: verified through PayPal's verification call, processed once
 * per event id. Missing headers or a failed verification -> 400; unknown type -> 200;
 * handler failure -> 500 so PayPal retries.
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
  let event: unknown;
  try {
    event = JSON.parse(await request.text());
  } catch {
    return Response.json({ error: "Request body must be valid JSON." }, { status: 400 });
  }
  if (!isEvent(event)) return Response.json({ error: "Not a PayPal webhook event." }, { status: 400 });

  try {
    if (!(await paypal.verifyWebhookSignature(headers, event))) {
      return Response.json({ error: "Invalid signature." }, { status: 400 });
    }
  } catch (error) {
    // PayPal could not be asked: answer 5xx so the delivery is retried later.
    console.error("[webhooks/paypal] verification call failed", error instanceof PaymentError ? error.message : error);
    return Response.json({ error: "Could not verify the event; please retry." }, { status: 503 });
  }

  const handler = PAYPAL_EVENT_HANDLERS[event.event_type];
  try {
    const outcome = await processEventOnce(
      getDb(),
      { provider: "paypal", eventId: event.id, type: event.event_type, createdAt: new Date(event.create_time), payload: event as object },
      async (tx) => {
        if (handler) await handler(tx, event);
      },
    );
    return Response.json({ received: true, duplicate: outcome === "duplicate", handled: Boolean(handler) });
  } catch (error) {
    console.error(`[webhooks/paypal] ${event.event_type} ${event.id} failed`, error);
    return Response.json({ error: "Processing failed; please retry." }, { status: 500 });
  }
}
