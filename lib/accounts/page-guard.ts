import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { Access } from "@/lib/entitlements";
import { getDb } from "@/lib/db";
import { accessOf } from "./access";
import { SUBSCRIBER_SIGN_IN_PATH } from "./paths";
import { subscriberCookieName, subscriberForToken, type SignedInSubscriber } from "./session";

/**
 * For server components: the signed-in subscriber of the request being rendered (the
 * session cookie checked against the database: unrevoked, unexpired), or null.
 */
export async function getSubscriberFromServerContext(now: Date = new Date()): Promise<SignedInSubscriber | null> {
  const jar = await cookies();
  const token = jar.get(subscriberCookieName())?.value ?? null;
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return subscriberForToken(getDb(), token, now);
}

/**
 * For subscriber pages: the subscriber and their access, or a redirect to /sign-in that
 * comes back to `path`. Every subscriber page calls this itself, whatever the proxy did.
 */
export async function requireSubscriberPage(path: string): Promise<{ subscriber: SignedInSubscriber; access: Access }> {
  const now = new Date();
  const subscriber = await getSubscriberFromServerContext(now);
  if (!subscriber) redirect(`${SUBSCRIBER_SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(path)}`);
  const access = await accessOf(getDb(), subscriber.id, now);
  return { subscriber, access };
}
