import type Stripe from "stripe";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/route";
import { defineWebhook } from "@/lib/http/webhook";
import { STRIPE_EVENT_HANDLERS } from "@/lib/payments/events/stripe";
import { emailOperatorAboutDispute } from "@/lib/payments/events/stripe/dispute-email";
import { getStripe, signatureTimestampProblem, STRIPE_API_VERSION } from "@/lib/payments/stripe-client";

/**
 * POST /api/webhooks/stripe, on the webhook frame (lib/http/webhook.ts): the signature is
 * verified on the raw body; each event id is processed once. Not JSON -> 415; over 1 MB ->
 * 413; no or bad signature, or a signature timestamp more than 5 minutes old or in the
 * future -> 400; an event of another API version than STRIPE_API_VERSION -> 200, logged and
 * recorded as skipped (processedAt null), not applied; unknown type -> 200 (recorded, no
 * effect); a handler failure -> 500 so Stripe retries. After the event's transaction
 * commits, a dispute emails the operator (once per dispute).
 */
export const POST = defineWebhook({
  provider: "stripe",
  label: "Stripe",
  client: () => {
    const stripe = getStripe();
    const secret = getEnv().stripe?.webhookSecret;
    return stripe && secret ? { stripe, secret } : null;
  },
  signatureHeaders: ["Stripe-Signature"],
  verify: async ({ client, raw, signature }) => {
    const header = signature["Stripe-Signature"]!;
    let event: Stripe.Event;
    try {
      event = client.stripe.webhooks.constructEvent(raw, header, client.secret);
    } catch {
      throw new ApiError(400, "Invalid signature.");
    }
    // The SDK refuses old timestamps only; a signature dated in the future is refused too.
    const stale = signatureTimestampProblem(header, Date.now());
    if (stale) throw new ApiError(400, `Invalid signature: ${stale}`);
    return event;
  },
  record: (event, raw) => ({ eventId: event.id, type: event.type, createdAt: new Date(event.created * 1000), payload: JSON.parse(raw.toString("utf8")) as object }),
  skip: (event) =>
    event.api_version === STRIPE_API_VERSION
      ? null
      : {
          reason: `API version ${event.api_version ?? "(none)"} is not ${STRIPE_API_VERSION}.`,
          log: `API version ${event.api_version ?? "(none)"} is not ${STRIPE_API_VERSION}, which this code reads. Set the endpoint's API version to ${STRIPE_API_VERSION}.`,
        },
  handlers: STRIPE_EVENT_HANDLERS,
  afterCommit: async (event, _followUp, db) => {
    // Idempotent by its own key, so a redelivery completes an email a crash left unsent; a
    // failure here is logged and the event still answered 200 (the payment event is applied).
    const env = getEnv();
    try {
      await emailOperatorAboutDispute({ db, operatorEmail: env.SUPPORT_EMAIL, siteUrl: env.SITE_URL }, event);
    } catch (error) {
      console.error(`[webhooks/stripe] could not email the operator about ${event.type} ${event.id}`, error);
    }
  },
});
