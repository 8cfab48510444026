import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { emailDeliveryConfigured } from "@/lib/email/outbox";
import { jsonError, parseJsonBody, withErrorBoundary } from "@/lib/http/json";
import { limitPublicForm } from "@/lib/http/public-form";
import { newsletterSignupSchema } from "@/lib/newsletter/schema";
import { subscribe } from "@/lib/newsletter/subscribers";

/** POST /api/newsletter {email} -> 201 {message} | 409 already subscribed | 400 per-field errors | 429. */
export async function POST(request: Request): Promise<Response> {
  return withErrorBoundary("newsletter", async () => {
    const limited = await limitPublicForm("newsletter", request);
    if (limited) return limited;
    const parsed = await parseJsonBody(request, newsletterSignupSchema);
    if (!parsed.ok) return parsed.response;

    const result = await subscribe(getDb(), parsed.data, { siteUrl: getEnv().SITE_URL });
    if (result.status === "already-subscribed") {
      return jsonError(409, "This email is already subscribed to TariffWatch alerts.", {
        email: "This email is already subscribed.",
      });
    }
    const message = emailDeliveryConfigured()
      ? "You're subscribed! Your welcome email is on its way."
      : "You're subscribed! Email delivery is not set up on this server yet, so your welcome email has been recorded but not sent.";
    return Response.json({ message }, { status: 201 });
  });
}
