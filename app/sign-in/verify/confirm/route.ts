import { createSession, revokeSession, subscriberFromRequest, withSessionCookies } from "@/lib/accounts/session";
import { consumeSignInToken, knownClientCookieHeader, SIGN_IN_CONFIRM_LIMIT } from "@/lib/accounts/sign-in";
import { SUBSCRIBER_HOME_PATH, SUBSCRIBER_VERIFY_PATH } from "@/lib/accounts/paths";
import { ApiError, BODY_LIMITS, defineRoute, readBodyCapped } from "@/lib/http/route";
import { requestHost } from "@/lib/http/same-origin";

/**
 * POST /sign-in/verify/confirm (form field `token`), the "Sign in" button of the verify
 * page: uses the token up (once), starts a session, sets the cookie and sends the browser
 * on (303) to the link's callback path. A used, expired or invalid link goes back to the
 * verify page, which says which; a browser already signed in as the link's subscriber
 * goes on to its account instead. Never a session for a link that was used.
 */
function seeOther(location: string, session?: { token: string; expiresAt: Date }): Response {
  const base = { Location: location, "Cache-Control": "no-store" };
  const headers = session ? withSessionCookies(base, session.token, session.expiresAt) : new Headers(base);
  return new Response(null, { status: 303, headers });
}

/** Refuses a post from another site (login CSRF: signing a visitor in to someone else's account). */
function checkSameOrigin(request: Request): void {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") throw new ApiError(403, "Sign in from the page the link opened.");
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return;
  const host = requestHost(request);
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new ApiError(403, "Sign in from the page the link opened.");
  }
  if (originHost !== host) throw new ApiError(403, "Sign in from the page the link opened.");
}

export const POST = defineRoute({ name: "sign-in-confirm", auth: "public", rateLimit: SIGN_IN_CONFIRM_LIMIT }, async ({ request, db, now }) => {
  checkSameOrigin(request);
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new ApiError(415, "Send the sign-in form as a form post.");
  const token = new URLSearchParams(await readBodyCapped(request, BODY_LIMITS.form)).get("token");

  const result = await consumeSignInToken(db, token, now);
  const current = await subscriberFromRequest(db, request, now);
  if (result.ok) {
    // A browser signed in before (maybe as someone else) gets a fresh session: the old one ends.
    if (current) await revokeSession(db, current.sessionId, now);
    const session = await createSession(db, result.subscriberId, now);
    const response = seeOther(result.callbackPath, session);
    // This browser may ask for links from its own allowance from now on (docs/security.md "Lockouts cannot be used against us").
    response.headers.append("Set-Cookie", knownClientCookieHeader(result.email));
    return response;
  }
  const { state } = result;
  if (state.state === "used" && current && state.subscriberId === current.id) return seeOther(SUBSCRIBER_HOME_PATH);
  return seeOther(`${SUBSCRIBER_VERIFY_PATH}?token=${encodeURIComponent(token ?? "")}`);
});
