import { z } from "zod";
import { verifyAlertOptOutToken } from "@/lib/alerts/optout";
import { ApiError, defineRoute } from "@/lib/http/route";
import { PUBLIC_FORM_LIMIT } from "@/lib/http/rate-limit";
import { getSecret } from "@/lib/secrets";

export const dynamic = "force-dynamic";

/**
 * POST /api/alerts/email-settings?token=... (the confirm button of /alerts/unsubscribe, or a
 * one-click POST): switches off the kind the signed token names ("alerts" = instant alert
 * emails, "digest" = the daily/weekly digest, "sms") in the account's `emailOptOuts`.
 * Alerts keep being written and shown on /alerts/mine; the account preferences switch it
 * back on. Idempotent. 200 {message, kind}; a browser form gets 303 back to the page;
 * 400 for a missing or invalid token.
 */
export const POST = defineRoute(
  { name: "alerts-unsubscribe", auth: "public", query: z.object({ token: z.string().min(1, "The link has no token.").max(1024) }), rateLimit: PUBLIC_FORM_LIMIT },
  async ({ db, query, request }) => {
    const verified = verifyAlertOptOutToken(query.token, getSecret("unsubscribe"));
    if (!verified) throw new ApiError(400, "This link is not valid. Use the link from your most recent alert email.", { token: "invalid" });
    const subscriber = await db.subscriber.findUnique({ where: { email: verified.email }, select: { id: true, emailOptOuts: true } });
    if (subscriber && !subscriber.emailOptOuts.includes(verified.kind)) {
      await db.subscriber.update({ where: { id: subscriber.id }, data: { emailOptOuts: { push: verified.kind } } });
    }
    const browser = request.headers.get("sec-fetch-mode") === "navigate" || (request.headers.get("accept") ?? "").includes("text/html");
    if (browser) {
      return new Response(null, { status: 303, headers: { Location: `/alerts/email-settings?token=${encodeURIComponent(query.token)}&done=1` } });
    }
    return { message: `Switched off: ${verified.kind === "alerts" ? "instant alert emails" : verified.kind === "digest" ? "the alert digest" : "SMS alerts"}.`, kind: verified.kind };
  },
);
