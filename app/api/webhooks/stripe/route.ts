import type Stripe from "stripe";
import { getDb } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { getEnv } from "@/lib/env";
import { BODY_LIMITS, readBodyLimited } from "@/lib/http/body";
import { isJsonContentType } from "@/lib/http/json";
import { processEventOnce } from "@/lib/payments/events/record";
import { STRIPE_EVENT_HANDLERS } from "@/lib/payments/events/stripe";
import { emailOperatorAboutDispute } from "@/lib/payments/events/stripe/dispute-email";
import { getStripe, signatureTimestampProblem, STRIPE_API_VERSION } from "@/lib/payments/stripe-client";

/**
 * POST /api/webhooks/stripe: the signature is verified on the raw body; each event id
 * is processed once. Not JSON -> 415; over 1 MB -> 413; no or bad signature, or a signature
 * timestamp more than 5 minutes old or in the future -> 400; an event of another API version
 * than STRIPE_API_VERSION -> 200, logged and recorded as skipped (processedAt null), not
 * applied; unknown type -> 200 (recorded, no effect); a handler failure -> 500 so Stripe retries.
 * After the event's transaction commits, a dispute emails the operator (once per dispute).
 */
export async function POST(request: Request): Promise<Response> {
  const stripe = getStripe();
  const env = getEnv();
  const secret = env.stripe?.webhookSecret;
  if (!stripe || !secret) return Response.json({ error: "Stripe webhooks are not configured." }, { status: 503 });

  const signature = request.headers.get("stripe-signature");
  if (!signature) return Response.json({ error: "Missing Stripe-Signature header." }, { status: 400 });
  if (!isJsonContentType(request.headers.get("content-type"))) return Response.json({ error: "Send the event as JSON (Content-Type: application/json)." }, { status: 415 });
  // The exact bytes (the signature is computed over them), capped while reading.
  const read = await readBodyLimited(request, BODY_LIMITS.webhook);
  if (!read.ok) return Response.json({ error: read.message }, { status: read.status });
  const body = read.bytes;
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, signature, secret);
  } catch {
    return Response.json({ error: "Invalid signature." }, { status: 400 });
  }
  // The SDK refuses old timestamps only; a signature dated in the future is refused too.
  const stale = signatureTimestampProblem(signature, Date.now());
  if (stale) return Response.json({ error: `Invalid signature: ${stale}` }, { status: 400 });

  const db = getDb();
  const record = {
    provider: "stripe" as const,
    eventId: event.id,
    type: event.type,
    createdAt: new Date(event.created * 1000),
    payload: JSON.parse(body.toString("utf8")) as object,
  };

  if (event.api_version !== STRIPE_API_VERSION) {
    console.warn(
      `[webhooks/stripe] skipped ${event.type} ${event.id}: API version ${event.api_version ?? "(none)"} is not ${STRIPE_API_VERSION}, which this code reads. Set the endpoint's API version to ${STRIPE_API_VERSION}.`,
    );
    try {
      await db.providerEvent.create({ data: { ...record, processedAt: null } });
    } catch (error) {
      if (!isUniqueViolation(error)) {
        console.error(`[webhooks/stripe] could not record skipped event ${event.id}`, error);
        return Response.json({ error: "Processing failed; please retry." }, { status: 500 });
      }
    }
    return Response.json({ received: true, skipped: true, reason: `API version ${event.api_version ?? "(none)"} is not ${STRIPE_API_VERSION}.` });
  }

  const handler = STRIPE_EVENT_HANDLERS[event.type];
  let outcome: "processed" | "duplicate";
  try {
    outcome = await processEventOnce(db, record, async (tx) => {
      if (handler) await handler(tx, event);
    });
  } catch (error) {
    console.error(`[webhooks/stripe] ${event.type} ${event.id} failed`, error);
    return Response.json({ error: "Processing failed; please retry." }, { status: 500 });
  }
  try {
    // Idempotent by its own key, so a redelivery completes an email a crash left unsent.
    await emailOperatorAboutDispute({ db, operatorEmail: env.SUPPORT_EMAIL, siteUrl: env.SITE_URL }, event);
  } catch (error) {
    console.error(`[webhooks/stripe] could not email the operator about ${event.type} ${event.id}`, error);
  }
  return Response.json({ received: true, duplicate: outcome === "duplicate", handled: Boolean(handler) });
}
