import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Access } from "@/lib/entitlements";
import { getDb } from "@/lib/db";
import { safeSubscriberCallback, SUBSCRIBER_PATH_HEADER, SUBSCRIBER_SIGN_IN_PATH } from "./paths";
import { sessionTokenFrom, subscriberAndAccessForToken, subscriberForToken, type SignedInSubscriber } from "./session";

/**
 * For server components: the signed-in subscriber of the request being rendered (the
 * session cookie checked against the database: unrevoked, unexpired), or null.
 */
export async function getSubscriberFromServerContext(now: Date = new Date()): Promise<SignedInSubscriber | null> {
  return subscriberForToken(getDb(), await sessionTokenOfRequest(), now);
}

/** The session token of the request being rendered, read by the one parser the proxy and the handlers use. */
async function sessionTokenOfRequest(): Promise<string | null> {
  return sessionTokenFrom((await headers()).get("cookie"));
}

/**
 * The subscriber and access of the request being rendered, read once per request (React's
 * `cache`): the layout's guard and the page's guard share one statement.
 */
const signedInOfRequest = cache(async (): Promise<{ subscriber: SignedInSubscriber; access: Access } | null> =>
  subscriberAndAccessForToken(getDb(), await sessionTokenOfRequest(), new Date()),
);

/**
 * A redirect to /sign-in that comes back to the address asked for: the proxy's
 * SUBSCRIBER_PATH_HEADER (it is /alerts when the proxy showed /alerts/mine there), else `path`.
 */
async function toSignIn(path: string): Promise<never> {
  const asked = (await headers()).get(SUBSCRIBER_PATH_HEADER);
  redirect(`${SUBSCRIBER_SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(asked ? safeSubscriberCallback(asked) : path)}`);
}

/**
 * For subscriber pages: the subscriber and their access, or a redirect to /sign-in that
 * comes back to the page. Every subscriber page calls this itself, whatever the proxy and
 * its layout did (a layout is not rendered again on a client navigation between pages).
 */
export async function requireSubscriberPage(path: string): Promise<{ subscriber: SignedInSubscriber; access: Access }> {
  return (await signedInOfRequest()) ?? toSignIn(path);
}

/**
 * For the layouts of subscriber pages (app/account, app/watchlist, app/alerts/mine). A page
 * with a loading.tsx renders inside a Suspense boundary, after its layout has been sent: a
 * redirect from the page then arrives as a 200 and a client-side refresh, not an HTTP 307
 * (docs/accounts.md, "Pages"). The layout renders before anything is sent, so a revoked or
 * expired session gets a real 307 here. The path to come back to is the proxy's
 * SUBSCRIBER_PATH_HEADER (layouts are not told the URL), else `fallback`; the page's own
 * guard names the same, so whichever redirect wins says the same thing.
 */
export async function requireSubscriberLayout(fallback: string): Promise<void> {
  if (!(await signedInOfRequest())) await toSignIn(fallback);
}
