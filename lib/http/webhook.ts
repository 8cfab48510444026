import "server-only";
import type { PrismaClient } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { processEventOnce, type ProviderEventInput, type Tx } from "@/lib/payments/events/record";
import { BODY_LIMITS } from "./body";
import { isJsonContentType } from "./json";
import { ApiError, defineRoute } from "./route";

/**
 * The webhook frame (docs/security.md "The route frame"): both provider
 * webhooks are the route frame with auth `provider`, the raw body (capped at
 * BODY_LIMITS.webhook) and `{error}` answers, and this one sequence:
 *
 * 1. the provider is configured, else 503;
 * 2. every signature header is present, else 400 `Missing <name> header.`;
 * 3. the body is JSON (415) within the cap (413), read as the exact bytes;
 * 4. `verify` checks the signature over those bytes and returns the event (it throws an
 *    ApiError: 400 forged or stale, 429/503 when the provider cannot be asked now);
 * 5. an event `skip` names is recorded unprocessed (once) and answered 200 `{skipped}`;
 * 6. otherwise the event is recorded once and its handler, looked up by type in the
 *    per-event map (lib/payments/events/*), runs in the same transaction; a repeat delivery
 *    is a 200 `{duplicate: true}` that changes nothing;
 * 7. `afterCommit` runs the side effects that follow the commit (also after a duplicate, so
 *    a redelivery completes what a failure left undone).
 *
 * A failure in 6 or 7 answers 500 so the provider retries. The answer is `{received,
 * duplicate, handled}` (`handled` is false for a type with no handler: recorded, no effect).
 */
export type WebhookEventRecord = Omit<ProviderEventInput, "provider">;

export type WebhookSpec<C, E, F> = {
  provider: ProviderEventInput["provider"];
  /** The provider's name in messages ("Stripe", "PayPal"). */
  label: string;
  /** The provider's client and secrets, or null when this server has none (503). */
  client: () => C | null;
  /** Headers the signature needs, as named in the 400 (looked up case-insensitively). */
  signatureHeaders: readonly string[];
  /** Verifies the signature over the exact bytes and returns the event; throws an ApiError otherwise. */
  verify: (input: { client: C; raw: Buffer; signature: Record<string, string> }) => Promise<E>;
  /** The row of `provider_events` for this event. */
  record: (event: E, raw: Buffer) => WebhookEventRecord;
  /** Why an event is recorded but not applied (`reason` in the answer, `log` in the warning), or null. */
  skip?: (event: E) => { reason: string; log: string } | null;
  /** The per-event handlers by type (read at delivery time). */
  handlers: Readonly<Record<string, (tx: Tx, event: E) => Promise<F | void>>>;
  /** Side effects after the commit, given what the handler returned. */
  afterCommit?: (event: E, followUp: F | void, db: PrismaClient) => Promise<void>;
};

const RETRY_MESSAGE = "Processing failed; please retry.";

export function defineWebhook<C, E, F = void>(spec: WebhookSpec<C, E, F>): ReturnType<typeof defineRoute> {
  const name = `webhooks/${spec.provider}`;
  return defineRoute(
    { name, auth: "provider", contentType: "raw", bodyLimit: BODY_LIMITS.webhook, errorKey: "error" },
    async ({ request, raw, db }) => {
      const client = spec.client();
      if (!client) throw new ApiError(503, `${spec.label} webhooks are not configured.`);
      const signature: Record<string, string> = {};
      for (const header of spec.signatureHeaders) {
        const value = request.headers.get(header);
        if (!value) throw new ApiError(400, `Missing ${header} header.`);
        signature[header] = value;
      }
      if (!isJsonContentType(request.headers.get("content-type"))) throw new ApiError(415, "Send the event as JSON (Content-Type: application/json).");
      const bytes = await raw();
      const event = await spec.verify({ client, raw: bytes, signature });
      const record = { provider: spec.provider, ...spec.record(event, bytes) };

      const skipped = spec.skip?.(event);
      if (skipped) {
        console.warn(`[${name}] skipped ${record.type} ${record.eventId}: ${skipped.log}`);
        try {
          await db.providerEvent.create({ data: { ...record, processedAt: null } });
        } catch (error) {
          if (!isUniqueViolation(error)) {
            console.error(`[${name}] could not record skipped event ${record.eventId}`, error);
            throw new ApiError(500, RETRY_MESSAGE);
          }
        }
        return { received: true, skipped: true, reason: skipped.reason };
      }

      const handler = spec.handlers[record.type];
      let followUp: F | void = undefined;
      let outcome: "processed" | "duplicate";
      try {
        outcome = await processEventOnce(db, record, async (tx) => {
          if (handler) followUp = await handler(tx, event);
        });
        await spec.afterCommit?.(event, followUp, db);
      } catch (error) {
        console.error(`[${name}] ${record.type} ${record.eventId} failed`, error);
        throw new ApiError(500, RETRY_MESSAGE);
      }
      return { received: true, duplicate: outcome === "duplicate", handled: Boolean(handler) };
    },
  );
}
