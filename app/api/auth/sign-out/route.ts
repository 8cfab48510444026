import { revokeSession, withSessionCookies } from "@/lib/accounts/session";
import { defineRoute } from "@/lib/http/route";

/** POST /api/auth/sign-out -> 200 {message}: ends the session on the server and clears its cookie and the signed-in hint. 401 when signed out. */
export const POST = defineRoute({ name: "sign-out", auth: "subscriber" }, async ({ db, now, subscriber }) => {
  await revokeSession(db, subscriber.sessionId, now);
  return Response.json({ message: "You are signed out." }, { headers: withSessionCookies({ "Cache-Control": "no-store" }, "", null) });
});
