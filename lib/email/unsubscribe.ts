import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "@/lib/db/types";

/**
 * Unsubscribing. A link carries a token: the address and an HMAC-SHA256 of it under the
 * unsubscribe secret (lib/secrets.ts, UNSUBSCRIBE_SECRET), so nobody can unsubscribe
 * someone else and no lookup table is needed. Tokens do not expire: an old email's link
 * must keep working.
 *
 * Marketing email is off until the person turns it on (docs/email.md, "Consent"): it goes
 * only to an account with `marketingConsentAt` set (`mayReceiveMarketing`), which only an
 * explicit choice sets (`recordOptIn`): the newsletter signup, the unticked box of the trial
 * and e-book forms, the account preferences. Unsubscribing withdraws it, suppresses all
 * marketing mail to the address (email_suppressions, kept even after the account is
 * deleted) and removes it from the newsletter. Service mail (receipts, access links, the
 * trial's confirmation, alerts) still goes out.
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

/** Where a person turned marketing email on. */
export type ConsentSource = "newsletter" | "free-trial" | "ebook-preview" | "account";

/** Marketing mail may go to the address: its account turned it on, and it has not unsubscribed since. */
export async function mayReceiveMarketing(db: Db, email: string): Promise<boolean> {
  const address = normalise(email);
  const [account, suppressed] = await Promise.all([
    db.subscriber.findUnique({ where: { email: address }, select: { marketingConsentAt: true } }),
    isSuppressed(db, address),
  ]);
  return Boolean(account?.marketingConsentAt) && !suppressed;
}

/** Those of `emails` (as given) that may not get marketing mail (`mayReceiveMarketing` for many, in two queries). */
export async function withoutMarketingConsent(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const addresses = [...new Set(emails.map(normalise))];
  const [consenting, suppressed] = await Promise.all([
    db.subscriber.findMany({ where: { email: { in: addresses }, marketingConsentAt: { not: null } }, select: { email: true } }),
    db.emailSuppression.findMany({ where: { email: { in: addresses } }, select: { email: true } }),
  ]);
  const may = new Set(consenting.map((c) => c.email));
  for (const s of suppressed) may.delete(s.email);
  return new Set(emails.filter((e) => !may.has(normalise(e))));
}

export type UnsubscribeResult = {
  email: string;
  /** False when the address had already unsubscribed (unsubscribing again is harmless). */
  newlySuppressed: boolean;
  /** True when a newsletter subscription was removed. */
  removedFromNewsletter: boolean;
};

/** Withdraws marketing consent, suppresses marketing mail to the address and removes its newsletter subscription. Idempotent. */
export async function unsubscribe(db: Db, email: string, reason: "one-click" | "unsubscribe-page" | "admin" | "account-preferences"): Promise<UnsubscribeResult> {
  const address = normalise(email);
  const created = await db.emailSuppression.createMany({ data: [{ email: address, reason }], skipDuplicates: true });
  const removed = await db.newsletter.deleteMany({ where: { email: address } });
  await db.subscriber.updateMany({ where: { email: address }, data: { marketingConsentAt: null, marketingConsentSource: null } });
  return { email: address, newlySuppressed: created.count === 1, removedFromNewsletter: removed.count > 0 };
}

/**
 * The person turned marketing email on (the newsletter signup, a ticked box, the account
 * preferences): their account records when and where, and an earlier unsubscribe no longer
 * applies. The account exists already (every signup finds or creates it first). Returns true
 * when an unsubscribe was lifted. Asking for a trial or the e-book's chapters alone is not
 * this: those callers pass the box's answer and call it only when it was ticked.
 */
export async function recordOptIn(db: Db, email: string, source: ConsentSource, now: Date): Promise<boolean> {
  const address = normalise(email);
  await db.subscriber.updateMany({
    where: { email: address, marketingConsentAt: null },
    data: { marketingConsentAt: now, marketingConsentSource: source },
  });
  const { count } = await db.emailSuppression.deleteMany({ where: { email: address } });
  return count > 0;
}
