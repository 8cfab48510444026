import { after } from "next/server";
import { requestSignInLink, SIGN_IN_LINK_MESSAGE, SIGN_IN_PER_CLIENT_LIMIT, takeEmailAllowance } from "@/lib/accounts/sign-in";
import { signInLinkSchema } from "@/lib/accounts/sign-in-schema";
import { getEnv } from "@/lib/env";
import { ApiError, defineRoute } from "@/lib/http/route";

/**
 * POST /api/auth/sign-in-link {email, callbackPath?} -> 202 {message}, the same answer
 * for every email (docs/accounts.md). 429 past the per-client or per-email limit.
 *
 * The account lookup, the token and the email happen after the answer is sent (Next's
 * `after`), so the answer's timing does not tell a known email from an unknown one
 * either. Outside a request (tests call the handler directly) they happen before it.
 */
export const POST = defineRoute(
  { name: "sign-in-link", auth: "public", body: signInLinkSchema, rateLimit: SIGN_IN_PER_CLIENT_LIMIT },
  async ({ request, db, now, body }) => {
    if (getEnv().RATE_LIMIT_ENABLED) {
      const allowance = await takeEmailAllowance(body.email, request.headers.get("cookie"));
      if (!allowance.allowed) {
        throw new ApiError(
          429,
          `Too many sign-in links for this email. Please wait ${Math.ceil(allowance.retryAfterSeconds / 60)} minutes and try again.`,
          undefined,
          { "Retry-After": String(allowance.retryAfterSeconds) },
        );
      }
    }
    const work = async () => {
      try {
        await requestSignInLink(db, body, { now, siteUrl: getEnv().SITE_URL });
      } catch (error) {
        console.error("[sign-in-link] could not send a sign-in link", error);
      }
    };
    try {
      after(work);
    } catch {
      await work();
    }
    return Response.json({ message: SIGN_IN_LINK_MESSAGE }, { status: 202, headers: { "Cache-Control": "no-store" } });
  },
);
