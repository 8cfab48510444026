import { getDb } from "@/lib/db";
import { ebookSignupSchema } from "@/lib/ebook/schema";
import { signUpForPreview } from "@/lib/ebook/signup";
import { getEnv } from "@/lib/env";
import { parseJsonBody, withErrorBoundary } from "@/lib/http/json";
import { limitPublicForm } from "@/lib/http/public-form";
import { getSecret } from "@/lib/secrets";

/** POST /api/ebook-email-signup {name, email} -> 201 (new) or 200 (preview re-sent) {message}. */
export async function POST(request: Request): Promise<Response> {
  return withErrorBoundary("ebook-email-signup", async () => {
    const limited = await limitPublicForm("ebook-email-signup", request);
    if (limited) return limited;
    const parsed = await parseJsonBody(request, ebookSignupSchema);
    if (!parsed.ok) return parsed.response;
    const result = await signUpForPreview(getDb(), parsed.data, {
      now: new Date(),
      siteUrl: getEnv().SITE_URL,
      secret: getSecret("ebook-access"),
    });
    return Response.json(
      {
        message:
          result.status === "signed-up"
            ? "You're signed up. Your free preview chapters are on their way."
            : "You were already signed up, so we sent your preview link again.",
      },
      { status: result.status === "signed-up" ? 201 : 200 },
    );
  });
}
