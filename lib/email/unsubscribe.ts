import { createHmac, timingSafeEqual } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Db } from "@/lib/db/types";

/**
 * Unsubscribing. A link carries a token: the address and an HMAC-SHA256 of it under the
 * unsubscribe secret (lib/secrets.ts, UNSUBSCRIBE_SECRET), so nobody can unsubscribe
 * someone else and no lookup table is needed. Tokens do not expire: an old email's link
 * must keep working.
 *
 * Unsubscribing suppresses all marketing mail to the address (email_suppressions) and
 * removes it from the newsletter. Transactional mail (receipts, access links) still goes
 * out. A new explicit signup (newsletter, free trial, e-book preview) lifts the
 * suppression: see `recordOptIn`.
 */
const TOKEN_CONTEXT = "tariffwatch-unsubscribe-v1:";

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

function mac(email: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(TOKEN_CONTEXT + email).digest();
}

/** `<base64url(email)>.<base64url(hmac)>` */
export function createUnsubscribeToken(email: string, secret: string): string {
  const address = normalise(email);
  return `${Buffer.from(address, "utf8").toString("base64url")}.${mac(address, secret).toString("base64url")}`;
}

/** The address the token was made for, or null when it is malformed or not ours. */
export function verifyUnsubscribeToken(token: string | null | undefined, secret: string): string | null {
  if (!token || token.length > 1024) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token.trim());
  if (!match?.[1] || !match[2]) return null;
  const address = Buffer.from(match[1], "base64url").toString("utf8");
  if (!address.includes("@") || address !== normalise(address)) return null;
  const given = Buffer.from(match[2], "base64url");
  const expected = mac(address, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}

export type UnsubscribeLinks = {
  /** In the email's footer: a page with a confirm button (link scanners only GET it). */
  pageUrl: string;
  /** In the List-Unsubscribe header: RFC 8058 one-click POST target. */
  oneClickUrl: string;
};

export function unsubscribeLinks(siteUrl: string, email: string, secret: string): UnsubscribeLinks {
  const base = siteUrl.replace(/\/+$/, "");
  const token = encodeURIComponent(createUnsubscribeToken(email, secret));
  return { pageUrl: `${base}/unsubscribe?token=${token}`, oneClickUrl: `${base}/api/unsubscribe?token=${token}` };
}

/** The headers mailbox providers read to show their own "Unsubscribe" button (RFC 2369, RFC 8058). */
export function listUnsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return {
    "List-Unsubscribe": `<${links.oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export async function isSuppressed(db: Db, email: string): Promise<boolean> {
  return (await db.emailSuppression.findUnique({ where: { email: normalise(email) } })) !== null;
}

/** Those of `emails` (as given) that unsubscribed: one query for many. */
export async function suppressedAmong(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db.emailSuppression.findMany({ where: { email: { in: [...new Set(emails.map(normalise))] } }, select: { email: true } });
  const suppressed = new Set(rows.map((r) => r.email));
  return new Set(emails.filter((e) => suppressed.has(normalise(e))));
}

export type UnsubscribeResult = {
  email: string;
  /** False when the address had already unsubscribed (unsubscribing again is harmless). */
  newlySuppressed: boolean;
  /** True when a newsletter subscription was removed. */
  removedFromNewsletter: boolean;
};

/** Suppresses marketing mail to the address and removes its newsletter subscription. Idempotent. */
export async function unsubscribe(db: PrismaClient, email: string, reason: "one-click" | "unsubscribe-page" | "admin"): Promise<UnsubscribeResult> {
  const address = normalise(email);
  const created = await db.emailSuppression.createMany({ data: [{ email: address, reason }], skipDuplicates: true });
  const removed = await db.newsletter.deleteMany({ where: { email: address } });
  return { email: address, newlySuppressed: created.count === 1, removedFromNewsletter: removed.count > 0 };
}

/**
 * A new explicit signup by the address (newsletter, free trial, e-book preview) is fresh
 * consent: an earlier unsubscribe no longer applies. Returns true when one was lifted.
 */
export async function recordOptIn(db: Db, email: string): Promise<boolean> {
  const { count } = await db.emailSuppression.deleteMany({ where: { email: normalise(email) } });
  return count > 0;
}
