import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Unsubscribing from alert email (docs/alerts.md, "Unsubscribe"). Alert emails are not
 * marketing: they are what the subscriber configured and pays for, so they do not go
 * through the marketing suppression list (email_suppressions). Each one carries a signed
 * link that switches off one kind in `Subscriber.emailOptOuts`: "alerts" (instant alert
 * emails) from a tariff alert, "digest" (the daily/weekly digest) from a digest. The
 * token is the address, the kind and an HMAC-SHA256 of both under the unsubscribe secret,
 * in a context of its own, so a marketing unsubscribe token cannot switch alerts off and
 * the other way round. Tokens do not expire (an old email's link must keep working).
 * Switching back on is done in the account preferences.
 */
export const OPT_OUT_KINDS = ["alerts", "digest", "sms"] as const;
export type OptOutKind = (typeof OPT_OUT_KINDS)[number];

const CONTEXT = "tariffwatch-alert-optout-v1:";

function mac(email: string, kind: OptOutKind, secret: string): Buffer {
  return createHmac("sha256", secret).update(`${CONTEXT}${kind}:${email}`).digest();
}

export function isOptOutKind(value: string): value is OptOutKind {
  return (OPT_OUT_KINDS as readonly string[]).includes(value);
}

/** `<base64url(email)>.<kind>.<base64url(hmac)>` */
export function createAlertOptOutToken(email: string, kind: OptOutKind, secret: string): string {
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address, "utf8").toString("base64url")}.${kind}.${mac(address, kind, secret).toString("base64url")}`;
}

export function verifyAlertOptOutToken(token: string | null | undefined, secret: string): { email: string; kind: OptOutKind } | null {
  if (!token || token.length > 1024) return null;
  const match = /^([A-Za-z0-9_-]+)\.([a-z]+)\.([A-Za-z0-9_-]+)$/.exec(token.trim());
  if (!match?.[1] || !match[2] || !match[3] || !isOptOutKind(match[2])) return null;
  const address = Buffer.from(match[1], "base64url").toString("utf8");
  if (!address.includes("@") || address !== address.trim().toLowerCase()) return null;
  const given = Buffer.from(match[3], "base64url");
  const expected = mac(address, match[2], secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { email: address, kind: match[2] } : null;
}

/** The page with the confirm button (link scanners only GET it; the POST switches the kind off). */
export function alertOptOutUrl(siteUrl: string, email: string, kind: OptOutKind, secret: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/alerts/email-settings?token=${encodeURIComponent(createAlertOptOutToken(email, kind, secret))}`;
}
