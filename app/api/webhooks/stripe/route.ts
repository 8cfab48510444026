import type Stripe from "stripe";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { processEventOnce } from "@/lib/payments/events/record";
import { STRIPE_EVENT_HANDLERS } from "@/lib/payments/events/stripe";
import { getStripe } from "@/lib/payments/stripe-client";

/**
 * POST /api/webhooks/stripe: the signature is verified on the raw body; each event id
 * is processed once. No or bad signature -> 400; unknown type -> 200 (recorded, no
 * effect); a handler failure -> 500 so Stripe retries.
 */
export async function POST(request: Request): Promise<Response> {
  const stripe = getStripe();
  const secret = getEnv().stripe?.webhookSecret;
  if (!stripe || !secret) return Response.json({ error: "Stripe webhooks are not configured." }, { status: 503 });

  const signature = request.headers.get("stripe-signature");
  if (!signature) return Response.json({ error: "Missing Stripe-Signature header." }, { status: 400 });
  const body = await request.text();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, signature, secret);
  } catch {
    return Response.json({ error: "Invalid signature." }, { status: 400 });
  }

  const handler = STRIPE_EVENT_HANDLERS[event.type];
  try {
    const outcome = await processEventOnce(
      getDb(),
      {
        provider: "stripe",
        eventId: event.id,
        type: event.type,
        createdAt: new Date(event.created * 1000),
        payload: JSON.parse(body) as object,
      },
      async (tx) => {
        if (handler) await handler(tx, event);
      },
    );
    return Response.json({ received: true, duplicate: outcome === "duplicate", handled: Boolean(handler) });
  } catch (error) {
    console.error(`[webhooks/stripe] ${event.type} ${event.id} failed`, error);
    return Response.json({ error: "Processing failed; please retry." }, { status: 500 });
  }
}
