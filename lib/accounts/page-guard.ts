import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { Access } from "@/lib/entitlements";
import { getDb } from "@/lib/db";
import { SUBSCRIBER_SIGN_IN_PATH } from "./paths";
import { subscriberAndAccessForToken, subscriberCookieName, subscriberForToken, type SignedInSubscriber } from "./session";

/**
 * For server components: the signed-in subscriber of the request being rendered (the
 * session cookie checked against the database: unrevoked, unexpired), or null.
 */
export async function getSubscriberFromServerContext(now: Date = new Date()): Promise<SignedInSubscriber | null> {
  return subscriberForToken(getDb(), await sessionTokenOfRequest(), now);
}

/** The session cookie of the request being rendered, when it has the shape of a token. */
async function sessionTokenOfRequest(): Promise<string | null> {
  const token = (await cookies()).get(subscriberCookieName())?.value ?? null;
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/**
 * For subscriber pages: the subscriber and their access, or a redirect to /sign-in that
 * comes back to `path`. Every subscriber page calls this itself, whatever the proxy did.
 */
export async function requireSubscriberPage(path: string): Promise<{ subscriber: SignedInSubscriber; access: Access }> {
  const signedIn = await subscriberAndAccessForToken(getDb(), await sessionTokenOfRequest(), new Date());
  if (!signedIn) redirect(`${SUBSCRIBER_SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(path)}`);
  return signedIn;
}
