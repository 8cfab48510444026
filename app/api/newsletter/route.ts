import { getEnv } from "@/lib/env";
import { MAX_JSON_BYTES } from "@/lib/http/json";
import { PUBLIC_FORM_LIMIT } from "@/lib/http/rate-limit";
import { ApiError, defineRoute } from "@/lib/http/route";
import { newsletterSignupSchema } from "@/lib/newsletter/schema";
import { subscribe } from "@/lib/newsletter/subscribers";

/**
 * POST /api/newsletter {email} -> 201 {message} | 409 already subscribed | 400 per-field errors | 429.
 *
 * The visitor always reads the same success message (docs/decisions.md, "Signup answers
 * speak to the visitor"). Whether the welcome email left the server is the operator's
 * concern: with no provider the outbox logs "NOT DELIVERED" and keeps the message with
 * status `logged` (docs/email.md), shown on the admin pages as "logged, not delivered".
 */
export const POST = defineRoute(
  { name: "newsletter", auth: "public", body: newsletterSignupSchema, bodyLimit: MAX_JSON_BYTES, rateLimit: PUBLIC_FORM_LIMIT },
  async ({ db, body }) => {
    const result = await subscribe(db, body, { siteUrl: getEnv().SITE_URL });
    if (result.status === "already-subscribed") {
      throw new ApiError(409, "This email is already subscribed to TariffWatch alerts.", {
        email: "This email is already subscribed.",
      });
    }
    return Response.json({ message: "You're subscribed! Check your inbox for the welcome email." }, { status: 201 });
  },
);
