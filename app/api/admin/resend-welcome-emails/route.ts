import { randomUUID } from "node:crypto";
import { z } from "zod";
import { BATCH_KEY_PATTERN, resendWelcomeEmails } from "@/lib/admin/resend-welcome";
import { emailDeliveryConfigured } from "@/lib/email/outbox";
import { getEnv } from "@/lib/env";
import { ApiError, defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";
/** A long list is paced at the provider's rate limit (lib/admin/resend-welcome.ts). */
export const maxDuration = 300;

const BATCH_KEY_MESSAGE = "The batch key must be 8 to 128 letters, digits or _ . : - characters.";
/** The body is optional: the spec's call has none (then a repeat is a new batch). */
const bodySchema = z
  .object({ batchKey: z.string({ error: BATCH_KEY_MESSAGE }).regex(BATCH_KEY_PATTERN, { error: BATCH_KEY_MESSAGE }).optional() })
  .optional();

/**
 * POST /api/admin/resend-welcome-emails (header Idempotency-Key or body {batchKey})
 * -> {successful, failed, processed, results[], timestamp, message, batchKey, repeated} | 400 | 401 | 403 cross-site.
 * The batch key: the Idempotency-Key header, else {batchKey} in the body, else a new one.
 */
export const POST = defineRoute({ name: "admin-resend-welcome", auth: "admin", body: bodySchema }, async ({ request, db, body, admin }) => {
  const header = request.headers.get("idempotency-key")?.trim();
  if (header && !BATCH_KEY_PATTERN.test(header)) throw new ApiError(400, BATCH_KEY_MESSAGE);
  const summary = await resendWelcomeEmails(db, header || body?.batchKey || randomUUID(), {
    siteUrl: getEnv().SITE_URL,
    deliveryConfigured: emailDeliveryConfigured(),
  });
  console.info(
    `[admin] ${admin.username} resent welcome emails (batch ${summary.batchKey}${summary.repeated ? ", repeated" : ""}): ${summary.successful} sent, ${summary.failed} failed`,
  );
  return summary;
});
