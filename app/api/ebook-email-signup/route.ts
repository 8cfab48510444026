import { ebookSignupSchema } from "@/lib/ebook/signup-schema";
import { signUpForPreview } from "@/lib/ebook/signup";
import { getEnv } from "@/lib/env";
import { MAX_JSON_BYTES } from "@/lib/http/json";
import { PUBLIC_FORM_LIMIT } from "@/lib/http/rate-limit";
import { defineRoute } from "@/lib/http/route";
import { getSecret } from "@/lib/secrets";

/** POST /api/ebook-email-signup {name, email, marketingOptIn?} -> 201 (new) or 200 (preview re-sent) {message}. marketingOptIn (the form's unticked box) turns news and offers on (docs/email.md, "Consent"). */
export const POST = defineRoute(
  { name: "ebook-email-signup", auth: "public", body: ebookSignupSchema, bodyLimit: MAX_JSON_BYTES, rateLimit: PUBLIC_FORM_LIMIT },
  async ({ db, now, body }) => {
    const result = await signUpForPreview(db, body, { now, siteUrl: getEnv().SITE_URL, secret: getSecret("ebook-access") });
    return Response.json(
      {
        message:
          result.status === "signed-up"
            ? "You're signed up. Your free preview chapters are on their way."
            : "You were already signed up, so we sent your preview link again.",
      },
      { status: result.status === "signed-up" ? 201 : 200 },
    );
  },
);
