import { revokeSession, sessionCookieHeader } from "@/lib/accounts/session";
import { defineRoute } from "@/lib/http/route";

/** POST /api/auth/sign-out -> 200 {message}: ends the session on the server and clears the cookie. 401 when signed out. */
export const POST = defineRoute({ name: "sign-out", auth: "subscriber" }, async ({ db, now, subscriber }) => {
  await revokeSession(db, subscriber.sessionId, now);
  return Response.json({ message: "You are signed out." }, { headers: { "Set-Cookie": sessionCookieHeader("", null), "Cache-Control": "no-store" } });
});
