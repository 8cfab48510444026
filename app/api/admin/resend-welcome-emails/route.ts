import { randomUUID } from "node:crypto";
import { z } from "zod";
import { BATCH_KEY_PATTERN, resendWelcomeEmails } from "@/lib/admin/resend-welcome";
import { requireAdmin } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { emailDeliveryConfigured } from "@/lib/email/outbox";
import { getEnv } from "@/lib/env";
import { BODY_LIMITS, readBodyLimited } from "@/lib/http/body";
import { jsonError, parseJsonBody, withErrorBoundary } from "@/lib/http/json";
import { refuseCrossSite } from "@/lib/http/same-origin";

export const dynamic = "force-dynamic";
/** A long list is paced at the provider's rate limit (lib/admin/resend-welcome.ts). */
export const maxDuration = 300;

const BATCH_KEY_MESSAGE = "The batch key must be 8 to 128 letters, digits or _ . : - characters.";
const bodySchema = z.object({ batchKey: z.string({ error: BATCH_KEY_MESSAGE }).regex(BATCH_KEY_PATTERN, { error: BATCH_KEY_MESSAGE }).optional() });

/**
 * The batch key: the Idempotency-Key header, else {batchKey} in the body, else a new
 * one (the spec's call has no body: then a repeat is a new batch).
 */
async function readBatchKey(request: Request): Promise<{ ok: true; key: string } | { ok: false; response: Response }> {
  const header = request.headers.get("idempotency-key")?.trim();
  if (header) return BATCH_KEY_PATTERN.test(header) ? { ok: true, key: header } : { ok: false, response: jsonError(400, BATCH_KEY_MESSAGE) };
  const read = await readBodyLimited(request, BODY_LIMITS.form);
  if (!read.ok) return { ok: false, response: jsonError(read.status, read.message) };
  const text = read.bytes.toString("utf8");
  if (!text.trim()) return { ok: true, key: randomUUID() };
  const parsed = await parseJsonBody(new Request(request.url, { method: "POST", headers: request.headers, body: text }), bodySchema);
  if (!parsed.ok) return parsed;
  return { ok: true, key: parsed.data.batchKey ?? randomUUID() };
}

/**
 * POST /api/admin/resend-welcome-emails (header Idempotency-Key or body {batchKey})
 * -> {successful, failed, processed, results[], timestamp, message, batchKey, repeated} | 400 | 401.
 */
export async function POST(request: Request): Promise<Response> {
  return withErrorBoundary("admin-resend-welcome", async () => {
    const crossSite = refuseCrossSite(request);
    if (crossSite) return crossSite;
    const auth = await requireAdmin(request);
    if (!auth.ok) return auth.response;
    const batch = await readBatchKey(request);
    if (!batch.ok) return batch.response;
    const summary = await resendWelcomeEmails(getDb(), batch.key, {
      siteUrl: getEnv().SITE_URL,
      deliveryConfigured: emailDeliveryConfigured(),
    });
    console.info(
      `[admin] ${auth.admin.username} resent welcome emails (batch ${summary.batchKey}${summary.repeated ? ", repeated" : ""}): ${summary.successful} sent, ${summary.failed} failed`,
    );
    return Response.json(summary, { headers: { "Cache-Control": "no-store" } });
  });
}
