import { cookieValue } from "@/lib/http/cookies";

/**
 * The signed-in hint (docs/accounts.md, "The header knows who is signed in"): a cookie that
 * says only "this browser signed in", readable by the page's script, so a prerendered page's
 * header can show Watchlist, Alerts, Account and Sign out without rendering per request.
 * It carries no identity and grants nothing: the session itself stays in the HttpOnly session
 * cookie, checked by every page and call. Set with the session (same expiry), cleared at
 * sign-out, at account deletion and by the sign-in page when it finds no valid session (a
 * stale hint). No `server-only`: the site header reads it in the browser.
 */
export const SIGNED_IN_HINT_COOKIE = "tariffwatch.signed-in";
export const SIGNED_IN_HINT_VALUE = "1";

/** Whether a Cookie header (or `document.cookie`) carries the hint. */
export function hasSignedInHint(cookieHeader: string | null | undefined): boolean {
  return cookieValue(cookieHeader, SIGNED_IN_HINT_COOKIE) === SIGNED_IN_HINT_VALUE;
}

/** The Set-Cookie value of the hint: not HttpOnly (the page's script reads it), Lax, Secure behind https. Null expiry clears it. */
export function signedInHintCookie(expiresAt: Date | null, secure: boolean): string {
  const parts = [`${SIGNED_IN_HINT_COOKIE}=${expiresAt ? SIGNED_IN_HINT_VALUE : ""}`, "Path=/", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  parts.push(expiresAt ? `Expires=${expiresAt.toUTCString()}` : "Max-Age=0");
  return parts.join("; ");
}

/** For the browser: the same cookie cleared (the sign-in page, when the server found no session). */
export const CLEAR_SIGNED_IN_HINT = `${SIGNED_IN_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
